/** What the API answers about event forms and their collections: to their owner, to applicants, in lists. */
import { z } from "zod";
import type { EventNature } from "./events.ts";
import type { ApplicationStatus } from "./applications.ts";
import { showIfView } from "./question-rules.ts";
import { EVENT_FORM_STATUSES, QUESTION_TYPES, type EventFormStatus, type QuestionType } from "./event-kinds.ts";
import { timestamp } from "./contract/answers.ts";

/** Standard applicant fields a form switches on (and may require), by key of STANDARD_QUESTIONS. */
export const standardQuestionsView = z.record(z.string(), z.object({ enabled: z.boolean(), required: z.boolean() }));
export type StandardQuestions = z.output<typeof standardQuestionsView>;

export const customQuestionView = z.object({
  id: z.string(),
  label: z.string(),
  help_text: z.string().nullable(),
  type: z.enum(QUESTION_TYPES.map((type) => type.value) as [QuestionType, ...QuestionType[]]),
  required: z.boolean(),
  options: z.array(z.string()),
  /** Asked only when an earlier question's answer is one of these values; null (or absent in older forms) always. */
  show_if: showIfView.nullable().optional(),
});
export type CustomQuestion = z.output<typeof customQuestionView>;

/** A paid event's price: money as "25.00" text, in `currency`. */
export const paidEventInformationView = z.object({ price: z.string(), currency: z.string(), includes: z.string().nullable() });
export type PaidEventInformation = z.output<typeof paidEventInformationView>;

export const TYPES_OF_EVENT = ["free", "paid"] as const;
export type TypeOfEvent = (typeof TYPES_OF_EVENT)[number];

/** The startup behind a form, as every form answer shows it. */
export interface EventStartup {
  id: number;
  name: string;
  username: string;
  logo_url: string | null;
}

// Its schema is its route's answer (collections.ts); named here too, beside the forms that belong to one.
export type { CollectionView } from "./collections.ts";

/** A form as a logged-in user sees it on its page; `online_link` is null for anyone who may not join. */
export interface PublicEventForm {
  id: number;
  /** The event's public page (`/e/{slug}`, absolute): readable without an account once the form is published. */
  public_url: string;
  title: string;
  description: string;
  banner_url: string | null;
  category: string;
  nature: EventNature;
  timezone: string;
  starts_at: string;
  ends_at: string;
  venue: string | null;
  /** An in-person or hybrid event's country (ISO code) and city, from the app's city list. */
  venue_country: string | null;
  venue_city: string | null;
  online_link: string | null;
  capacity: number | null;
  /** Once full, applying joins the waitlist; a place that frees goes to the first one waiting. */
  waitlist_enabled: boolean;
  /** A paid event's waitlist: how long the first in line has to pay for a place offered to them. */
  waitlist_offer_hours: number;
  application_deadline: string | null;
  type_of_event: TypeOfEvent;
  paid_event_information: PaidEventInformation | null;
  questions: StandardQuestions;
  custom_questions: CustomQuestion[];
  status: EventFormStatus;
  startup: EventStartup;
}

/** A form as its owner sees it, alone or in `GET /api/v1/admin/event_forms`: the public form and what only its owner needs. */
export interface EventFormView extends PublicEventForm {
  collection_id: number | null;
  collection: { id: number; name: string } | null;
  /** The instants on the event's own wall clock ("2026-05-01T18:30"), as the form's fields take them. */
  starts_at_local: string;
  ends_at_local: string;
  application_deadline_local: string | null;
  /** Submitted applications: neither drafts nor cancelled ones. */
  applications_count: number;
  created_at: string;
  updated_at: string;
}

/** A created or updated form; `meeting_warning` when its video meeting could not be moved with it. */
export interface EventFormSaved {
  event_form: EventFormView;
  message: string;
  meeting_warning?: string;
}

/** One published event of `GET /api/v1/site/events`; the description is cut to 280 characters. */
export type EventCard = Pick<
  PublicEventForm,
  | "id"
  | "public_url"
  | "title"
  | "description"
  | "banner_url"
  | "category"
  | "nature"
  | "timezone"
  | "starts_at"
  | "ends_at"
  | "venue"
  | "type_of_event"
  | "paid_event_information"
  | "capacity"
  | "status"
  | "startup"
> & {
  is_favorited: boolean;
  /** The caller's own application to the event, if they started one: its status ("draft" until sent). */
  my_application_status: ApplicationStatus | null;
};

/** The form beside its responses, for their owner: enough to label every answer. */
export const responsesFormView = z.object({
  id: z.number().int(),
  title: z.string(),
  starts_at: timestamp,
  ends_at: timestamp,
  timezone: z.string(),
  status: z.enum(EVENT_FORM_STATUSES),
  type_of_event: z.enum(TYPES_OF_EVENT),
  capacity: z.number().int().nullable(),
  questions: standardQuestionsView,
  custom_questions: z.array(customQuestionView),
});
export type ResponsesForm = z.output<typeof responsesFormView>;
