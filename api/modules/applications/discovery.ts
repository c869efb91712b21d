/** What a logged-in user finds: the published events, and one form's page with their own application and billing. */
import { and, count, eq, ilike, or, sql } from "drizzle-orm";
import type { AuthUser } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { favorites } from "../../db/community-schema.ts";
import { startups } from "../../db/schema.ts";
import { eventForms } from "../../db/events-schema.ts";
import { notFound } from "../../lib/errors.ts";
import { offset, sortColumn, totalOf, totalOver, type ListQuery } from "../../lib/pagination.ts";
import { escapeLike } from "../access/service.ts";
import { billingOfUser } from "../billing/view.ts";
import { fileUrl } from "../files/service.ts";
import { applicantMeeting } from "../meetings/join-link.ts";
import { isRealDate } from "./answers.ts";
import { closedReason } from "./availability.ts";
import { FORM_NOT_FOUND } from "./messages.ts";
import { applicationOf, direction, visibleFormWithStartup } from "./queries.ts";
import { applicationResource, eventFormResource, startupCard, type FormRow } from "./resources.ts";

export async function siteEventForm(db: Db, user: AuthUser, id: number) {
  const found = await visibleFormWithStartup(db, user, id);
  if (!found) throw notFound(FORM_NOT_FOUND);
  const reason = await closedReason(db, found.form);
  const mine = await applicationOf(db, id, user.id);
  const myBilling = found.form.typeOfEvent === "paid" ? await billingOfUser(db, id, user.id) : null;
  return {
    event_form: eventFormResource(found.form, found.startup),
    can_apply: reason === null,
    closed_reason: reason,
    my_application: mine ? applicationResource(mine, found.form.customQuestions) : null,
    /** The caller's billing for a paid form ({id, payment_status, total, currency}); null for free forms or none yet. */
    my_billing: myBilling,
    /** The form's video meeting ({provider, provider_label, join_url}), only once the caller's application is accepted. */
    my_meeting: applicantMeeting(mine?.status, found.form),
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

/** The caller has starred the row's event (issue 10, favorites). */
const favoritedBy = (userId: number) =>
  sql<boolean>`exists (select 1 from ${favorites} where ${favorites.userId} = ${userId} and ${favorites.favoritableType} = 'event' and ${favorites.favoritableId} = ${eventForms.id})`;

export async function listEvents(db: Db, user: Pick<AuthUser, "id">, query: ListQuery & EventFilters) {
  const search = query.search ? `%${escapeLike(query.search)}%` : null;
  const where = and(
    eq(eventForms.status, "published"),
    query.include_past ? undefined : sql`${eventForms.endsAt} >= now()`,
    query.category ? eq(eventForms.category, query.category) : undefined,
    query.nature ? eq(eventForms.nature, query.nature as FormRow["nature"]) : undefined,
    query.from && isRealDate(query.from) ? sql`${localStartDate} >= ${query.from}::date` : undefined,
    query.to && isRealDate(query.to) ? sql`${localStartDate} <= ${query.to}::date` : undefined,
    search ? or(ilike(eventForms.title, search), ilike(startups.name, search)) : undefined,
  );
  const column = {
    starts_at: eventForms.startsAt,
    title: sql`lower(${eventForms.title})`,
    created_at: eventForms.createdAt,
  }[sortColumn(query.sort_by, EVENT_SORTS, "starts_at")];
  const rows = await db
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
      isFavorited: favoritedBy(user.id),
      listTotal: totalOver(),
    })
    .from(eventForms)
    .innerJoin(startups, eq(startups.id, eventForms.startupId))
    .where(where)
    .orderBy(direction(column, query.sort_order), direction(eventForms.id, query.sort_order))
    .limit(query.per_page)
    .offset(offset(query));
  const total = await totalOf(rows, query, async () => {
    const [{ n }] = await db.select({ n: count() }).from(eventForms).innerJoin(startups, eq(startups.id, eventForms.startupId)).where(where);
    return n;
  });
  const data = rows.map((r) => ({
    id: r.id,
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
  }));
  return { total, data };
}
