import { applyingQuestions } from "#schemas/question-rules";
import { STANDARD_QUESTIONS } from "#schemas/event-kinds";
import type { AnswerValue, ApplicationView, ResponseDetail } from "#schemas/applications";
import { Card } from "~/components/ui/layout";

function AnswerText({ value }: { value: AnswerValue | undefined }) {
  if (value === undefined || value === null || value === "") return <span className="text-slate-500">No answer</span>;
  if (typeof value === "boolean") return <>{value ? "Yes" : "No"}</>;
  if (Array.isArray(value)) return <>{value.join(", ")}</>;
  if (typeof value === "object") {
    return (
      <a className="text-brand-600 hover:underline" href={value.url}>
        Download file
      </a>
    );
  }
  return <span className="whitespace-pre-line">{String(value)}</span>;
}

/**
 * An application's answers, question by question, files as links: the response screen and the scoring screen
 * show them the same way. Read blind, the answers that say who applied are not there to show.
 */
export function ApplicationAnswers({
  application,
  form,
  hidden,
}: {
  application: ApplicationView;
  form: ResponseDetail["event_form"];
  /** The questions left out while the application is read blind. */
  hidden: readonly string[];
}) {
  const applying = applyingQuestions(form.custom_questions, (id) => application.answers[id]);
  const rows = [
    ...STANDARD_QUESTIONS.filter((q) => form.questions[q.key]?.enabled).map((q) => ({ key: q.key, label: q.label })),
    // A question that did not apply to this applicant is not theirs to answer: it has no row.
    ...form.custom_questions.filter((q) => applying.has(q.id)).map((q) => ({ key: q.id, label: q.label })),
  ].filter((row) => !hidden.includes(row.key));
  return (
    <Card>
      <dl className="divide-y divide-slate-100">
        {rows.map((row) => (
          <div key={row.key} className="grid gap-1 py-3 sm:grid-cols-3">
            <dt className="text-sm font-medium text-slate-500">{row.label}</dt>
            <dd className="sm:col-span-2">
              <AnswerText value={application.answers[row.key]} />
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
