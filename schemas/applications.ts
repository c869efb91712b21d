/** What the API answers about applications to event forms: to the applicant and to the form's owner. */
import { z } from "zod";
import { myBillingView } from "./billing.ts";
import { pageOf, timestamp } from "./contract/answers.ts";
import { REVIEW_STATUSES } from "./event-kinds.ts";
import { publicEventForm, responsesFormView } from "./event-form-views.ts";
import { applicantMeetingView } from "./meetings.ts";
import { checkInCounts, myTicket } from "./check-ins.ts";
import { reviewerProgressView, reviewFiguresView } from "./reviews.ts";

/** A draft until submitted; then an owner reviews it; the applicant may cancel it. */
export const APPLICATION_STATUSES = ["draft", ...REVIEW_STATUSES, "cancelled"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** One answer as kept: a file question keeps the file's id. */
export type StoredAnswer = string | string[] | boolean | number | null;

/** One answer as the API shows it: a file answer is its id and where to read it. */
export const answerValue = z.union([
  z.string(),
  z.array(z.string()),
  z.boolean(),
  z.number(),
  z.null(),
  z.object({ file_id: z.string(), url: z.string() }),
]);
export type AnswerValue = z.output<typeof answerValue>;

/** An application, keyed by standard field name or custom question id in `answers`. */
export const applicationView = z.object({
  id: z.number().int(),
  event_form_id: z.number().int(),
  user_id: z.number().int(),
  status: z.enum(APPLICATION_STATUSES),
  answers: z.record(z.string(), answerValue),
  applicant_name: z.string(),
  applicant_email: z.string(),
  submitted_at: timestamp.nullable(),
  cancelled_at: timestamp.nullable(),
  /** The applicant agreed to be shown among the attendees on the event's public page (once accepted). */
  show_on_event_page: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ApplicationView = z.output<typeof applicationView>;

/** One of the caller's own applications (`GET /api/v1/admin/event_applications`), with its form. */
export const myApplication = applicationView.extend({
  event_form: responsesFormView
    .pick({ id: true, title: true, starts_at: true, ends_at: true, timezone: true, status: true, type_of_event: true })
    .extend({
      startup: z.object({ name: z.string(), username: z.string() }),
      /** How to join, once the application is accepted and the form has a meeting. */
      meeting: applicantMeetingView.nullable(),
    }),
});
export type MyApplication = z.output<typeof myApplication>;

/** `GET /api/v1/site/event_forms/{id}`: the form as an applicant sees it, with their application and billing. */
export const siteEventForm = z.object({
  event_form: publicEventForm,
  can_apply: z.boolean(),
  /** Why no one can apply any more (closed, past its deadline, full), or null. */
  closed_reason: z.string().nullable(),
  /** Places not yet held by a submitted application; null when the event has no limit. */
  places_left: z.number().int().nullable(),
  /** The event is full and queues: applying now joins its waitlist. */
  joins_waitlist: z.boolean(),
  my_application: applicationView.nullable(),
  /** Where the caller's application waits in the waitlist (1: next to get a place); null when not waiting. */
  my_waitlist_position: z.number().int().nullable(),
  /** A paid event's place offered to the caller from the line, held until then while they pay; null when none. */
  my_offer_expires_at: timestamp.nullable(),
  /** The caller's billing for a paid form; null for a free form or before they fill it in. */
  my_billing: myBillingView.nullable(),
  /** The form's meeting, once the caller's application is accepted. Another API (API_URL) may leave it out. */
  my_meeting: applicantMeetingView.nullable().optional(),
  /** The caller's ticket once their application is submitted and until it is cancelled or rejected. */
  my_ticket: myTicket.nullable(),
});
export type SiteEventForm = z.output<typeof siteEventForm>;

/** An application saved by its applicant, with the sentence they are shown (201 when it was made, 200 when changed). */
export const applicationSaved = z.object({ event_application: applicationView, message: z.string() });
export type ApplicationSaved = z.output<typeof applicationSaved>;

/** A response in the list: the application, and its reviews in figures (null while the caller may not see them). */
export const responseListItem = applicationView.extend({ review: reviewFiguresView.nullable() });
export type ResponseListItem = z.output<typeof responseListItem>;

/** `GET /api/v1/admin/event_forms/{id}/responses`: a page of a form's submitted applications, and the form. */
export const responsesPage = pageOf(responseListItem).extend({
  event_form: responsesFormView,
  /** The door's figures (tickets checked in, and expected), as the check-in screen shows them. */
  check_ins: checkInCounts,
  /** The caller reviews this form blind: who applied is left out of what they have not reviewed, and no CSV. */
  blind: z.boolean(),
  /** The questions whose answers are left out of what the caller reads blind (none when not blind). */
  hidden_questions: z.array(z.string()),
  /** Each reviewer's progress, for those who manage the form (empty for anyone else, or with no reviewers). */
  reviewers: z.array(reviewerProgressView),
  /** Sent applications no reviewer is given (each one declared a conflict, say); 0 for anyone who does not manage it. */
  without_reviewer: z.number().int(),
  /** The spread above which an application is flagged "discuss". */
  discuss_threshold: z.number(),
});
export type ResponsesPage = z.output<typeof responsesPage>;

/** `GET /api/v1/admin/event_forms/{id}/responses/{applicationId}`: one response, and the form it answers. */
export const responseDetail = z.object({
  event_application: applicationView,
  event_form: responsesFormView,
  /**
   * Shown to a reviewer of a blind form who has not submitted their review: who applied is left out (the
   * name reads "Applicant {id}", the email, the account and the identifying answers are blank).
   */
  blind: z.boolean(),
  /** The questions whose answers are left out while it is read blind. */
  hidden_questions: z.array(z.string()),
});
export type ResponseDetail = z.output<typeof responseDetail>;
