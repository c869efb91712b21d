/** The owner's next events and how full they are. */
import type { OrganizationAccess } from "#api/lib/owner.ts";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { UpcomingEvents } from "#schemas/dashboard.ts";
import type { Db } from "#api/db/client.ts";
import { eventForms } from "#api/db/events-schema.ts";
import { FORM_PLACES_TAKEN } from "../applications/availability.ts";
import { totalOver } from "#api/lib/pagination.ts";
import { managedFormsWhere } from "../event-forms/ownership.ts";

export const UPCOMING_LIMIT = 5;

/**
 * Published forms of the startup that have not started, soonest first, each with the places taken as the
 * apply rule counts them (holdsAPlaceIn): one statement, the count per form through
 * event_applications_form_status_idx.
 */
export async function upcomingEvents(db: Db, access: OrganizationAccess): Promise<UpcomingEvents> {
  const rows = await db
    .select({
      id: eventForms.id,
      title: eventForms.title,
      startsAt: eventForms.startsAt,
      endsAt: eventForms.endsAt,
      timezone: eventForms.timezone,
      capacity: eventForms.capacity,
      // Spelled out (FORM_PLACES_TAKEN): drizzle leaves a lone table's columns unqualified, which inside the
      // subquery would mean a.id.
      taken: FORM_PLACES_TAKEN,
      checkedIn: sql<number>`(select count(*) from event_check_ins c where c.event_form_id = event_forms.id)`.mapWith(Number),
      listTotal: totalOver(),
    })
    .from(eventForms)
    // Until it ends: an event under way is where the door's figures matter.
    .where(and(managedFormsWhere(access), eq(eventForms.status, "published"), gt(eventForms.endsAt, sql`now()`)))
    .orderBy(asc(eventForms.startsAt), asc(eventForms.id))
    .limit(UPCOMING_LIMIT);
  const total = rows.length ? rows[0].listTotal : 0;
  return {
    total,
    events: rows.map((r) => ({
      id: r.id,
      title: r.title,
      starts_at: r.startsAt.toISOString(),
      ends_at: r.endsAt.toISOString(),
      timezone: r.timezone,
      capacity: r.capacity,
      places_taken: r.taken,
      checked_in: r.checkedIn,
    })),
  };
}
