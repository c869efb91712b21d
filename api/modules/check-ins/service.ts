/** The door: checking tickets in and out, and the list of an event's tickets with its figures. */
import { and, asc, count, eq, ilike, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import {
  CHECK_IN_UNDONE,
  CHECKED_IN,
  NOT_CHECKED_IN,
  TICKET_CANCELLED,
  TICKET_NOT_FOUND,
  TICKET_REJECTED,
  TICKET_WAITLISTED,
  alreadyCheckedIn,
  ticketForAnotherEvent,
  type CheckInAnswer,
  type CheckInCounts,
  type TicketView,
} from "#schemas/check-ins.ts";
import { formatInZone } from "#schemas/event-format.ts";
import { CHECK_INS_CHANGED_EVENT, eventFormChannel } from "#schemas/realtime.ts";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { preparedPerDb } from "#api/db/embedded/prepared.ts";
import { eventApplications, eventCheckIns, eventForms } from "#api/db/events-schema.ts";
import { changesOnly } from "#api/lib/answer-caches.ts";
import { notFound } from "#api/lib/errors.ts";
import { containsPattern } from "#api/lib/like.ts";
import { hit, preparedTakeStatement, preparedTakeValues, type RateLimit } from "#api/lib/rate-limit.ts";
import { offset, totalOf, totalOver, type ListQuery, type PageRows } from "#api/lib/pagination.ts";
import type { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { accessPlaceholders, managedFormsWhere } from "../event-forms/ownership.ts";
import { organizationAccess } from "#api/lib/owner.ts";
import { managedFormOr404 } from "../event-forms/service.ts";
import { codeOfScan, normaliseTicketCode, NOT_ADMITTED } from "./tickets.ts";
import { selectTickets, ticketView } from "./ticket-views.ts";
import { activities } from "#api/db/organization-schema.ts";
import { recordedInStatement } from "#api/lib/activity.ts";

type FormRow = typeof eventForms.$inferSelect;

export async function doorCounts(db: Db, formId: number): Promise<CheckInCounts> {
  const [counts] = await doorCountsQuery(db).execute({ formId });
  return counts;
}

/** The door's two figures for the form named by the `formId` placeholder, as columns of any query. */
const doorCountColumns = () => ({
  checked_in:
    sql<number>`(select count(*) from ${eventCheckIns} where ${eventCheckIns.eventFormId} = ${sql.placeholder("formId")})`.mapWith(Number),
  expected: sql<number>`(select count(*) from ${eventApplications} where ${eventApplications.eventFormId} = ${sql.placeholder("formId")}
    and ${notInArray(eventApplications.status, [...NOT_ADMITTED])})`.mapWith(Number),
});

/** Both figures in one round trip. */
const doorCountsQuery = preparedPerDb((db) =>
  db
    .select(doorCountColumns())
    .from(sql`(select 1) as one`)
    .prepare("door_counts"),
);

/** Whether the caller's role reads the organization's forms, and so sees applicants' addresses. */
const seesAddresses = (user: AuthUser) => organizationAccess(user, "forms.read") !== null;

/**
 * Every scan looks a ticket up: prepared, so its joins are not built again on each one. The door's figures
 * come with it, read in the same snapshot: a scan that is turned away (a second scan, a cancelled ticket)
 * answers with them and no other query. So does the ticket's event: when it is the door's, the caller
 * manages the door's event too, and a scan needs no look-up of the event of its own.
 *
 * The scan's place on the member's limit is taken by the same statement (the rate limiter's own take, as a
 * CTE): the statement always answers the take's row, and the ticket only when the take had room, so a scan
 * past the limit reads nothing and the door's busiest call spends no round trip of its own on the limit.
 */
const ownTicketQuery = preparedPerDb((db) => {
  const rate = db
    .$with("rate", { taken: sql<boolean>`taken`.as("taken"), retryAfter: sql<number | null>`retry_after`.as("retry_after") })
    .as(preparedTakeStatement());
  const ticketQuery = selectTickets(db, {
    checked_in: doorCountColumns().checked_in.as("checked_in"),
    expected: doorCountColumns().expected.as("expected"),
    formTitle: sql<string>`${eventForms.title}`.as("form_title"),
    formTimezone: sql<string>`${eventForms.timezone}`.as("form_timezone"),
    organizationId: sql<number>`${eventForms.startupId}`.as("organization_id"),
  })
    .innerJoin(eventForms, eq(eventForms.id, eventApplications.eventFormId))
    .where(and(eq(eventApplications.ticketCode, sql.placeholder("code")), managedFormsWhere(accessPlaceholders)));
  const ticket = db.$with("ticket").as(ticketQuery);
  // The ticket's columns as the CTE's: all null (the nested object null) when the take had no room or no ticket matched.
  const selected = ticketQuery._.selectedFields;
  const ticketFields = Object.fromEntries(Object.keys(selected).map((name) => [name, ticket[name as keyof typeof selected]])) as {
    [K in keyof typeof selected]: (typeof ticket)[K];
  };
  return db
    .with(rate, ticket)
    .select({ taken: rate.taken, retryAfter: rate.retryAfter, ticket: ticketFields })
    .from(rate)
    .leftJoin(ticket, sql`${rate.taken}`)
    .prepare("own_ticket");
});

/**
 * The scan's take on the member's `limit` (its 429 when past it) and, with room, a ticket of one of the
 * caller's events by code, with the door's figures of `formId` (the event being scanned for); another
 * startup's ticket is as good as missing.
 */
async function ownTicket(db: Db, user: AuthUser, code: string | null, formId: number, limit: RateLimit) {
  const access = organizationAccess(user, "check_in");
  if (code === null || access === null) {
    // Nothing to look up: the scan still counts on the limit.
    await hit(db, limit, user.id);
    return null;
  }
  const [row] = await ownTicketQuery(db).execute({ code, ...access, formId, ...preparedTakeValues(limit, user.id) });
  if (!row.taken) throw limit.refusal(row.retryAfter!);
  return row.ticket;
}

const countsOf = (row: CheckInCounts): CheckInCounts => ({ checked_in: row.checked_in, expected: row.expected });

function countsChanged(queue: BroadcastQueue, formId: number, counts: CheckInCounts) {
  queue.add({ channels: [eventFormChannel(formId)], event: CHECK_INS_CHANGED_EVENT, data: { event_form_id: formId, ...counts } });
}

/**
 * A scan or a typed code at the door of the caller's event `formId` (another startup's, or none: the
 * event's 404). The unique key on the application makes the check-in: of two doors scanning one ticket at
 * once, one inserts and the other is told when and by whom. Every scan counts on the member's `limit`,
 * whatever it finds, so codes cannot be tried by the hundred: past it, the limit's 429.
 */
export async function checkIn(
  db: Db,
  user: AuthUser,
  formId: number,
  scanned: string,
  queue: BroadcastQueue,
  limit: RateLimit,
): Promise<{ status: 201 | 404 | 409; answer: CheckInAnswer }> {
  // Scans come by the hundred at an event's start: only the caches that count check-ins are emptied after one.
  changesOnly("check-ins");
  const withAddress = seesAddresses(user);
  const row = await ownTicket(db, user, await codeOfScan(db, scanned), formId, limit);
  // Turned away, a scan answers with the door's figures: those read with its ticket wherever they are still true.
  const refuse = (
    status: 404 | 409,
    outcome: CheckInAnswer["outcome"],
    message: string,
    ticket: TicketView | null,
    counts: CheckInCounts,
  ) => ({
    status,
    answer: { outcome, message, ticket, counts },
  });
  if (row?.eventFormId !== formId) {
    // Not a ticket of this door's event: the event itself is looked up, so that a door of an event the caller
    // does not manage is the event's 404 whatever the code.
    await managedFormOr404(db, organizationAccess(user, "check_in"), formId);
    if (!row) return refuse(404, "not_found", TICKET_NOT_FOUND, null, await doorCounts(db, formId));
    return refuse(409, "another_event", ticketForAnotherEvent(row.formTitle), ticketView(row, withAddress), countsOf(row));
  }
  const readCounts = countsOf(row);
  if (row.status === "cancelled" || row.status === "draft")
    return refuse(409, "cancelled", TICKET_CANCELLED, ticketView(row, withAddress), readCounts);
  if (row.status === "rejected") return refuse(409, "cancelled", TICKET_REJECTED, ticketView(row, withAddress), readCounts);
  if (row.status === "waitlisted") return refuse(409, "cancelled", TICKET_WAITLISTED, ticketView(row, withAddress), readCounts);
  const already = (checkedInAt: Date, by: string | null, counts: CheckInCounts) =>
    refuse(
      409,
      "already_checked_in",
      alreadyCheckedIn(formatInZone(checkedInAt, row.formTimezone), by),
      ticketView({ ...row, checkedInAt, checked_in_by: by }, withAddress),
      counts,
    );
  if (row.checkedInAt) return already(row.checkedInAt, row.checked_in_by, readCounts);

  // The check-in, its entry in the record of what happened and the entry's webhooks, in one statement: the
  // entry is written only when this door's insert took.
  const insertion = db
    .insert(eventCheckIns)
    .values({ eventApplicationId: row.application_id, eventFormId: formId, checkedInByUserId: user.id })
    .onConflictDoNothing()
    .returning({ id: eventCheckIns.id });
  const checkedIn = db.$with("checked_in", { id: sql<number>`id`.as("id") }).as(insertion.getSQL());
  const recorded = recordedInStatement(db, checkedIn, {
    organizationId: row.organizationId,
    actor: { id: user.id, name: user.name },
    kind: "application.checked_in",
    subject: { id: row.application_id, label: row.name },
    eventFormId: formId,
  });
  const [inserted] = await db
    .with(checkedIn, ...recorded.with)
    .insert(activities)
    .select(db.select().from(recorded.entry))
    .returning({ checkedInAt: activities.at });
  if (!inserted) {
    // Another door let this ticket in between the look-up and the insert: say when, and who, with the
    // figures as they are now (the ones read with the ticket miss that door's check-in).
    const [now] = await selectTickets(db).where(eq(eventApplications.id, row.application_id));
    return already(now.checkedInAt!, now.checked_in_by, await doorCounts(db, formId));
  }
  const counts = await doorCounts(db, formId);
  countsChanged(queue, formId, counts);
  const ticket = ticketView({ ...row, checkedInAt: inserted.checkedInAt, checked_in_by: user.name }, withAddress);
  return { status: 201, answer: { outcome: "checked_in", message: CHECKED_IN, ticket, counts } };
}

/** Takes a check-in back (scanned by mistake): 404 for a code of no ticket of this event, or one not checked in. */
export async function undoCheckIn(db: Db, user: AuthUser, form: FormRow, typed: string, queue: BroadcastQueue) {
  changesOnly("check-ins");
  const code = normaliseTicketCode(typed);
  const [application] = await db
    .select({ id: eventApplications.id, name: eventApplications.applicantName })
    .from(eventApplications)
    .where(and(eq(eventApplications.eventFormId, form.id), eq(eventApplications.ticketCode, code)));
  if (!application) throw notFound(TICKET_NOT_FOUND);
  // Taken back and recorded in one statement, as a check-in is.
  const deletion = db.delete(eventCheckIns).where(eq(eventCheckIns.eventApplicationId, application.id)).returning({ id: eventCheckIns.id });
  const undone = db.$with("undone", { id: sql<number>`id`.as("id") }).as(deletion.getSQL());
  const recorded = recordedInStatement(db, undone, {
    organizationId: form.startupId,
    actor: { id: user.id, name: user.name },
    kind: "application.check_in_undone",
    subject: { id: application.id, label: application.name },
    eventFormId: form.id,
  });
  const removed = await db
    .with(undone, ...recorded.with)
    .insert(activities)
    .select(db.select().from(recorded.entry))
    .returning({ id: activities.id });
  if (!removed.length) throw notFound(NOT_CHECKED_IN);
  const counts = await doorCounts(db, form.id);
  countsChanged(queue, form.id, counts);
  return { message: CHECK_IN_UNDONE, counts };
}

/**
 * The event's tickets by name, searchable by name, email or code; a caller who does not see addresses
 * searches by name or code only, so a search cannot tell them an address either.
 */
export async function listTickets(db: Db, user: AuthUser, form: FormRow, query: ListQuery): Promise<PageRows<TicketView>> {
  const withAddress = seesAddresses(user);
  const conditions: (SQL | undefined)[] = [eq(eventApplications.eventFormId, form.id), ne(eventApplications.status, "draft")];
  if (query.search) {
    const like = containsPattern(query.search);
    conditions.push(
      or(
        ilike(eventApplications.applicantName, like),
        withAddress ? ilike(eventApplications.applicantEmail, like) : undefined,
        ilike(eventApplications.ticketCode, like),
      ),
    );
  }
  const where = and(...conditions);
  // The page carries the list's total (one round trip); a page past the end asks for it apart.
  const rows = await selectTickets(db, { listTotal: totalOver() })
    .where(where)
    .orderBy(asc(eventApplications.applicantName), asc(eventApplications.id))
    .limit(query.per_page)
    .offset(offset(query));
  const total = await totalOf(rows, query, async () => (await db.select({ n: count() }).from(eventApplications).where(where))[0].n);
  return { total, data: rows.map((row) => ticketView(row, withAddress)) };
}
