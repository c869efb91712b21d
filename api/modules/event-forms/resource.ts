import { and, count, eq, inArray, notInArray } from "drizzle-orm";
import { instantToZoned } from "../../../schemas/time.ts";
import type { Db } from "../../db/client.ts";
import { collections, eventApplications, eventForms, startups } from "../../db/schema.ts";
import { fileUrl } from "../files/service.ts";

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
export function eventFormResource({ form, collection, startup }: EventFormDetail, applicationsCount: number) {
  return {
    id: form.id,
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
    online_link: form.onlineLink,
    capacity: form.capacity,
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
export type EventFormResource = ReturnType<typeof eventFormResource>;

/** Forms joined to their collection and startup; add `where`, order and paging. */
export function selectEventFormDetails(db: Db) {
  return db
    .select({
      form: eventForms,
      collection: { id: collections.id, name: collections.name },
      startup: { id: startups.id, name: startups.name, username: startups.username, logoFileId: startups.logoFileId },
    })
    .from(eventForms)
    .innerJoin(startups, eq(startups.id, eventForms.startupId))
    .leftJoin(collections, eq(collections.id, eventForms.collectionId));
}

/** Submitted applications per form, for a whole page of forms in one grouped query. */
export async function applicationCounts(db: Db, formIds: number[]): Promise<Map<number, number>> {
  if (!formIds.length) return new Map();
  const rows = await db
    .select({ formId: eventApplications.eventFormId, n: count() })
    .from(eventApplications)
    .where(and(inArray(eventApplications.eventFormId, formIds), notInArray(eventApplications.status, [...NOT_SUBMITTED])))
    .groupBy(eventApplications.eventFormId);
  return new Map(rows.map((r) => [r.formId, Number(r.n)]));
}

export async function eventFormResources(db: Db, details: EventFormDetail[]): Promise<EventFormResource[]> {
  const counts = await applicationCounts(
    db,
    details.map((d) => d.form.id),
  );
  return details.map((d) => eventFormResource(d, counts.get(d.form.id) ?? 0));
}

/** One form's resource by id (not scoped to an owner: callers check access first), or null. */
export async function loadEventFormResource(db: Db, id: number): Promise<EventFormResource | null> {
  const details = await selectEventFormDetails(db).where(eq(eventForms.id, id));
  return details.length ? (await eventFormResources(db, details))[0] : null;
}
