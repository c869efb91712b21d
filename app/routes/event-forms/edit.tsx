import { parseSubmission } from "~/lib/submission.server";
import { data } from "react-router";
import { EVENT_FORM_STATUSES, eventFormSchema } from "#schemas/events";
import type { EventFormStatus } from "#schemas/event-kinds";
import { requireId } from "~/lib/route-params.server";
import { EventFormBuilder } from "~/components/event-forms/event-form-builder";
import { builderDefaults } from "~/components/event-forms/builder-values";
import { loadFormMeeting, meetingAction } from "~/components/meetings/meeting.server";
import { MeetingSection } from "~/components/meetings/meeting-section";
import { assignAction, loadRubric, rubricAction } from "~/components/reviews/rubric.server";
import { AssignmentSection } from "~/components/reviews/assignment-section";
import { RubricSection } from "~/components/reviews/rubric-section";
import { buttonClass } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { Badge, Card, PageHeader } from "~/components/ui/layout";
import { StatusForm } from "~/components/ui/list-controls";
import { apiContext } from "~/lib/contexts";
import { STATUS_TONES } from "~/lib/event-format";
import { redirectWithToast } from "~/lib/flash.server";
import { requirePermission, canInOrganization } from "~/lib/guards.server";
import { requestEnvContext } from "~/lib/request-env";
import { API } from "#schemas/contract/index";
import type { Route } from "./+types/edit";
import { builderChoices, refusedByApi, refusedLocally, toEventFormBody } from "./event-form.server";
import { InAppLink } from "~/components/ui/in-app-link";
import { SaveToLibraryForms } from "~/components/event-forms/question-library";
import { saveToLibraryAction } from "./question-library.server";

/** The form's id from the URL; anything but an id names no form. API paths and redirects are built from this number only. */
function formId(params: Route.LoaderArgs["params"]): number {
  return requireId(params.id, "Event Form not found");
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = requirePermission(context, "event form write");
  const id = formId(params);
  const api = context.get(apiContext);
  const [{ event_form }, choices, meeting, rubric] = await Promise.all([
    api.answer(API.showEventForm, { params: { id } }),
    builderChoices(api),
    loadFormMeeting(api, id),
    loadRubric(api, id),
  ]);
  // The form's own collection is always offered, even past the picker's first page.
  const own = event_form.collection;
  const collections = own && !choices.collections.some((c) => c.id === own.id) ? [own, ...choices.collections] : choices.collections;
  return {
    eventForm: event_form,
    ...choices,
    collections,
    canSeeResponses: canInOrganization(user, "event response read", "forms.read"),
    meeting,
    rubric,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requirePermission(context, "event form write");
  const id = formId(params);
  const api = context.get(apiContext);
  const env = context.get(requestEnvContext);
  const formData = await request.formData();
  const meetingAnswer = await meetingAction(api, env, id, formData);
  if (meetingAnswer) return meetingAnswer;
  const rubricAnswer = await rubricAction(api, env, id, formData);
  if (rubricAnswer) return rubricAnswer;
  const assignAnswer = await assignAction(api, env, id, formData);
  if (assignAnswer) return assignAnswer;
  const libraryAnswer = await saveToLibraryAction(api, env, id, formData);
  if (libraryAnswer) return libraryAnswer;
  if (formData.get("intent") === "status") {
    // Sent as it came: the API checks the status and answers the field's message.
    const status = formData.get("status") as EventFormStatus;
    const result = await api.request(API.setEventFormStatus, { params: { id }, body: { status } });
    if (!result.ok)
      return data(
        { result: undefined, failure: null, statusError: result.body.errors?.status?.[0] ?? result.body.message },
        { status: result.status },
      );
    return redirectWithToast(env, `/event-forms/edit/${id}`, { type: "success", message: result.body.message });
  }
  const submission = parseSubmission(formData, { schema: eventFormSchema });
  if (submission.status !== "success") {
    return submission.status === undefined ? data({ result: submission.reply(), failure: null }) : refusedLocally(submission);
  }
  const result = await api.request(API.updateEventFormForm, { params: { id }, body: toEventFormBody(submission.value, "PUT") });
  if (!result.ok) return refusedByApi(submission, result);
  // Saved, but the meeting kept its old time: said on the page itself, so it is seen with or without JavaScript.
  if (result.body.meeting_warning) return data({ result: undefined, failure: null, meetingWarning: result.body.meeting_warning });
  return redirectWithToast(env, `/event-forms/edit/${id}`, { type: "success", message: result.body.message });
}

export default function EditEventForm({ loaderData, actionData }: Route.ComponentProps) {
  const { eventForm, collections, timeZones, countries, canSeeResponses } = loaderData;
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div>
        <InAppLink to={`/event-forms?collection_id=${eventForm.collection_id ?? ""}`} className="text-sm text-brand-600 hover:underline">
          ← {eventForm.collection?.name ?? "Event forms"}
        </InAppLink>
        <PageHeader
          title={eventForm.title}
          description={
            <span className="flex items-center gap-2">
              <Badge tone={STATUS_TONES[eventForm.status]}>{eventForm.status}</Badge>
              {eventForm.applications_count} application{eventForm.applications_count === 1 ? "" : "s"}
            </span>
          }
          actions={
            <>
              {eventForm.status !== "draft" ? (
                <InAppLink to={`/form-submission?form_id=${eventForm.id}`} className={buttonClass("secondary", "sm")}>
                  Open the form
                </InAppLink>
              ) : null}
              {canSeeResponses ? (
                <InAppLink to={`/event-responses/${eventForm.id}`} className={buttonClass("secondary", "sm")}>
                  Responses
                </InAppLink>
              ) : null}
            </>
          }
        />
      </div>
      <Card>
        <StatusForm label="Status" intent="status" statuses={EVENT_FORM_STATUSES} current={eventForm.status} submitLabel="Change status" />
        <p className="mt-2 text-sm text-slate-500">Published forms take applications; closed ones stop taking them.</p>
        {eventForm.status === "draft" ? (
          <p className="mt-2 text-sm text-slate-600">
            Once published, the event has a public page anyone can open, with or without an account.
          </p>
        ) : (
          <p className="mt-2 text-sm text-slate-700" data-testid="public-url">
            Share the event&apos;s public page:{" "}
            <a href={eventForm.public_url} className="break-all font-medium text-brand-700 underline">
              {eventForm.public_url}
            </a>
          </p>
        )}
        {actionData && "statusError" in actionData && actionData.statusError ? <FormErrors errors={[actionData.statusError]} /> : null}
      </Card>
      {loaderData.meeting ? (
        <MeetingSection
          view={loaderData.meeting}
          error={actionData && "meetingError" in actionData ? actionData.meetingError : null}
          warning={actionData && "meetingWarning" in actionData ? actionData.meetingWarning : null}
        />
      ) : null}
      {loaderData.rubric ? (
        <>
          <RubricSection
            view={loaderData.rubric}
            refused={actionData && "rubric" in actionData ? actionData.rubric : null}
            questions={eventForm.custom_questions}
          />
          <AssignmentSection view={loaderData.rubric} refused={actionData && "assignment" in actionData ? actionData.assignment : null} />
        </>
      ) : null}
      <EventFormBuilder
        key={eventForm.updated_at}
        defaultValue={builderDefaults(eventForm.collection_id ?? 0, eventForm)}
        lastResult={actionData?.result}
        failure={actionData?.failure ?? null}
        collections={collections}
        timeZones={timeZones}
        countries={countries}
        bannerUrl={eventForm.banner_url}
        submitLabel="Save form"
        library={loaderData.library}
        savedQuestionIds={eventForm.custom_questions.map((q) => q.id)}
      />
      <SaveToLibraryForms questionIds={eventForm.custom_questions.map((q) => q.id)} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.eventForm.title ?? "Event form"} · Launchpad` }];
