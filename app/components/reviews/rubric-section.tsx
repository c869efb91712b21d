import { Form, useNavigation } from "react-router";
import { DEFAULT_DISCUSS_THRESHOLD, MAX_CRITERIA, RUBRIC_SCALES, type RubricView } from "#schemas/reviews";
import { Button } from "~/components/ui/button";
import { FieldErrors, FormErrors, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { Card } from "~/components/ui/layout";
import { RUBRIC_INTENT, type RubricRefusal, type RubricRow } from "./rubric-fields";

const blankRow: RubricRow = { id: "", name: "", guidance: "", weight: "1", scale_max: "5", remove: false };

/**
 * "Review rubric" on an event form's edit page: the criteria reviewers score (each with guidance, a weight and
 * a scale), whether review is blind, how many reviewers each application needs and when their disagreement
 * is flagged. One plain form: a blank row at the end adds a criterion, a ticked box removes one, so it all
 * works without JavaScript. A criterion already scored keeps its scale and cannot be removed.
 */
export function RubricSection({
  view,
  refused,
  questions,
}: {
  view: RubricView;
  refused?: RubricRefusal | null;
  /** The form's custom questions: any of them may also say who applied. */
  questions: readonly { id: string; label: string }[];
}) {
  const identifying = new Set(refused?.identifying_questions ?? view.identifying_questions);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === RUBRIC_INTENT;
  const scored = new Set(view.criteria.filter((c) => c.has_scores).map((c) => String(c.id)));
  const saved: RubricRow[] = view.criteria.map((c) => ({
    id: String(c.id),
    name: c.name,
    guidance: c.guidance ?? "",
    weight: String(c.weight),
    scale_max: String(c.scale_max),
    remove: false,
  }));
  const rows = refused?.rows ?? (saved.length < MAX_CRITERIA ? [...saved, blankRow] : saved);
  const formErrors = refused ? Object.values(refused.errors.form).flat() : undefined;
  return (
    <Card>
      <h2 className="text-lg font-semibold" id="rubric-heading">
        Review rubric
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        What reviewers score each application on. Fill in the last row to add a criterion; leave it blank to add none.
      </p>
      <Form method="post" className="mt-4 space-y-4" aria-labelledby="rubric-heading" data-testid="rubric-form">
        <input type="hidden" name="intent" value={RUBRIC_INTENT} />
        <FormErrors errors={formErrors} />
        {rows.map((row, index) => {
          const errors = refused?.errors.rows[index] ?? {};
          const fixed = scored.has(row.id);
          const name = (field: string) => `criteria[${index}].${field}`;
          const id = (field: string) => `rubric-${index}-${field}`;
          return (
            <fieldset
              key={`${row.id}-${index}`}
              className="space-y-3 rounded-md border border-slate-200 p-4"
              data-testid="rubric-criterion"
            >
              <legend className="px-1 text-sm font-medium text-slate-700">{row.id ? `Criterion ${index + 1}` : "New criterion"}</legend>
              <input type="hidden" name={name("id")} value={row.id} />
              <TextField
                id={id("name")}
                name={name("name")}
                label="Name"
                defaultValue={row.name}
                maxLength={120}
                errors={errors.name ?? errors.id}
              />
              <TextAreaField
                id={id("guidance")}
                name={name("guidance")}
                label="Guidance for reviewers"
                rows={2}
                defaultValue={row.guidance}
                errors={errors.guidance}
              />
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField
                  id={id("weight")}
                  name={name("weight")}
                  label="Weight"
                  type="number"
                  min={1}
                  max={100}
                  defaultValue={row.weight}
                  errors={errors.weight}
                  hint="How much it counts against the others."
                />
                {fixed ? (
                  <div className="space-y-1">
                    <input type="hidden" name={name("scale_max")} value={row.scale_max} />
                    <p className="text-sm font-medium text-slate-700">Scale</p>
                    <p className="text-sm text-slate-600">1 to {row.scale_max}: fixed, as reviewers have scored it.</p>
                  </div>
                ) : (
                  <SelectField
                    id={id("scale_max")}
                    name={name("scale_max")}
                    label="Scale"
                    defaultValue={row.scale_max}
                    errors={errors.scale_max}
                  >
                    {RUBRIC_SCALES.map((scale) => (
                      <option key={scale} value={scale}>
                        1 to {scale}
                      </option>
                    ))}
                  </SelectField>
                )}
              </div>
              {row.id && !fixed ? (
                <label className="flex items-center gap-2 text-sm text-slate-700">
                  <input type="checkbox" name={name("remove")} defaultChecked={row.remove} /> Remove this criterion
                </label>
              ) : null}
            </fieldset>
          );
        })}
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            id="rubric-reviewers"
            name="reviewers_per_application"
            label="Reviewers per application"
            type="number"
            min={1}
            max={20}
            defaultValue={refused?.reviewers_per_application ?? view.reviewers_per_application}
            errors={refused?.errors.form.reviewers_per_application}
          />
          <TextField
            id="rubric-threshold"
            name="discuss_threshold"
            label="Flag for discussion above a spread of (out of 100)"
            type="number"
            min={1}
            max={100}
            defaultValue={refused?.discuss_threshold ?? view.discuss_threshold ?? DEFAULT_DISCUSS_THRESHOLD}
            errors={refused?.errors.form.discuss_threshold}
          />
        </div>
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input type="checkbox" name="blind" defaultChecked={refused?.blind ?? view.blind} className="mt-1" />
          <span>Blind review: reviewers do not see who applied, nor the others&apos; scores, until they have submitted their own.</span>
        </label>
        {questions.length ? (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-700">Also hidden while blind</legend>
            <p className="text-xs text-slate-500">
              Name, email, phone, company, website and LinkedIn are always hidden; tick the questions of your own whose answers say who
              applied.
            </p>
            {questions.map((question) => (
              <label key={question.id} className="flex items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" name="identifying_questions" value={question.id} defaultChecked={identifying.has(question.id)} />
                {question.label}
              </label>
            ))}
            <FieldErrors errors={refused?.errors.form.identifying_questions} />
          </fieldset>
        ) : null}
        <Button type="submit" disabled={saving}>
          {saving ? "Saving…" : "Save rubric"}
        </Button>
      </Form>
    </Card>
  );
}
