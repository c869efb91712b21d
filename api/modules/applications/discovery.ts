/** What a logged-in user finds: the published events, and one form's page with their own application and billing. */
import { and, count, eq, ilike, or, sql } from "drizzle-orm";
import type { ApplicationStatus, SiteEventForm } from "#schemas/applications.ts";
import type { EventCard } from "#schemas/event-form-views.ts";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { favorites } from "#api/db/community-schema.ts";
import { startups } from "#api/db/schema.ts";
import { eventApplications, eventForms } from "#api/db/events-schema.ts";
import { notFound } from "#api/lib/errors.ts";
import { pageValues, sortColumn, totalOf, totalOver, type ListQuery, type PageRows } from "#api/lib/pagination.ts";
import { listFilters, preparedPerShape, type ShapeOf } from "#api/db/embedded/prepared.ts";
import { containsPattern } from "#api/lib/like.ts";
import { billingOfUser } from "../billing/views.ts";
import { fileUrl } from "../files/service.ts";
import { publicEventUrl } from "../event-pages/links.ts";
import { applicantMeeting } from "../meetings/join-link.ts";
import { myTicket } from "../check-ins/my-ticket.ts";
import { isRealDate } from "./answers.ts";
import { closedReasonGiven, joinsWaitlist, placesTaken } from "./availability.ts";
import { waitlistPosition } from "./waitlist.ts";
import { FORM_NOT_FOUND } from "./messages.ts";
import { applicationOf, direction, visibleFormWithStartup } from "./queries.ts";
import { applicationResource, eventFormResource, startupCard } from "./views.ts";

export async function siteEventForm(db: Db, user: AuthUser, id: number): Promise<SiteEventForm> {
  const found = await visibleFormWithStartup(db, user, id);
  if (!found) throw notFound(FORM_NOT_FOUND);
  const taken = await placesTaken(db, id);
  const reason = closedReasonGiven(found.form, taken);
  const mine = await applicationOf(db, id, user.id);
  const myBilling = found.form.typeOfEvent === "paid" ? await billingOfUser(db, id, user.id) : null;
  return {
    event_form: eventFormResource(found.form, found.startup, { owner: found.managed, status: mine?.status }),
    can_apply: reason === null,
    closed_reason: reason,
    places_left: found.form.capacity === null ? null : Math.max(0, found.form.capacity - taken),
    joins_waitlist: reason === null && joinsWaitlist(found.form, taken),
    my_waitlist_position: mine ? await waitlistPosition(db, mine) : null,
    my_offer_expires_at:
      mine?.status === "waitlisted" && mine.offerExpiresAt && mine.offerExpiresAt > new Date() ? mine.offerExpiresAt.toISOString() : null,
    my_application: mine ? applicationResource(mine, found.form.customQuestions) : null,
    /** The caller's billing for a paid form ({id, payment_status, total, currency}); null for free forms or none yet. */
    my_billing: myBilling,
    /** The form's video meeting ({provider, provider_label, join_url}), only once the caller's application is accepted. */
    my_meeting: applicantMeeting(mine?.status, found.form),
    my_ticket: await myTicket(db, mine),
  };
}

export interface EventFilters {
  category?: string;
  nature?: string;
  from?: string;
  to?: string;
  include_past?: boolean;
}

const EVENT_SORTS = ["starts_at", "title", "created_at"] as const;

/** The event's start date on its own wall clock, for from/to filters. */
const localStartDate = sql`(${eventForms.startsAt} at time zone ${eventForms.timezone})::date`;

/** Whether the caller has starred the row's event (made it one of their favorites). */
const favoritedByViewer = sql<boolean>`exists (select 1 from ${favorites} where ${favorites.userId} = ${sql.placeholder("userId")}
  and ${favorites.favoritableType} = 'event' and ${favorites.favoritableId} = ${eventForms.id})`;

/** The caller's own application to the row's event, if any (one per person and event): its status. */
const viewerApplicationStatus = sql<ApplicationStatus | null>`(select ${eventApplications.status} from ${eventApplications}
  where ${eventApplications.eventFormId} = ${eventForms.id} and ${eventApplications.userId} = ${sql.placeholder("userId")} limit 1)`;

/** A from/to date the calendar has, else no filter. */
const realDate = (date: string | undefined) => (date && isRealDate(date) ? date : undefined);

/**
 * The list's filters: a new one is one more entry here, read by the request, the page and its count.
 * Past events are left out unless asked for: `upcoming` is set when `include_past` is not.
 */
const EVENT_FILTERS = listFilters<EventFilters & Pick<ListQuery, "search">>()({
  upcoming: { value: (query) => (query.include_past ? undefined : true), where: () => sql`${eventForms.endsAt} >= now()` },
  category: { value: (query) => query.category || undefined, where: (category) => eq(eventForms.category, category) },
  nature: { value: (query) => query.nature || undefined, where: (nature) => eq(eventForms.nature, nature) },
  from: { value: (query) => realDate(query.from), where: (from) => sql`${localStartDate} >= ${from}::date` },
  to: { value: (query) => realDate(query.to), where: (to) => sql`${localStartDate} <= ${to}::date` },
  search: {
    value: (query) => (query.search ? containsPattern(query.search) : undefined),
    where: (like) => or(ilike(eventForms.title, like), ilike(startups.name, like)),
  },
});

type EventFilterShape = ShapeOf<typeof EVENT_FILTERS>;

function eventsWhere(shape: EventFilterShape) {
  return and(eq(eventForms.status, "published"), ...EVENT_FILTERS.where(shape));
}

/** The page (carrying the list's total), prepared per filter and order: its SQL is built once. */
const eventPageQuery = preparedPerShape(
  "event_page",
  (db, shape: EventFilterShape & { sortBy: (typeof EVENT_SORTS)[number]; order: "asc" | "desc" }, name) => {
    const column = {
      starts_at: eventForms.startsAt,
      title: sql`lower(${eventForms.title})`,
      created_at: eventForms.createdAt,
    }[shape.sortBy];
    return db
      .select({
        id: eventForms.id,
        title: eventForms.title,
        description: sql<string>`left(${eventForms.description}, 280)`,
        bannerFileId: eventForms.bannerFileId,
        category: eventForms.category,
        nature: eventForms.nature,
        timezone: eventForms.timezone,
        startsAt: eventForms.startsAt,
        endsAt: eventForms.endsAt,
        venue: eventForms.venue,
        typeOfEvent: eventForms.typeOfEvent,
        paidEventInformation: eventForms.paidEventInformation,
        capacity: eventForms.capacity,
        status: eventForms.status,
        startup: { id: startups.id, name: startups.name, username: startups.username, logoFileId: startups.logoFileId },
        isFavorited: favoritedByViewer,
        myApplicationStatus: viewerApplicationStatus,
        listTotal: totalOver(),
      })
      .from(eventForms)
      .innerJoin(startups, eq(startups.id, eventForms.startupId))
      .where(eventsWhere(shape))
      .orderBy(direction(column, shape.order), direction(eventForms.id, shape.order))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(name);
  },
);

const eventCountQuery = preparedPerShape("event_count", (db, shape: EventFilterShape, name) =>
  db
    .select({ n: count() })
    .from(eventForms)
    .innerJoin(startups, eq(startups.id, eventForms.startupId))
    .where(eventsWhere(shape))
    .prepare(name),
);

export async function listEvents(db: Db, user: Pick<AuthUser, "id">, query: ListQuery & EventFilters): Promise<PageRows<EventCard>> {
  const { shape: filters, values: filterValues } = EVENT_FILTERS.read(query);
  const values = { userId: user.id, ...filterValues, ...pageValues(query) };
  const shape = { ...filters, sortBy: sortColumn(query.sort_by, EVENT_SORTS, "starts_at"), order: query.sort_order };
  const rows = await eventPageQuery(db, shape).execute(values);
  const total = await totalOf(rows, query, async () => (await eventCountQuery(db, filters).execute(values))[0].n);
  const data = rows.map((r) => ({
    id: r.id,
    public_url: publicEventUrl(r),
    title: r.title,
    description: r.description,
    banner_url: fileUrl(r.bannerFileId),
    category: r.category,
    nature: r.nature,
    timezone: r.timezone,
    starts_at: r.startsAt.toISOString(),
    ends_at: r.endsAt.toISOString(),
    venue: r.venue,
    type_of_event: r.typeOfEvent,
    paid_event_information: r.paidEventInformation,
    capacity: r.capacity,
    status: r.status,
    startup: startupCard(r.startup),
    is_favorited: r.isFavorited,
    my_application_status: r.myApplicationStatus,
  }));
  return { total, data };
}
