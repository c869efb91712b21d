/** What the API answers about applications to event forms: to the applicant and to the form's owner. */
import type { MyBillingView } from "./billing.ts";
import type { ReviewStatus } from "./events.ts";
import type { EventStartup, PublicEventForm, ResponsesForm } from "./event-form-views.ts";
import type { ApplicantMeeting } from "./meetings.ts";
import type { CheckInCounts, MyTicket } from "./check-ins.ts";
import type { Page } from "./answers.ts";
import type { ReviewFigures, ReviewerProgress } from "./reviews.ts";

/** A draft until submitted; then an owner reviews it; the applicant may cancel it. */
export type ApplicationStatus = "draft" | ReviewStatus | "cancelled";

/** One answer as kept: a file question keeps the file's id. */
export type StoredAnswer = string | string[] | boolean | number | null;

/** One answer as the API shows it: a file answer is its id and where to read it. */
export type AnswerValue = StoredAnswer | { file_id: string; url: string };

/** An application, keyed by standard field name or custom question id in `answers`. */
export interface ApplicationView {
  id: number;
  event_form_id: number;
  user_id: number;
  status: ApplicationStatus;
  answers: Record<string, AnswerValue>;
  applicant_name: string;
  applicant_email: string;
  submitted_at: string | null;
  cancelled_at: string | null;
  /** The applicant agreed to be shown among the attendees on the event's public page (once accepted). */
  show_on_event_page: boolean;
  created_at: string;
  updated_at: string;
}

/** One of the caller's own applications (`GET /api/v1/admin/event_applications`), with its form. */
export interface MyApplication extends ApplicationView {
  event_form: Pick<PublicEventForm, "id" | "title" | "starts_at" | "ends_at" | "timezone" | "status" | "type_of_event"> & {
    startup: Pick<EventStartup, "name" | "username">;
    /** How to join, once the application is accepted and the form has a meeting. */
    meeting: ApplicantMeeting | null;
  };
}

/** `GET /api/v1/site/event_forms/{id}`: the form as an applicant sees it, with their application and billing. */
export interface SiteEventForm {
  event_form: PublicEventForm;
  can_apply: boolean;
  /** Why no one can apply any more (closed, past its deadline, full), or null. */
  closed_reason: string | null;
  /** Places not yet held by a submitted application; null when the event has no limit. */
  places_left: number | null;
  /** The event is full and queues: applying now joins its waitlist. */
  joins_waitlist: boolean;
  my_application: ApplicationView | null;
  /** Where the caller's application waits in the waitlist (1: next to get a place); null when not waiting. */
  my_waitlist_position: number | null;
  /** A paid event's place offered to the caller from the line, held until then while they pay; null when none. */
  my_offer_expires_at: string | null;
  /** The caller's billing for a paid form; null for a free form or before they fill it in. */
  my_billing: MyBillingView | null;
  /** The form's meeting, once the caller's application is accepted. Another API (API_URL) may leave it out. */
  my_meeting?: ApplicantMeeting | null;
  /** The caller's ticket once their application is submitted and until it is cancelled or rejected. */
  my_ticket: MyTicket | null;
}

/** `GET /api/v1/admin/event_forms/{id}/responses`: a page of a form's submitted applications, and the form. */
/** A response in the list: the application, and its reviews in figures (null while the caller may not see them). */
export type ResponseListItem = ApplicationView & { review: ReviewFigures | null };

export type ResponsesPage = Page<ResponseListItem> & {
  event_form: ResponsesForm;
  /** The door's figures (tickets checked in, and expected), as the check-in screen shows them. */
  check_ins: CheckInCounts;
  /** The caller reviews this form blind: who applied is left out of what they have not reviewed, and no CSV. */
  blind: boolean;
  /** The questions whose answers are left out of what the caller reads blind (none when not blind). */
  hidden_questions: string[];
  /** Each reviewer's progress, for those who manage the form (empty for anyone else, or with no reviewers). */
  reviewers: ReviewerProgress[];
  /** Sent applications no reviewer is given (each one declared a conflict, say); 0 for anyone who does not manage it. */
  without_reviewer: number;
  /** The spread above which an application is flagged "discuss". */
  discuss_threshold: number;
};

/** `GET /api/v1/admin/event_forms/{id}/responses/{applicationId}`: one response, and the form it answers. */
export interface ResponseDetail {
  event_application: ApplicationView;
  event_form: ResponsesForm;
  /**
   * Shown to a reviewer of a blind form who has not submitted their review: who applied is left out (the
   * name reads "Applicant {id}", the email, the account and the identifying answers are blank).
   */
  blind: boolean;
  /** The questions whose answers are left out while it is read blind. */
  hidden_questions: string[];
}
