/** An event's public page: what anyone, with or without an account, sees of a published event. */
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { EVENT_PAGE_ATTENDEES, eventIdOfSlug, eventSlug, type EventPageView } from "#schemas/event-pages.ts";
import type { Db } from "#api/db/client.ts";
import { startups, users } from "#api/db/schema.ts";
import { eventApplications, eventForms } from "#api/db/events-schema.ts";
import { notFound } from "#api/lib/errors.ts";
import { closedReasonGiven, placesTaken } from "../applications/availability.ts";
import { startupCard } from "../applications/views.ts";
import { EVENT_FORM_NOT_FOUND } from "../event-forms/service.ts";
import { fileUrl } from "../files/service.ts";
import { publicEventUrl } from "./links.ts";

/** Published events have a page, and closed ones keep theirs; a draft is as good as missing. */
const PUBLIC_STATUSES = ["published", "closed"] as const;

const accepted = (formId: number) => and(eq(eventApplications.eventFormId, formId), eq(eventApplications.status, "accepted"));

/** The event a slug names, with its host; 404 for drafts, unknown events and slugs that name none. */
export async function publicEvent(db: Db, slug: string) {
  const id = eventIdOfSlug(slug);
  if (id === undefined) throw notFound(EVENT_FORM_NOT_FOUND);
  const [found] = await db
    .select({
      form: eventForms,
      startup: { id: startups.id, name: startups.name, username: startups.username, logoFileId: startups.logoFileId },
    })
    .from(eventForms)
    .innerJoin(startups, eq(startups.id, eventForms.startupId))
    .where(and(eq(eventForms.id, id), inArray(eventForms.status, [...PUBLIC_STATUSES])));
  if (!found) throw notFound(EVENT_FORM_NOT_FOUND);
  return found;
}

/** The event a slug names, as its public page shows it. */
export async function eventPage(db: Db, slug: string, now = new Date()): Promise<EventPageView> {
  const found = await publicEvent(db, slug);
  const { form } = found;
  const taken = await placesTaken(db, form.id);
  const reason = closedReasonGiven(form, taken, now);
  const shown = await db
    .select({ name: users.name, avatarFileId: users.avatarFileId })
    .from(eventApplications)
    .innerJoin(users, eq(users.id, eventApplications.userId))
    .where(and(accepted(form.id), eq(eventApplications.showOnEventPage, true)))
    .orderBy(asc(eventApplications.submittedAt), asc(eventApplications.id))
    .limit(EVENT_PAGE_ATTENDEES);
  const [{ n: attendeesCount }] = await db.select({ n: count() }).from(eventApplications).where(accepted(form.id));
  return {
    id: form.id,
    slug: eventSlug(form.id, form.title),
    public_url: publicEventUrl(form),
    title: form.title,
    description: form.description,
    banner_url: fileUrl(form.bannerFileId),
    category: form.category,
    nature: form.nature,
    timezone: form.timezone,
    starts_at: form.startsAt.toISOString(),
    ends_at: form.endsAt.toISOString(),
    venue: form.venue,
    venue_country: form.venueCountry,
    venue_city: form.venueCity,
    application_deadline: form.applicationDeadline?.toISOString() ?? null,
    type_of_event: form.typeOfEvent,
    paid_event_information: form.paidEventInformation ?? null,
    capacity: form.capacity,
    places_left: form.capacity === null ? null : Math.max(0, form.capacity - taken),
    status: form.status,
    host: startupCard(found.startup),
    can_apply: reason === null,
    closed_reason: reason,
    attendees: shown.map((a) => ({ name: a.name, avatar_url: fileUrl(a.avatarFileId) })),
    attendees_count: attendeesCount,
  };
}
