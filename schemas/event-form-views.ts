/** What the API answers about event forms and their collections: to their owner, to applicants, in lists. */
import { z } from "zod";
import { timestamp } from "./contract/answers.ts";
import { EVENT_FORM_STATUSES, EVENT_NATURES, QUESTION_TYPES, REVIEW_STATUSES } from "./event-kinds.ts";
import type { EventNature, QuestionType } from "./event-kinds.ts";

/** Standard applicant fields a form switches on (and may require), by key of STANDARD_QUESTIONS. */
export const standardQuestions = z.record(z.string(), z.object({ enabled: z.boolean(), required: z.boolean() }));
export type StandardQuestions = z.output<typeof standardQuestions>;

const questionTypes = z.enum(QUESTION_TYPES.map((q) => q.value) as [QuestionType, ...QuestionType[]]);

export const customQuestion = z.object({
  id: z.string(),
  label: z.string(),
  help_text: z.string().nullable(),
  type: questionTypes,
  required: z.boolean(),
  options: z.array(z.string()),
  /** Asked only when an earlier question's answer is one of these values; null (or absent in older forms) always. */
  show_if: z
    .object({ question_id: z.string(), values: z.array(z.string()) })
    .nullable()
    .optional(),
});
export type CustomQuestion = z.output<typeof customQuestion>;

/** A paid event's price: money as "25.00" text, in `currency`. */
export const paidEventInformation = z.object({ price: z.string(), currency: z.string(), includes: z.string().nullable() });
export type PaidEventInformation = z.output<typeof paidEventInformation>;

export const typeOfEvent = z.enum(["free", "paid"]);
export type TypeOfEvent = z.output<typeof typeOfEvent>;

/** The startup behind a form, as every form answer shows it. */
export const eventStartup = z.object({ id: z.number().int(), name: z.string(), username: z.string(), logo_url: z.string().nullable() });
export type EventStartup = z.output<typeof eventStartup>;

// Its schema is its route's answer (collections.ts); named here too, beside the forms that belong to one.
export type { CollectionView } from "./collections.ts";

/** A form as a logged-in user sees it on its page; `online_link` is null for anyone who may not join. */
export const publicEventForm = z.object({
  id: z.number().int(),
  /** The event's public page (`/e/{slug}`, absolute): readable without an account once the form is published. */
  public_url: z.string(),
  title: z.string(),
  description: z.string(),
  banner_url: z.string().nullable(),
  category: z.string(),
  nature: z.enum(EVENT_NATURES.map((n) => n.value) as [EventNature, ...EventNature[]]),
  timezone: z.string(),
  starts_at: timestamp,
  ends_at: timestamp,
  venue: z.string().nullable(),
  /** An in-person or hybrid event's country (ISO code) and city, from the app's city list. */
  venue_country: z.string().nullable(),
  venue_city: z.string().nullable(),
  online_link: z.string().nullable(),
  capacity: z.number().int().nullable(),
  /** Once full, applying joins the waitlist; a place that frees goes to the first one waiting. */
  waitlist_enabled: z.boolean(),
  /** A paid event's waitlist: how long the first in line has to pay for a place offered to them. */
  waitlist_offer_hours: z.number().int(),
  application_deadline: timestamp.nullable(),
  type_of_event: typeOfEvent,
  paid_event_information: paidEventInformation.nullable(),
  questions: standardQuestions,
  custom_questions: z.array(customQuestion),
  status: z.enum(EVENT_FORM_STATUSES),
  startup: eventStartup,
});
export type PublicEventForm = z.output<typeof publicEventForm>;

/** A form as its owner sees it, alone or in `GET /api/v1/admin/event_forms`: the public form and what only its owner needs. */
export const eventFormView = publicEventForm.extend({
  collection_id: z.number().int().nullable(),
  collection: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The instants on the event's own wall clock ("2026-05-01T18:30"), as the form's fields take them. */
  starts_at_local: z.string(),
  ends_at_local: z.string(),
  application_deadline_local: z.string().nullable(),
  /** Submitted applications: neither drafts nor cancelled ones. */
  applications_count: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type EventFormView = z.output<typeof eventFormView>;

/** A created or updated form; `meeting_warning` when its video meeting could not be moved with it. */
export const eventFormSaved = z.object({ event_form: eventFormView, message: z.string(), meeting_warning: z.string().optional() });
export type EventFormSaved = z.output<typeof eventFormSaved>;

/** An application's status: a draft until sent, then as its owner reviews it, or cancelled by the applicant. */
export const applicationStatus = z.enum(["draft", ...REVIEW_STATUSES, "cancelled"]);

/** One published event of `GET /api/v1/site/events`; the description is cut to 280 characters. */
export const eventCard = publicEventForm
  .pick({
    id: true,
    public_url: true,
    title: true,
    description: true,
    banner_url: true,
    category: true,
    nature: true,
    timezone: true,
    starts_at: true,
    ends_at: true,
    venue: true,
    type_of_event: true,
    paid_event_information: true,
    capacity: true,
    status: true,
    startup: true,
  })
  .extend({
    is_favorited: z.boolean(),
    /** The caller's own application to the event, if they started one: its status ("draft" until sent). */
    my_application_status: applicationStatus.nullable(),
  });
export type EventCard = z.output<typeof eventCard>;

/** The form beside its responses, for their owner: enough to label every answer. */
export const responsesFormView = z.object({
  id: z.number().int(),
  title: z.string(),
  starts_at: timestamp,
  ends_at: timestamp,
  timezone: z.string(),
  status: z.enum(EVENT_FORM_STATUSES),
  type_of_event: typeOfEvent,
  capacity: z.number().int().nullable(),
  questions: standardQuestions,
  custom_questions: z.array(customQuestion),
});
export type ResponsesForm = z.output<typeof responsesFormView>;
