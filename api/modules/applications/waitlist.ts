/**
 * The waitlist of a full form that queues (availability.ts, joinsWaitlist): a submission waits in line,
 * status "waitlisted" and no ticket yet, in the order it joined. Each place that frees (a cancellation, a
 * rejection, a refund) goes at once to the first one waiting: on a free event they have it, with a ticket;
 * on a paid one it is offered to them, held for the form's offer hours while they pay, and passes to the
 * next one if they do not. Each step is told to the person.
 */
import { and, asc, count, eq, gt, isNull, lt, lte, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "#api/db/client.ts";
import { eventApplications, eventForms } from "#api/db/events-schema.ts";
import type { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { newTicketCode } from "../check-ins/tickets.ts";
import type { WaitlistMoveData } from "#schemas/activity.ts";
import { dropReminder } from "../notification-mail/event-mail.ts";
import { recordActivity } from "#api/lib/activity.ts";
import { joinsWaitlist, placesTaken, UNSENT_OR_WITHDRAWN } from "./availability.ts";

/**
 * The form's row, locked for the rest of the transaction. Every change to who holds one of its places
 * (applying, cancelling, a review, the waitlist, a payment, a refund) takes it before any application's
 * row, and after the billing's row when a billing is concerned, so two such changes wait in turn and never
 * on each other.
 */
export async function lockedForm(tx: Db, formId: number) {
  const [form] = await tx.select().from(eventForms).where(eq(eventForms.id, formId)).for("update");
  return form;
}

/** What each step does to the application's status, as the record shows it. */
const MOVE_STATUS: Record<WaitlistMoveData["move"], { from: string; to: string } | null> = {
  joined: null,
  offered: null,
  admitted: { from: "waitlisted", to: "pending" },
  lapsed: { from: "waitlisted", to: "cancelled" },
};

/** A step of the line, made by nobody but the line itself: on the form's organization's record, told to its applicant. */
async function recordMove(
  tx: Db,
  queue: BroadcastQueue,
  form: { startupId: number },
  row: { id: number; userId: number; eventFormId: number; applicantName: string },
  move: WaitlistMoveData,
) {
  const status = MOVE_STATUS[move.move];
  await recordActivity(
    tx,
    {
      organizationId: form.startupId,
      actor: null,
      kind: "application.waitlist_moved",
      subject: { id: row.id, label: row.applicantName },
      eventFormId: row.eventFormId,
      changes: move.move === "offered" ? { offered_until: { from: null, to: move.offered_until } } : status ? { status } : {},
      data: { applicant_id: row.userId, ...move },
    },
    queue,
  );
}

/**
 * Gives each free place of the form to the first one waiting, inside the caller's transaction (after the
 * change that freed a place). The form row is locked first, so places freed at the same moment in different
 * transactions are filled one transaction at a time: each counts the places the one before it filled, and
 * the line moves in order, nobody promoted twice. Returns how many were promoted.
 */
export async function fillFreedPlaces(tx: Db, formId: number, queue: BroadcastQueue): Promise<number> {
  const form = await lockedForm(tx, formId);
  if (!form?.waitlistEnabled || form.capacity === null) return 0;
  if (form.status !== "published" || form.endsAt.getTime() <= Date.now()) return 0;
  // A live offer holds its place (holdsAPlaceIn), so it is not free again here.
  const free = form.capacity - (await placesTaken(tx, formId));
  if (free <= 0) return 0;
  const next = await tx
    .select({ id: eventApplications.id })
    .from(eventApplications)
    .where(
      and(eq(eventApplications.eventFormId, formId), eq(eventApplications.status, "waitlisted"), isNull(eventApplications.offerExpiresAt)),
    )
    .orderBy(asc(eventApplications.waitlistedAt), asc(eventApplications.id))
    .limit(free);
  for (const { id } of next) {
    const waiting = and(eq(eventApplications.id, id), eq(eventApplications.status, "waitlisted"));
    if (form.typeOfEvent === "paid") {
      // The place is held for them while they pay for it.
      const [row] = await tx
        .update(eventApplications)
        .set({ offerExpiresAt: sql`now() + make_interval(hours => ${form.waitlistOfferHours})`, updatedAt: sql`now()` })
        .where(waiting)
        .returning();
      if (row?.offerExpiresAt) await recordMove(tx, queue, form, row, { move: "offered", offered_until: row.offerExpiresAt.toISOString() });
      continue;
    }
    // A place held, like any submission's: a ticket and the owner's review still to come.
    const [row] = await tx
      .update(eventApplications)
      .set({ status: "pending", ticketCode: newTicketCode(), waitlistedAt: null, updatedAt: sql`now()` })
      .where(waiting)
      .returning();
    if (row) await recordMove(tx, queue, form, row, { move: "admitted" });
  }
  return next.length;
}

/**
 * The payer of a paid event takes the place offered to them from the line, once their payment is in: a
 * ticket, and the owner's review still to come. Nothing when they hold no live offer. Inside the caller's
 * transaction.
 */
export async function takeOfferedPlace(tx: Db, formId: number, userId: number, queue: BroadcastQueue) {
  const form = await lockedForm(tx, formId);
  const [row] = await tx
    .update(eventApplications)
    .set({ status: "pending", ticketCode: newTicketCode(), waitlistedAt: null, offerExpiresAt: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(eventApplications.eventFormId, formId),
        eq(eventApplications.userId, userId),
        eq(eventApplications.status, "waitlisted"),
        gt(eventApplications.offerExpiresAt, sql`now()`),
      ),
    )
    .returning();
  if (row) await recordMove(tx, queue, form, row, { move: "admitted" });
}

/** The place offered to this user from the form's line, and until when; null when none is live. */
export async function liveOffer(db: Db, formId: number, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ until: eventApplications.offerExpiresAt })
    .from(eventApplications)
    .where(
      and(
        eq(eventApplications.eventFormId, formId),
        eq(eventApplications.userId, userId),
        eq(eventApplications.status, "waitlisted"),
        gt(eventApplications.offerExpiresAt, sql`now()`),
      ),
    );
  return row?.until ?? null;
}

/**
 * Whether the form's places are sold only from its line now and this user has no place offered from it: a
 * full form with a waitlist. Asked when a checkout opens and again when its payment comes in (an offer can
 * lapse, and its place pass to the next one, while the payer is at the checkout).
 */
export async function paysOnlyFromTheLine(db: Db, form: Parameters<typeof joinsWaitlist>[0], userId: number): Promise<boolean> {
  // Most forms keep no line: their places are not counted for a payment.
  if (!form.waitlistEnabled || form.capacity === null) return false;
  if (!joinsWaitlist(form, await placesTaken(db, form.id))) return false;
  return !(await liveOffer(db, form.id, userId));
}

/**
 * Offers that lapsed unpaid leave the line (withdrawn, and told so), and their places go to the next ones
 * waiting. Form by form, each in its own transaction with the form locked first. The server runs it every
 * minute; answers how many lapsed.
 */
export async function passLapsedOffers(db: Db, queue: BroadcastQueue): Promise<number> {
  const lapsedNow = (formId?: number) =>
    and(
      formId === undefined ? undefined : eq(eventApplications.eventFormId, formId),
      eq(eventApplications.status, "waitlisted"),
      lte(eventApplications.offerExpiresAt, sql`now()`),
    );
  const forms = await db.selectDistinct({ formId: eventApplications.eventFormId }).from(eventApplications).where(lapsedNow());
  let passed = 0;
  for (const { formId } of forms) {
    passed += await db.transaction(async (tx) => {
      const form = await lockedForm(tx, formId);
      const lapsed = await tx
        .update(eventApplications)
        .set({ status: "cancelled", cancelledAt: sql`now()`, waitlistedAt: null, offerExpiresAt: null, updatedAt: sql`now()` })
        .where(lapsedNow(formId))
        .returning();
      for (const row of lapsed) await recordMove(tx, queue, form, row, { move: "lapsed" });
      await fillFreedPlaces(tx, formId, queue);
      return lapsed.length;
    });
  }
  return passed;
}

/**
 * The user's application to the form gives up its place or its place in line (their payment was refunded in
 * full): withdrawn, on the record as a status change the refund's own notice already told them of (quiet),
 * its reminder dropped, and a place it held goes to the first one waiting. Inside the caller's transaction.
 */
export async function releasePlace(tx: Db, formId: number, userId: number, queue: BroadcastQueue) {
  const form = await lockedForm(tx, formId);
  const [held] = await tx
    .select()
    .from(eventApplications)
    .where(
      and(
        eq(eventApplications.eventFormId, formId),
        eq(eventApplications.userId, userId),
        notInArray(eventApplications.status, UNSENT_OR_WITHDRAWN),
      ),
    )
    .for("update");
  if (!held) return;
  await tx
    .update(eventApplications)
    .set({ status: "cancelled", cancelledAt: sql`now()`, waitlistedAt: null, updatedAt: sql`now()` })
    .where(eq(eventApplications.id, held.id));
  await recordActivity(
    tx,
    {
      organizationId: form.startupId,
      actor: null,
      kind: "application.status_changed",
      subject: { id: held.id, label: held.applicantName },
      eventFormId: formId,
      changes: { status: { from: held.status, to: "cancelled" } },
      data: { applicant_id: userId, status: "cancelled", quiet: true },
    },
    queue,
  );
  await dropReminder(tx, held.id, formId);
  await fillFreedPlaces(tx, formId, queue);
}

/** Where an application waits: 1 for the first in line; null when it is not waiting. */
export async function waitlistPosition(
  db: Db,
  application: { id: number; eventFormId: number; status: string; waitlistedAt: Date | null },
): Promise<number | null> {
  if (application.status !== "waitlisted" || !application.waitlistedAt) return null;
  const [{ ahead }] = await db
    .select({ ahead: count() })
    .from(eventApplications)
    .where(
      and(
        eq(eventApplications.eventFormId, application.eventFormId),
        eq(eventApplications.status, "waitlisted"),
        or(
          lt(eventApplications.waitlistedAt, application.waitlistedAt),
          and(eq(eventApplications.waitlistedAt, application.waitlistedAt), lt(eventApplications.id, application.id)),
        ),
      ),
    );
  return ahead + 1;
}
