import { data } from "react-router";
import { REVIEW_STATUSES } from "#schemas/event-kinds";
import { reviewStatusSchema } from "#schemas/events";
import { requireId } from "~/lib/route-params.server";
import { FormErrors } from "~/components/ui/field";
import { Badge, Card, PageHeader } from "~/components/ui/layout";
import { StatusForm } from "~/components/ui/list-controls";
import { apiContext } from "~/lib/contexts";
import { STATUS_TONES } from "~/lib/event-format";
import { redirectWithToast } from "~/lib/flash.server";
import { requirePermission, canInOrganization } from "~/lib/guards.server";
import { requestEnvContext } from "~/lib/request-env";
import { ApplicationAnswers } from "~/components/responses/application-answers";
import type { Route } from "./+types/detail";
import { useDates } from "~/lib/dates";
import { InAppLink } from "~/components/ui/in-app-link";
import { COMMENT_INTENT, CommentThread } from "~/components/reviews/comment-thread";
import { COMMENT_ADDED_EVENT, eventFormChannel } from "#schemas/realtime";
import { API } from "#schemas/contract/index";
import { useLiveRevalidate } from "~/lib/realtime/use-live-revalidate";

/** The URL's ids; anything but an id names nothing. API paths and redirects are built from these numbers only. */
function ids(params: { event_form_id: string; event_application_id: string }) {
  const event_form_id = requireId(params.event_form_id, "Event form not found");
  const event_application_id = requireId(params.event_application_id, "Event Application not found");
  return { event_form_id, event_application_id };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = requirePermission(context, "event response read");
  const { event_form_id, event_application_id } = ids(params);
  const api = context.get(apiContext);
  const view = await api.answer(API.showResponse, { params: { id: event_form_id, applicationId: event_application_id } });
  // Null where the API has no comments (an upstream without review).
  const thread = await api.request(API.listComments, { params: { id: event_application_id } });
  return { ...view, thread: thread.ok ? thread.body : null, canReview: canInOrganization(user, "event response write", "forms.manage") };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { event_form_id, event_application_id } = ids(params);
  const formData = await request.formData();
  const backTo = `/event-responses/${event_form_id}/form/${event_application_id}`;
  if (formData.get("intent") === COMMENT_INTENT) {
    // Everyone who reads the responses comments; the API decides who may.
    requirePermission(context, "event response read");
    const body = String(formData.get("body") ?? "");
    const result = await context.get(apiContext).request(API.addComment, { params: { id: event_application_id }, body: { body } });
    if (!result.ok)
      return data({ commentError: result.body.errors?.body?.[0] ?? result.body.message, draft: body }, { status: result.status });
    return redirectWithToast(context.get(requestEnvContext), `${backTo}#comments`, { type: "success", message: result.body.message });
  }
  requirePermission(context, "event response write");
  // Read as the API reads it, so a status it would refuse is told with its words without the call.
  const asked = reviewStatusSchema.safeParse({ status: formData.get("status") ?? undefined });
  if (!asked.success) return data({ error: asked.error.issues[0].message }, { status: 422 });
  const result = await context
    .get(apiContext)
    .request(API.setApplicationStatus, { params: { id: event_application_id }, body: asked.data });
  if (!result.ok) return data({ error: result.body.errors?.status?.[0] ?? result.body.message }, { status: result.status });
  return redirectWithToast(context.get(requestEnvContext), backTo, {
    type: "success",
    message: result.body.message,
  });
}

export default function Response({ loaderData, actionData }: Route.ComponentProps) {
  const dates = useDates();
  const { event_application: application, event_form: form, canReview, blind, thread } = loaderData;
  // The thread is live: a comment by anyone in the team appears without a reload.
  useLiveRevalidate(eventFormChannel(form.id), COMMENT_ADDED_EVENT);
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
          {actionData && "error" in actionData ? <FormErrors errors={[actionData.error]} /> : null}
        </Card>
      ) : null}
      <ApplicationAnswers application={application} form={form} hidden={loaderData.hidden_questions} />
      {thread ? (
        <CommentThread
          thread={thread}
          error={actionData && "commentError" in actionData ? actionData.commentError : undefined}
          draft={actionData && "draft" in actionData ? actionData.draft : undefined}
        />
      ) : null}
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Application · Launchpad" }];
