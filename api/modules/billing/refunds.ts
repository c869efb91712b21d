/**
 * Refunds through the provider. Three steps, so the provider is never asked while a row is locked:
 *  1. under the billing's lock, the amount is checked against what is left and counted in `refunded` with a
 *     "pending" refund row (two refunds asked at once can never add up to more than was paid);
 *  2. the provider is asked, with the refund's idempotency key;
 *  3. the answer settles the row: "succeeded" moves the billing to Refunded or Partially refunded (a full
 *     refund gives the place up, and the waitlist moves), "failed" gives the counted amount back.
 * A repeat with the same key (a double click, a retry after a lost answer) is the same refund: it finishes
 * a pending one with the same key at the provider, and answers a settled one as it is.
 */
import type { OrganizationAccess } from "#api/lib/owner.ts";
import { randomUUID } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { isPaid, type BillingRefund, type EventBillingView, type RefundInput, type RefundMade } from "#schemas/billing.ts";
import type { Db } from "#api/db/client.ts";
import { users } from "#api/db/schema.ts";
import { eventForms } from "#api/db/events-schema.ts";
import { eventBillings, payments, refunds } from "#api/db/billing-schema.ts";
import { fieldError, HttpError, notFound } from "#api/lib/errors.ts";
import { fromCents, RefundRefused, toCents, type PaymentProviders } from "#api/payments/provider.ts";
import type { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { lockedForm, releasePlace } from "../applications/waitlist.ts";
import { managedFormsWhere } from "../event-forms/ownership.ts";
import { recordChange } from "./history.ts";
import { BILLING_NOT_FOUND } from "./messages.ts";
import { isUnapplied, reserveUnappliedRefund } from "./unapplied-payments.ts";
import { billingView, money } from "./views.ts";
import { recordActivity, type Actor } from "#api/lib/activity.ts";

export const NOT_REFUNDABLE = "Only a successful payment can be refunded.";
export const NO_PROVIDER_PAYMENT = "This billing has no payment taken through a provider to refund; change its status by hand instead.";
export const refundTooLarge = (left: string, currency: string) => `The amount may not be more than the ${currency} ${left} left to refund.`;
export const providerRefused = (message: string) => `The payment provider refused the refund: ${message}`;
export const PROVIDER_UNREACHABLE = "The payment provider could not be reached; nothing was refunded. Try again.";

type RefundRow = typeof refunds.$inferSelect;

const refundColumns = {
  id: refunds.id,
  amount: refunds.amount,
  currency: refunds.currency,
  reason: refunds.reason,
  status: refunds.status,
  failureReason: refunds.failureReason,
  userId: users.id,
  userName: users.name,
  createdAt: refunds.createdAt,
};

const selectRefunds = (db: Db) => db.select(refundColumns).from(refunds).leftJoin(users, eq(users.id, refunds.requestedByUserId));

type RefundViewRow = Awaited<ReturnType<ReturnType<typeof selectRefunds>["execute"]>>[number];

const refundView = (r: RefundViewRow): BillingRefund => ({
  id: r.id,
  amount: money(r.amount),
  currency: r.currency,
  reason: r.reason,
  status: r.status,
  failure_reason: r.failureReason,
  requested_by: r.userId === null ? null : { id: r.userId, name: r.userName ?? "" },
  created_at: r.createdAt.toISOString(),
});

/** A billing's refunds, newest first, with who asked for each. */
export async function billingRefunds(db: Db, billingId: number): Promise<BillingRefund[]> {
  const rows = await selectRefunds(db).where(eq(refunds.eventBillingId, billingId)).orderBy(desc(refunds.createdAt), desc(refunds.id));
  return rows.map(refundView);
}

async function oneRefund(db: Db, id: number): Promise<BillingRefund> {
  const [row] = await selectRefunds(db).where(eq(refunds.id, id));
  return refundView(row);
}

/** The payment a billing's money came in with: the provider's payment the billing accepted (never a refused one). */
async function takenPayment(db: Db, billingId: number, connectPayId: string | null) {
  if (!connectPayId) return undefined;
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.eventBillingId, billingId), eq(payments.providerPaymentId, connectPayId), isNull(payments.refusedReason)));
  return payment;
}

/** How much may still be refunded through the provider: "0.00" when the billing is not paid or has no provider payment. */
export async function refundable(db: Db, billing: EventBillingView): Promise<string> {
  if (!isPaid(billing.payment_status)) return "0.00";
  if (!(await takenPayment(db, billing.id, billing.connect_pay_id))) return "0.00";
  return fromCents(toCents(billing.total) - toCents(billing.refunded));
}

/** Step 1: the refund to ask the provider for, counted under the billing's lock; or the settled one with the same key. */
async function reserve(db: Db, access: OrganizationAccess, byUserId: number, billingId: number, input: RefundInput) {
  const key = input.idempotency_key ?? randomUUID();
  return db.transaction(async (tx) => {
    const [billing] = await tx
      .select({
        status: eventBillings.paymentStatus,
        total: eventBillings.total,
        refunded: eventBillings.refunded,
        currency: eventBillings.currency,
        connectPayId: eventBillings.connectPayId,
      })
      .from(eventBillings)
      .innerJoin(eventForms, eq(eventForms.id, eventBillings.eventFormId))
      // Another startup's billing is as missing as one that does not exist.
      .where(and(eq(eventBillings.id, billingId), managedFormsWhere(access)))
      .for("update", { of: eventBillings });
    if (!billing) throw notFound(BILLING_NOT_FOUND);
    const [earlier] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.eventBillingId, billingId), eq(refunds.idempotencyKey, key)));
    if (earlier) return { refund: earlier, repeat: true };
    if (input.payment_id !== undefined) {
      return { refund: await reserveUnappliedRefund(tx, billingId, input.payment_id, input, key, byUserId), repeat: false };
    }
    if (!isPaid(billing.status)) throw fieldError("amount", NOT_REFUNDABLE);
    const payment = await takenPayment(tx, billingId, billing.connectPayId);
    if (!payment) throw fieldError("amount", NO_PROVIDER_PAYMENT);
    const left = toCents(billing.total) - toCents(billing.refunded);
    const cents = input.amount === undefined ? left : toCents(input.amount);
    if (cents > left || left <= 0) throw fieldError("amount", refundTooLarge(fromCents(Math.max(left, 0)), billing.currency));
    const [refund] = await tx
      .insert(refunds)
      .values({
        eventBillingId: billingId,
        paymentId: payment.id,
        amount: fromCents(cents),
        currency: billing.currency,
        reason: input.reason,
        idempotencyKey: key,
        requestedByUserId: byUserId,
      })
      .returning();
    await tx
      .update(eventBillings)
      .set({ refunded: sql`${eventBillings.refunded} + ${refund.amount}`, updatedAt: sql`now()` })
      .where(eq(eventBillings.id, billingId));
    return { refund, repeat: false };
  });
}

/** Step 3, success: the billing's new status, its history and the payer told; a full refund gives the place up. */
async function settleSucceeded(db: Db, refund: RefundRow, providerRefundId: string, by: NonNullable<Actor>, queue: BroadcastQueue) {
  const byUserId = by.id;
  await db.transaction(async (tx) => {
    // The billing, then its form: the order a payment coming in takes them (fulfilment.ts), so the two
    // queue instead of each holding what the other waits for.
    const [billing] = await tx
      .select({
        formId: eventBillings.eventFormId,
        userId: eventBillings.userId,
        status: eventBillings.paymentStatus,
        total: eventBillings.total,
        refunded: eventBillings.refunded,
        payerName: eventBillings.name,
      })
      .from(eventBillings)
      .where(eq(eventBillings.id, refund.eventBillingId))
      .for("update");
    const form = await lockedForm(tx, billing.formId);
    const [settled] = await tx
      .update(refunds)
      .set({ status: "succeeded", providerRefundId, updatedAt: sql`now()` })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, "pending")))
      .returning({ id: refunds.id });
    // Another try with the same key settled it first.
    if (!settled) return;
    const refunded = (status: string, unappliedAmount: string | null) =>
      recordActivity(
        tx,
        {
          organizationId: form.startupId,
          actor: by,
          kind: "billing.refunded",
          subject: { id: refund.eventBillingId, label: billing.payerName },
          eventFormId: billing.formId,
          changes: {
            amount: { from: null, to: money(refund.amount) },
            currency: { from: null, to: refund.currency },
            ...(status === billing.status ? {} : { payment_status: { from: billing.status, to: status } }),
          },
          data: { status, unapplied_amount: unappliedAmount },
        },
        queue,
      );
    if (await isUnapplied(tx, refund.paymentId)) {
      const given = `${refund.currency} ${money(refund.amount)}`;
      await recordChange(
        tx,
        refund.eventBillingId,
        billing.status,
        billing.status,
        byUserId,
        `Refunded ${given}, a payment that was not applied: ${refund.reason}`,
      );
      await refunded(billing.status, given);
      return;
    }
    const status = toCents(billing.refunded) >= toCents(billing.total) ? "Refunded" : "Partially refunded";
    await tx
      .update(eventBillings)
      .set({ paymentStatus: status, updatedAt: sql`now()` })
      .where(eq(eventBillings.id, refund.eventBillingId));
    await recordChange(
      tx,
      refund.eventBillingId,
      billing.status,
      status,
      byUserId,
      `Refunded ${refund.currency} ${money(refund.amount)}: ${refund.reason}`,
    );
    if (status === "Refunded") await releasePlace(tx, billing.formId, billing.userId, queue);
    await refunded(status, null);
  });
}

/** Step 3, refusal: the row says why, and the amount it held is free to refund again. */
async function settleFailed(db: Db, refund: RefundRow, reason: string) {
  await db.transaction(async (tx) => {
    const [failed] = await tx
      .update(refunds)
      .set({ status: "failed", failureReason: reason, updatedAt: sql`now()` })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, "pending")))
      .returning({ amount: refunds.amount });
    // Only the billing's own payment's refunds are counted in `refunded`.
    if (!failed || (await isUnapplied(tx, refund.paymentId))) return;
    await tx
      .update(eventBillings)
      .set({ refunded: sql`${eventBillings.refunded} - ${failed.amount}`, updatedAt: sql`now()` })
      .where(eq(eventBillings.id, refund.eventBillingId));
  });
}

/**
 * The owner's refund of a billing's payment (all that is left when no amount is given), or with `payment_id`
 * of a payment the billing did not accept (unapplied-payments.ts). Answers the refund
 * and the billing, and whether it was made now (false: the same key made it before). A refusal by the
 * provider is a 422 with its reason; no answer from the provider is a 502 and the refund stays pending, to
 * be finished by a retry with the same key.
 */
export async function refundBilling(
  db: Db,
  providers: PaymentProviders,
  access: OrganizationAccess,
  by: NonNullable<Actor>,
  billingId: number,
  input: RefundInput,
  queue: BroadcastQueue,
): Promise<RefundMade & { created: boolean }> {
  const { refund, repeat } = await reserve(db, access, by.id, billingId, input);
  if (refund.status === "pending") {
    const [payment] = await db.select().from(payments).where(eq(payments.id, refund.paymentId));
    const provider = providers.forPayment(payment.providerPaymentId);
    if (!provider) {
      await settleFailed(db, refund, NO_PROVIDER_PAYMENT);
      throw fieldError("amount", NO_PROVIDER_PAYMENT);
    }
    let providerRefundId: string;
    try {
      ({ refundId: providerRefundId } = await provider.refund({
        paymentId: payment.providerPaymentId,
        amount: money(refund.amount),
        currency: refund.currency,
        reason: refund.reason,
        idempotencyKey: `${refund.eventBillingId}-${refund.idempotencyKey}`,
      }));
    } catch (error) {
      if (!(error instanceof RefundRefused)) throw new HttpError(502, PROVIDER_UNREACHABLE);
      await settleFailed(db, refund, error.message);
      throw fieldError("amount", providerRefused(error.message));
    }
    await settleSucceeded(db, refund, providerRefundId, by, queue);
  } else if (refund.status === "failed") {
    throw fieldError("amount", providerRefused(refund.failureReason ?? ""));
  }
  return { refund: await oneRefund(db, refund.id), event_billing: await billingView(db, billingId), created: !repeat };
}
