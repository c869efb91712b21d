import { Form, useNavigation } from "react-router";
import { MAX_REVIEWERS_PER_APPLICATION, type RubricView } from "#schemas/reviews";
import { Button } from "~/components/ui/button";
import { FieldErrors, TextField } from "~/components/ui/field";
import { Card } from "~/components/ui/layout";

export const ASSIGN_INTENT = "assign";

/** What the section shows again after a refusal: the choice as posted, and the errors by field. */
export interface AssignmentRefusal {
  mode: string;
  reviewerIds: string[];
  perApplication: string;
  errors: Record<string, string[]>;
}

/**
 * "Reviewers" on an event form's edit page: who reviews its applications, and how they are given out
 * (everyone reviews everything, or each application to a number of them, balanced). New applications follow
 * the same plan. A plain form, with or without JavaScript.
 */
export function AssignmentSection({ view, refused }: { view: RubricView; refused?: AssignmentRefusal | null }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === ASSIGN_INTENT;
  const chosen = new Set(refused?.reviewerIds ?? view.assignment?.reviewer_ids.map(String) ?? []);
  const mode = refused?.mode ?? view.assignment?.mode ?? "spread";
  return (
    <Card>
      <h2 className="text-lg font-semibold" id="assignment-heading">
        Reviewers
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {view.assignment
          ? "Applications are given out by this plan; new ones follow it as they arrive. Assign again to change it."
          : "Choose who reviews this form's applications and how they are given out."}
      </p>
      {view.candidates.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">Nobody in your team reads this form yet: invite a reviewer on the Team page.</p>
      ) : (
        <Form method="post" className="mt-4 space-y-4" aria-labelledby="assignment-heading" data-testid="assignment-form">
          <input type="hidden" name="intent" value={ASSIGN_INTENT} />
          <fieldset className="space-y-2" aria-describedby={refused?.errors.reviewer_ids ? "assign-reviewers-error" : undefined}>
            <legend className="text-sm font-medium text-slate-700">Who reviews</legend>
            {view.candidates.map((member) => (
              <label key={member.id} className="flex items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" name="reviewer_ids" value={member.id} defaultChecked={chosen.has(String(member.id))} />
                {member.name}
              </label>
            ))}
            <FieldErrors id="assign-reviewers-error" errors={refused?.errors.reviewer_ids} />
          </fieldset>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-700">How</legend>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="radio" name="mode" value="spread" defaultChecked={mode === "spread"} /> Spread: each application to a number of
              them, balanced
            </label>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="radio" name="mode" value="all" defaultChecked={mode === "all"} /> Everyone reviews everything
            </label>
          </fieldset>
          <TextField
            id="assign-per-application"
            name="per_application"
            label="Reviewers per application (when spread)"
            type="number"
            min={1}
            max={MAX_REVIEWERS_PER_APPLICATION}
            defaultValue={refused?.perApplication ?? view.reviewers_per_application}
            errors={refused?.errors.per_application}
          />
          <Button type="submit" disabled={saving}>
            {saving ? "Assigning…" : "Assign reviewers"}
          </Button>
        </Form>
      )}
    </Card>
  );
}
