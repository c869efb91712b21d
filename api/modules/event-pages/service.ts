/** An event's public page: what anyone, with or without an account, sees of a published event. */
import { and, eq, sql } from "drizzle-orm";
import { EVENT_PAGE_ATTENDEES, eventIdOfSlug, eventSlug, type EventPageView } from "#schemas/event-pages.ts";
import type { Db } from "#api/db/client.ts";
import { preparedPerDb } from "#api/db/embedded/prepared.ts";
import { files, startups, users } from "#api/db/schema.ts";
import { eventApplications, eventForms } from "#api/db/events-schema.ts";
import { notFound } from "#api/lib/errors.ts";
import { closedReasonGiven, FORM_PLACES_TAKEN, joinsWaitlist } from "../applications/availability.ts";
import { eventFormResource } from "../applications/views.ts";
import { publicFormsWhere } from "../event-forms/ownership.ts";
import { EVENT_FORM_NOT_FOUND } from "../event-forms/service.ts";
import { fileUrl } from "../files/service.ts";

const host = { id: startups.id, name: startups.name, username: startups.username, logoFileId: startups.logoFileId };
/** Published events have a page, and closed ones keep theirs; a draft is as good as missing. */
const ofPublicEvent = and(eq(eventForms.id, sql.placeholder("id")), publicFormsWhere);

const publicEventQuery = preparedPerDb((db) =>
  db
    .select({ form: eventForms, startup: host })
    .from(eventForms)
    .innerJoin(startups, eq(startups.id, eventForms.startupId))
    .where(ofPublicEvent)
    .prepare("public_event"),
);

/** Accepted applications of the row's event. */
const acceptedCount = sql<number>`(select count(*) from ${eventApplications}
  where ${eventApplications.eventFormId} = ${eventForms.id} and ${eventApplications.status} = 'accepted')`.mapWith(Number);

/** The first accepted attendees who agreed to be shown, as [{name, avatar}] in the order they applied. */
const shownAttendees = sql<
  { name: string; avatar: string | null }[]
>`coalesce((select json_agg(json_build_object('name', shown.name, 'avatar', shown.avatar_file_id))
  from (select ${users.name} as name, ${users.avatarFileId} as avatar_file_id from ${eventApplications}
    join ${users} on ${users.id} = ${eventApplications.userId}
    where ${eventApplications.eventFormId} = ${eventForms.id} and ${eventApplications.status} = 'accepted' and ${eventApplications.showOnEventPage}
    order by ${eventApplications.submittedAt}, ${eventApplications.id} limit ${sql.raw(String(EVENT_PAGE_ATTENDEES))}) as shown), '[]'::json)`;

/** The page in one round trip: the event, its host, the places taken, and who is going. */
const eventPageQuery = preparedPerDb((db) =>
  db
    .select({
      form: eventForms,
      startup: host,
      taken: FORM_PLACES_TAKEN,
      accepted: acceptedCount,
      shown: shownAttendees,
      coverType: files.contentType,
    })
    .from(eventForms)
    .innerJoin(startups, eq(startups.id, eventForms.startupId))
    .leftJoin(files, eq(files.id, eventForms.bannerFileId))
    .where(ofPublicEvent)
    .prepare("public_event_page"),
);

/** The id a slug names, or the form's 404 for one that names none. */
export function eventIdOf(slug: string): number {
  const id = eventIdOfSlug(slug);
  if (id === undefined) throw notFound(EVENT_FORM_NOT_FOUND);
  return id;
}

/** The event a slug names, with its host; 404 for drafts, unknown events and slugs that name none. */
export async function publicEvent(db: Db, slug: string) {
  const [found] = await publicEventQuery(db).execute({ id: eventIdOf(slug) });
  if (!found) throw notFound(EVENT_FORM_NOT_FOUND);
  return found;
}

/** The event a slug names, as its public page shows it. */
export async function eventPage(db: Db, slug: string, now = new Date()): Promise<EventPageView> {
  const [found] = await eventPageQuery(db).execute({ id: eventIdOf(slug) });
  if (!found) throw notFound(EVENT_FORM_NOT_FOUND);
  const { form, taken } = found;
  const reason = closedReasonGiven(form, taken, now);
  // The form's public fields, as to someone who has not applied (no join link), less its questions.
  const {
    online_link: _link,
    questions: _questions,
    custom_questions: _custom,
    startup: host,
    ...shown
  } = eventFormResource(form, found.startup, {
    owner: false,
    status: null,
  });
  return {
    ...shown,
    slug: eventSlug(form.id, form.title),
    places_left: form.capacity === null ? null : Math.max(0, form.capacity - taken),
    host,
    can_apply: reason === null,
    closed_reason: reason,
    joins_waitlist: reason === null && joinsWaitlist(form, taken),
    banner_type: found.coverType,
    previous_starts_at: form.previousStartsAt?.toISOString() ?? null,
    // A form published before the app kept the date: from when it was made.
    published_at: (form.publishedAt ?? form.createdAt).toISOString(),
    attendees: found.shown.map((a) => ({ name: a.name, avatar_url: fileUrl(a.avatar) })),
    attendees_count: found.accepted,
  };
}
