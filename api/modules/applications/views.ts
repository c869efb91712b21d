/** How applications and forms look in the API's answers. */
import type { AnswerValue, ApplicationView } from "#schemas/applications.ts";
import type { EventStartup, PublicEventForm, ResponsesForm } from "#schemas/event-form-views.ts";
import { applyingQuestions } from "#schemas/question-rules.ts";
import type { CustomQuestion, eventApplications, eventForms } from "#api/db/events-schema.ts";
import { fileUrl } from "../files/service.ts";
import { publicEventUrl } from "../event-pages/links.ts";
import { visibleOnlineLink, type FormViewer } from "../meetings/join-link.ts";
import { fileKeys } from "./answers.ts";

export { APPLICATION_STATUSES } from "#schemas/applications.ts";

export type FormRow = typeof eventForms.$inferSelect;
export type ApplicationRow = typeof eventApplications.$inferSelect;
export type StartupCard = { id: number; name: string; username: string; logoFileId: string | null };

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Application documents are private: they are served through the application, to those who may see it. */
export const answerFileUrl = (applicationId: number, fileId: string) => `/api/v1/admin/event_applications/${applicationId}/files/${fileId}`;

/**
 * An application as the API shows it; file answers become {file_id, url}. Only answers to questions that
 * apply show: one kept before its question got a rule that now hides it is left out.
 */
export function applicationResource(a: ApplicationRow, customQuestions: CustomQuestion[]): ApplicationView {
  const fileAnswers = fileKeys(customQuestions);
  const applying = applyingQuestions(customQuestions, (id) => a.answers[id]);
  const hidden = new Set(customQuestions.filter((q) => !applying.has(q.id)).map((q) => q.id));
  const answers: Record<string, AnswerValue> = {};
  for (const [key, v] of Object.entries(a.answers)) {
    if (hidden.has(key)) continue;
    answers[key] = fileAnswers.has(key) && typeof v === "string" ? { file_id: v, url: answerFileUrl(a.id, v) } : v;
  }
  return {
    id: a.id,
    event_form_id: a.eventFormId,
    user_id: a.userId,
    status: a.status,
    answers,
    applicant_name: a.applicantName,
    applicant_email: a.applicantEmail,
    submitted_at: iso(a.submittedAt),
    cancelled_at: iso(a.cancelledAt),
    show_on_event_page: a.showOnEventPage,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}

export const startupCard = (s: StartupCard): EventStartup => ({
  id: s.id,
  name: s.name,
  username: s.username,
  logo_url: fileUrl(s.logoFileId),
});

/** A form as a logged-in user sees it on its page; the online link only if `viewer` may join (join-link.ts). */
export function eventFormResource(f: FormRow, startup: StartupCard, viewer: FormViewer): PublicEventForm {
  return {
    id: f.id,
    public_url: publicEventUrl(f),
    title: f.title,
    description: f.description,
    banner_url: fileUrl(f.bannerFileId),
    category: f.category,
    nature: f.nature,
    timezone: f.timezone,
    starts_at: f.startsAt.toISOString(),
    ends_at: f.endsAt.toISOString(),
    venue: f.venue,
    venue_country: f.venueCountry,
    venue_city: f.venueCity,
    online_link: visibleOnlineLink(viewer, f),
    capacity: f.capacity,
    waitlist_enabled: f.waitlistEnabled,
    waitlist_offer_hours: f.waitlistOfferHours,
    application_deadline: iso(f.applicationDeadline),
    type_of_event: f.typeOfEvent,
    paid_event_information: f.paidEventInformation,
    questions: f.questions,
    custom_questions: f.customQuestions,
    status: f.status,
    startup: startupCard(startup),
  };
}

/** The form beside its responses: enough to label every answer. */
export const responsesFormResource = (f: FormRow): ResponsesForm => ({
  id: f.id,
  title: f.title,
  starts_at: f.startsAt.toISOString(),
  ends_at: f.endsAt.toISOString(),
  timezone: f.timezone,
  status: f.status,
  type_of_event: f.typeOfEvent,
  capacity: f.capacity,
  questions: f.questions,
  custom_questions: f.customQuestions,
});
