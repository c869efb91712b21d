/**
 * Payments a billing did not accept (fulfilment.ts records them with `refused_reason`): the provider took the
 * money, so the organiser gives it back, whole, through the same refunds as any other (refunds.ts). Such a
 * refund never counts in the billing's `refunded` (that is what came back of the billing's own payment) and
 * never moves its status.
 */
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { RefundInput, UnappliedPayment } from "#schemas/billing.ts";
import type { Db } from "#api/db/client.ts";
import { qualified } from "#api/db/qualified.ts";
import { payments, refunds } from "#api/db/billing-schema.ts";
import { fieldError } from "#api/lib/errors.ts";
import { fromCents, toCents } from "#api/payments/provider.ts";
import { money } from "./views.ts";

export const UNAPPLIED_NOT_FOUND = "The payment id field must be a payment of this billing.";
export const UNAPPLIED_REFUNDED = "This payment has been refunded already.";
export const refundedWhole = (amount: string, currency: string) =>
  `A payment that was not applied is refunded whole: ${currency} ${amount}.`;

/** The refund of a payment that is on its way or made; a failed one may be tried again. */
const LIVE_REFUND = ["pending", "succeeded"] as const;

/** The outcome of a payment's refund: a live one if any, else the last failed try. */
const refundStatusOf = sql<UnappliedPayment["refund_status"]>`(
  select ${qualified(refunds.status)} from ${refunds} where ${qualified(refunds.paymentId)} = ${qualified(payments.id)}
  order by (${qualified(refunds.status)} = 'failed'), ${qualified(refunds.createdAt)} desc limit 1)`;

/** A billing's payments it did not accept, oldest first. */
export async function unappliedPayments(db: Db, billingId: number): Promise<UnappliedPayment[]> {
  const rows = await db
    .select({
      id: payments.id,
      provider: payments.provider,
      providerPaymentId: payments.providerPaymentId,
      amount: payments.amount,
      currency: payments.currency,
      reason: payments.refusedReason,
      refundStatus: refundStatusOf,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(and(eq(payments.eventBillingId, billingId), isNotNull(payments.refusedReason)))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  return rows.map((r) => ({
    id: r.id,
    provider: r.provider,
    provider_payment_id: r.providerPaymentId,
    amount: money(r.amount),
    currency: r.currency,
    reason: r.reason ?? "",
    refund_status: r.refundStatus,
    created_at: r.createdAt.toISOString(),
  }));
}

/** Whether a refund's payment is one the billing did not accept. */
export async function isUnapplied(tx: Db, paymentId: number): Promise<boolean> {
  const [row] = await tx.select({ reason: payments.refusedReason }).from(payments).where(eq(payments.id, paymentId));
  return !!row?.reason;
}

/**
 * Step 1 of refunds.ts for such a payment, under the billing's lock (the caller holds it): the whole amount,
 * once. Two refunds asked at once queue on that lock, and the second finds the first.
 */
export async function reserveUnappliedRefund(
  tx: Db,
  billingId: number,
  paymentId: number,
  input: RefundInput,
  key: string,
  byUserId: number,
) {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.eventBillingId, billingId), isNotNull(payments.refusedReason)));
  if (!payment) throw fieldError("payment_id", UNAPPLIED_NOT_FOUND);
  const amount = fromCents(toCents(payment.amount));
  if (input.amount !== undefined && toCents(input.amount) !== toCents(amount)) {
    throw fieldError("amount", refundedWhole(amount, payment.currency));
  }
  const [live] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), inArray(refunds.status, LIVE_REFUND)));
  if (live) throw fieldError("payment_id", UNAPPLIED_REFUNDED);
  const [refund] = await tx
    .insert(refunds)
    .values({
      eventBillingId: billingId,
      paymentId,
      amount,
      currency: payment.currency,
      reason: input.reason,
      idempotencyKey: key,
      requestedByUserId: byUserId,
    })
    .returning();
  return refund;
}
