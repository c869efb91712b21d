import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "#api/db/client.ts";
import { eventApplications, type ApplicationStatus, type eventForms } from "#api/db/events-schema.ts";

/**
 * Whether a form takes applications now. Shared by applications (apply) and billing (a form nobody can
 * apply to cannot be paid for); it imports neither module, so both can import it without a cycle.
 */
export const NOT_OPEN = "This event is not open for applications.";
export const DEADLINE_PASSED = "Applications closed on the deadline.";
export const FULL = "This event is full.";

/** Statuses of an application that was never sent, or was withdrawn: everything else is under review. */
export const UNSENT_OR_WITHDRAWN: ApplicationStatus[] = ["draft", "cancelled"];

/** Statuses that hold no place: not sent, withdrawn, turned down, or still waiting in line. */
export const NOT_HOLDING_A_PLACE: ApplicationStatus[] = [...UNSENT_OR_WITHDRAWN, "rejected", "waitlisted"];

type FormRow = typeof eventForms.$inferSelect;

const notHoldingList = sql.join(
  NOT_HOLDING_A_PLACE.map((status) => sql`${status}`),
  sql`, `,
);

/**
 * The one rule of who holds a place, as a condition on the applications table under `alias`: submitted and
 * not withdrawn, turned down or waiting; or first in line of a paid event with a place offered to them that
 * has not lapsed (held while they pay). Places left, the dashboard and the waitlist all count by it.
 */
export function holdsAPlaceIn(alias: string) {
  const a = sql.identifier(alias);
  return sql`(${a}.status not in (${notHoldingList}) or (${a}.status = 'waitlisted' and ${a}.offer_expires_at > now()))`;
}

/** The places taken of the form of each row of a query from event_forms (a correlated count). */
export const FORM_PLACES_TAKEN = sql<number>`(select count(*) from event_applications a
  where a.event_form_id = event_forms.id and ${holdsAPlaceIn("a")})`.mapWith(Number);

/** The places taken of a form. */
export async function placesTaken(db: Db, formId: number) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(eventApplications)
    .where(and(eq(eventApplications.eventFormId, formId), holdsAPlaceIn("event_applications")));
  return n;
}

type Availability = Pick<FormRow, "id" | "status" | "applicationDeadline" | "endsAt" | "capacity" | "waitlistEnabled">;

/**
 * Whether a submission now joins the waitlist rather than taking a place: the form is full and queues. On a
 * paid event it joins without paying: the first in line pays once a place is offered to them.
 */
export function joinsWaitlist(form: Availability, taken: number): boolean {
  return form.waitlistEnabled && form.capacity !== null && taken >= form.capacity;
}

/** Why the form takes no applications now, or null when it does. Without a deadline, the event's end is one. */
export async function closedReason(db: Db, form: Availability, now = new Date()): Promise<string | null> {
  const timely = closedReasonGiven(form, 0, now);
  if (timely !== null || form.capacity === null) return timely;
  return closedReasonGiven(form, await placesTaken(db, form.id), now);
}

/** The same, for a caller that has counted the places taken already. */
export function closedReasonGiven(form: Availability, taken: number, now = new Date()): string | null {
  if (form.status !== "published") return NOT_OPEN;
  if ((form.applicationDeadline ?? form.endsAt).getTime() <= now.getTime()) return DEADLINE_PASSED;
  if (form.capacity !== null && taken >= form.capacity && !joinsWaitlist(form, taken)) return FULL;
  return null;
}
