import { Form, useNavigation } from "react-router";
import { DECISION_STATUSES } from "#schemas/reviews";
import { counted } from "#schemas/plural";
import { Button, buttonClass } from "~/components/ui/button";
import { FormErrors, inputClass } from "~/components/ui/field";
import { InAppLink } from "~/components/ui/in-app-link";
import {
  DECIDED,
  DECISION_FORM_ID,
  DECISION_VERBS,
  MAKE_DECISION,
  MAX_TOP,
  PREVIEW_DECISION,
  type DecisionAnswer,
} from "./decision-fields";

/**
 * Deciding in bulk on the responses list: the rows ticked (their checkboxes belong to this form) or the top N
 * by normalized score, a status, whether to tell the applicants; Preview shows what changes and the mail,
 * and Confirm makes it. A plain form both ways: without JavaScript the page comes back with the preview.
 */
export function DecisionBar({ answer, cancelTo }: { answer: DecisionAnswer | undefined; cancelTo: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  const preview = answer?.decision;
  return (
    <section aria-labelledby="decide-heading" className="mb-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="decide-heading" className="text-sm font-semibold text-slate-800">
        Decide in bulk
      </h2>
      {preview ? (
        <div role="status" className="mt-3 space-y-3" data-testid="decision-preview">
          <p className="text-sm text-slate-700">
            {DECISION_VERBS[preview.status]} {counted(preview.changes, "application")}:{" "}
            {preview.notify ? `${counted(preview.mails, "mail")} ${preview.mails === 1 ? "goes" : "go"} out now` : "nobody is told"}.
            {preview.unchanged
              ? ` ${counted(preview.unchanged, "chosen application")} already ${DECIDED[preview.status]}: left as ${preview.unchanged === 1 ? "it is" : "they are"}.`
              : null}
          </p>
          {preview.applicants.length ? (
            <ol className="list-inside list-decimal text-sm text-slate-700" aria-label="Who changes" data-testid="decision-applicants">
              {preview.applicants.map((name, index) => (
                <li key={index}>{name}</li>
              ))}
            </ol>
          ) : null}
          {preview.notify && preview.subject ? (
            <div className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
              <p className="font-medium">{preview.subject}</p>
              <pre className="mt-2 whitespace-pre-wrap font-sans text-slate-700">{preview.text}</pre>
            </div>
          ) : null}
          <Form method="post" className="flex flex-wrap items-center gap-3">
            {preview.ids.map((id) => (
              <input key={id} type="hidden" name="application_ids" value={id} />
            ))}
            <input type="hidden" name="status" value={preview.status} />
            {preview.notify ? <input type="hidden" name="notify" value="on" /> : null}
            <Button type="submit" name="intent" value={MAKE_DECISION} pending={busy} disabled={preview.changes === 0}>
              Confirm: {DECISION_VERBS[preview.status].toLowerCase()} {counted(preview.changes, "application")}
            </Button>
            <InAppLink to={cancelTo} className={buttonClass("secondary")}>
              Cancel
            </InAppLink>
          </Form>
        </div>
      ) : (
        <Form method="post" id={DECISION_FORM_ID} className="mt-3 flex flex-wrap items-end gap-3">
          <label className="text-sm">
            <span className="block font-medium text-slate-700">Decision</span>
            <select className={inputClass} name="status" defaultValue="accepted">
              {DECISION_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {DECISION_VERBS[status]}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            <span className="block font-medium text-slate-700">The ticked rows, or the top</span>
            <input className={`${inputClass} w-24`} type="number" name="top" min={1} max={MAX_TOP} aria-describedby="top-hint" />
            <span id="top-hint" className="block text-xs text-slate-500">
              by normalized score
            </span>
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="notify" defaultChecked />
            Tell the applicants by mail
          </label>
          <Button type="submit" name="intent" value={PREVIEW_DECISION} variant="secondary" pending={busy}>
            Preview
          </Button>
        </Form>
      )}
      <div className="mt-3">
        <FormErrors errors={answer?.decisionError ? [answer.decisionError] : undefined} />
      </div>
    </section>
  );
}
