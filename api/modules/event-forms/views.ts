import { type SQL, eq, notInArray, sql } from "drizzle-orm";
import type { EventFormView } from "#schemas/event-form-views.ts";
import { instantToZoned } from "#schemas/time.ts";
import type { Db } from "#api/db/client.ts";
import { startups } from "#api/db/schema.ts";
import { collections, eventApplications, eventForms } from "#api/db/events-schema.ts";
import { fileUrl } from "../files/service.ts";
import { publicEventUrl } from "../event-pages/links.ts";

export type EventFormRow = typeof eventForms.$inferSelect;

/** A form with what its resource shows about its collection and its startup. */
export interface EventFormDetail {
  form: EventFormRow;
  collection: { id: number; name: string } | null;
  startup: { id: number; name: string; username: string; logoFileId: string | null };
}

/** Applications that count as submitted: neither still a draft nor cancelled. */
const NOT_SUBMITTED = ["draft", "cancelled"] as const;

/** The one shape an event form has in every answer, alone or in a list. */
export function eventFormResource({ form, collection, startup }: EventFormDetail, applicationsCount: number): EventFormView {
  return {
    id: form.id,
    public_url: publicEventUrl(form),
    collection_id: form.collectionId,
    collection: collection ? { id: collection.id, name: collection.name } : null,
    title: form.title,
    description: form.description,
    banner_url: fileUrl(form.bannerFileId),
    category: form.category,
    nature: form.nature,
    timezone: form.timezone,
    starts_at: form.startsAt.toISOString(),
    ends_at: form.endsAt.toISOString(),
    starts_at_local: instantToZoned(form.startsAt, form.timezone),
    ends_at_local: instantToZoned(form.endsAt, form.timezone),
    venue: form.venue,
    venue_country: form.venueCountry,
    venue_city: form.venueCity,
    online_link: form.onlineLink,
    capacity: form.capacity,
    waitlist_enabled: form.waitlistEnabled,
    waitlist_offer_hours: form.waitlistOfferHours,
    application_deadline: form.applicationDeadline?.toISOString() ?? null,
    application_deadline_local: form.applicationDeadline ? instantToZoned(form.applicationDeadline, form.timezone) : null,
    type_of_event: form.typeOfEvent,
    paid_event_information: form.paidEventInformation ?? null,
    questions: form.questions,
    custom_questions: form.customQuestions,
    status: form.status,
    startup: { id: startup.id, name: startup.name, username: startup.username, logo_url: fileUrl(startup.logoFileId) },
    applications_count: applicationsCount,
    created_at: form.createdAt.toISOString(),
    updated_at: form.updatedAt.toISOString(),
  };
}

/**
 * Submitted applications of the row's form, as a correlated count: a page of forms gets its counts in
 * its own query (the index on event_applications.event_form_id answers each).
 */
export const submittedApplications = sql<number>`(select count(*) from ${eventApplications}
  where ${eventApplications.eventFormId} = ${eventForms.id}
    and ${notInArray(eventApplications.status, [...NOT_SUBMITTED])})`.mapWith(Number);

/** Forms joined to their collection and startup, plus any `extra` columns; add `where`, order and paging. */
export function selectEventFormDetails<Extra extends Record<string, SQL | SQL.Aliased>>(db: Db, extra: Extra = {} as Extra) {
  return db
    .select({
      form: eventForms,
      collection: { id: collections.id, name: collections.name },
      startup: { id: startups.id, name: startups.name, username: startups.username, logoFileId: startups.logoFileId },
      ...extra,
    })
    .from(eventForms)
    .innerJoin(startups, eq(startups.id, eventForms.startupId))
    .leftJoin(collections, eq(collections.id, eventForms.collectionId));
}

/** One form's resource by id (not scoped to an owner: callers check access first), or null. */
export async function loadEventFormResource(db: Db, id: number): Promise<EventFormView | null> {
  const [row] = await selectEventFormDetails(db, { applications: submittedApplications }).where(eq(eventForms.id, id));
  return row ? eventFormResource(row, row.applications) : null;
}
