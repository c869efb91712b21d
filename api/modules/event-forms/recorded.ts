/** How a form's changes are written to the record of what happened (api/lib/activity.ts). */
import type { ActivityKind } from "#schemas/activity.ts";
import type { EventFormStatus } from "#schemas/events.ts";
import type { EventFormRow } from "./views.ts";

/** The columns an edit is recorded by, with the names the API gives them. */
export const RECORDED_FIELDS = {
  title: "title",
  description: "description",
  category: "category",
  nature: "nature",
  collectionId: "collection_id",
  timezone: "timezone",
  startsAt: "starts_at",
  endsAt: "ends_at",
  venue: "venue",
  venueCountry: "venue_country",
  venueCity: "venue_city",
  onlineLink: "online_link",
  capacity: "capacity",
  waitlistEnabled: "waitlist_enabled",
  waitlistOfferHours: "waitlist_offer_hours",
  applicationDeadline: "application_deadline",
  typeOfEvent: "type_of_event",
  paidEventInformation: "paid_event_information",
  questions: "questions",
  customQuestions: "custom_questions",
  bannerFileId: "banner",
} as const satisfies Partial<Record<keyof EventFormRow, string>>;

/** What a status change is recorded as: publishing and closing are their own kinds, back to draft an edit. */
export const STATUS_KINDS = {
  published: "event_form.published",
  closed: "event_form.closed",
  draft: "event_form.updated",
} as const satisfies Record<EventFormStatus, ActivityKind>;
