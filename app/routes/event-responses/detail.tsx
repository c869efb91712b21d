import { data } from "react-router";
import { applyingQuestions } from "#schemas/question-rules";
import { REVIEW_STATUSES, STANDARD_QUESTIONS } from "#schemas/event-kinds";
import { requireId } from "~/lib/route-params.server";
import { FormErrors } from "~/components/ui/field";
import { Badge, Card, PageHeader } from "~/components/ui/layout";
import { StatusForm } from "~/components/ui/list-controls";
import { apiContext } from "~/lib/contexts";
import { STATUS_TONES } from "~/lib/event-format";
import { redirectWithToast } from "~/lib/flash.server";
import { requirePermission, canInOrganization } from "~/lib/guards.server";
import { requestEnvContext } from "~/lib/request-env";
import type { AnswerValue, ResponseDetail } from "#schemas/applications";
import { IDENTIFYING_QUESTIONS } from "#schemas/reviews";
import type { Route } from "./+types/detail";
import { useDates } from "~/lib/dates";
import { InAppLink } from "~/components/ui/in-app-link";

/** The URL's ids; anything but an id names nothing. API paths and redirects are built from these numbers only. */
function ids(params: { event_form_id: string; event_application_id: string }) {
  const event_form_id = requireId(params.event_form_id, "Event form not found");
  const event_application_id = requireId(params.event_application_id, "Event Application not found");
  return { event_form_id, event_application_id };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = requirePermission(context, "event response read");
  const { event_form_id, event_application_id } = ids(params);
  const view = await context
    .get(apiContext)
    .load<ResponseDetail>(`/api/v1/admin/event_forms/${event_form_id}/responses/${event_application_id}`);
  return { ...view, canReview: canInOrganization(user, "event response write", "forms.manage") };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requirePermission(context, "event response write");
  const { event_form_id, event_application_id } = ids(params);
  const status = (await request.formData()).get("status");
  const result = await context
    .get(apiContext)
    .put<{ message: string }>(`/api/v1/admin/event_applications/${event_application_id}/status`, { status });
  if (!result.ok) return data({ error: result.body.errors?.status?.[0] ?? result.body.message }, { status: result.status });
  return redirectWithToast(context.get(requestEnvContext), `/event-responses/${event_form_id}/form/${event_application_id}`, {
    type: "success",
    message: result.body.message,
  });
}

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

export default function Response({ loaderData, actionData }: Route.ComponentProps) {
  const dates = useDates();
  const { event_application: application, event_form: form, canReview, blind } = loaderData;
  // Read blind, the answers that say who applied are not there to show.
  const hidden: readonly string[] = blind ? IDENTIFYING_QUESTIONS : [];
  const applying = applyingQuestions(form.custom_questions, (id) => application.answers[id]);
  const rows = [
    ...STANDARD_QUESTIONS.filter((q) => form.questions[q.key]?.enabled && !hidden.includes(q.key)).map((q) => ({
      key: q.key,
      label: q.label,
    })),
    // A question that did not apply to this applicant is not theirs to answer: it has no row.
    ...form.custom_questions.filter((q) => applying.has(q.id)).map((q) => ({ key: q.id, label: q.label })),
  ];
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <InAppLink to={`/event-responses/${form.id}`} className="text-sm text-brand-600 hover:underline">
          ← Responses: {form.title}
        </InAppLink>
        <PageHeader
          title={application.applicant_name}
          description={
            <span className="flex items-center gap-2">
              <Badge tone={STATUS_TONES[application.status]}>{application.status}</Badge>
              {blind ? "Submitted" : `${application.applicant_email} · submitted`}{" "}
              {dates.dayTimeBesideEvent(application.submitted_at, form.timezone)}
            </span>
          }
        />
      </div>
      {blind ? (
        <p role="note" className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700" data-testid="blind-note">
          Blind review: who applied stays hidden until you have submitted your review of this application.
        </p>
      ) : null}
      {canReview && application.status !== "cancelled" ? (
        <Card>
          <StatusForm label="Review" statuses={REVIEW_STATUSES} current={application.status} submitLabel="Update status" />
          {actionData?.error ? <FormErrors errors={[actionData.error]} /> : null}
        </Card>
      ) : null}
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
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Application · Launchpad" }];
