import { eq, sql } from "drizzle-orm";
import { isPaid, type BillingStatus, type PaymentVerification } from "#schemas/billing.ts";
import type { Db } from "#api/db/client.ts";
import { eventBillings, payments } from "#api/db/billing-schema.ts";
import { HttpError, notFound } from "#api/lib/errors.ts";
import { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { eventForms } from "#api/db/events-schema.ts";
import { recordActivity } from "#api/lib/activity.ts";
import { fromCents, providersOf, toCents, type PaymentProvider, type PaymentProviders } from "#api/payments/provider.ts";
import { lockedForm, paysOnlyFromTheLine, takeOfferedPlace } from "../applications/waitlist.ts";
import { recordChange } from "./history.ts";
import {
  ALREADY_PAID,
  BILLING_CLOSED,
  BILLING_NOT_FOUND,
  EVENT_FILLED,
  PAYMENT_MISMATCH,
  PAYMENT_NOT_FOUND,
  RECORDED_FOR_REFUND,
} from "./messages.ts";
import { loadBilling, payersBilling } from "./views.ts";

export interface FulfilInput {
  billingId: number;
  provider: string;
  providerPaymentId: string;
  amount: string;
  currency: string;
}

/**
 * A paid payment the billing refused. `recorded`: the money was taken, so the payment is kept (with the
 * reason) for the organiser to refund; a later call for the same payment answers the same refusal.
 */
export class PaymentRefused extends HttpError {
  constructor(
    readonly reason: string,
    readonly recorded: boolean,
  ) {
    super(422, reason);
  }
}

/**
 * The form is locked first (the lapsed-offer sweep takes it too), so an offer cannot lapse between this
 * check and the place being taken below.
 */
/** A provider moved a billing's payment (nobody in the organization did): on its record, told to whom it concerns. */
async function recordProviderOutcome(
  tx: Db,
  queue: BroadcastQueue,
  billing: { id: number; eventFormId: number; name: string },
  from: BillingStatus,
  status: BillingStatus,
) {
  const [form] = await tx.select({ organizationId: eventForms.startupId }).from(eventForms).where(eq(eventForms.id, billing.eventFormId));
  await recordActivity(
    tx,
    {
      organizationId: form.organizationId,
      actor: null,
      kind: "billing.status_changed",
      subject: { id: billing.id, label: billing.name },
      eventFormId: billing.eventFormId,
      changes: { payment_status: { from, to: status } },
      data: { status },
    },
    queue,
  );
}

async function placeGoneReason(tx: Db, formId: number, userId: number): Promise<string | null> {
  const form = await lockedForm(tx, formId);
  return form && (await paysOnlyFromTheLine(tx, form, userId)) ? EVENT_FILLED : null;
}

/**
 * Marks a billing paid once, however many times it is called (return page, webhook, concurrently): the
 * billing row is locked, and the payment is recorded under its unique provider payment id. A payment that
 * no longer matches the billing's total or currency, or that comes for a billing already paid by another
 * payment or closed, is refused with `PaymentRefused`; since the provider took that money, it is still
 * recorded, with `refused_reason` and a line in the billing's history, before the refusal is answered.
 * The recording commits on its own (nothing else is written in that transaction), so the refusal never
 * rolls it back. Marking it paid notifies the payer and the owners in the same transaction, queued on
 * `queue` for the caller to publish after the commit (a caller that publishes nothing may omit it).
 */
export async function fulfil(db: Db, input: FulfilInput, queue: BroadcastQueue = new BroadcastQueue()): Promise<void> {
  const refusal = await db.transaction(async (tx): Promise<PaymentRefused | null> => {
    const [billing] = await tx.select().from(eventBillings).where(eq(eventBillings.id, input.billingId)).for("update");
    if (!billing) throw notFound(BILLING_NOT_FOUND);
    const [recorded] = await tx
      .select({ id: payments.id, billingId: payments.eventBillingId, refusedReason: payments.refusedReason })
      .from(payments)
      .where(eq(payments.providerPaymentId, input.providerPaymentId));
    if (recorded) {
      if (recorded.billingId !== billing.id) return new PaymentRefused(PAYMENT_MISMATCH, false);
      return recorded.refusedReason === null ? null : new PaymentRefused(recorded.refusedReason, true);
    }
    const reason = isPaid(billing.paymentStatus)
      ? ALREADY_PAID
      : billing.paymentStatus === "Refunded" || billing.paymentStatus === "Cancelled"
        ? BILLING_CLOSED
        : toCents(input.amount) !== toCents(billing.total) || input.currency.toUpperCase() !== billing.currency.toUpperCase()
          ? PAYMENT_MISMATCH
          : await placeGoneReason(tx, billing.eventFormId, billing.userId);
    if (reason) {
      const amount = fromCents(toCents(input.amount));
      const currency = input.currency.toUpperCase();
      const [kept] = await tx
        .insert(payments)
        .values({
          eventBillingId: billing.id,
          provider: input.provider,
          providerPaymentId: input.providerPaymentId,
          amount,
          currency,
          refusedReason: reason,
        })
        .onConflictDoNothing({ target: payments.providerPaymentId })
        .returning({ id: payments.id });
      if (kept) {
        await recordChange(
          tx,
          billing.id,
          billing.paymentStatus,
          billing.paymentStatus,
          null,
          `Payment ${input.providerPaymentId} of ${currency} ${amount} was taken by ${input.provider} but not applied: ${reason} Refund it.`,
        );
      }
      return new PaymentRefused(reason, true);
    }
    await tx.insert(payments).values({
      eventBillingId: billing.id,
      provider: input.provider,
      providerPaymentId: input.providerPaymentId,
      amount: billing.total,
      currency: billing.currency,
    });
    await tx
      .update(eventBillings)
      .set({ paymentStatus: "Successful", paidAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(eventBillings.id, billing.id));
    await recordChange(
      tx,
      billing.id,
      billing.paymentStatus,
      "Successful",
      null,
      `Payment ${input.providerPaymentId} confirmed by ${input.provider}.`,
    );
    await recordProviderOutcome(tx, queue, billing, billing.paymentStatus, "Successful");
    // Paid for a place offered from the waitlist: it is theirs now.
    await takeOfferedPlace(tx, billing.eventFormId, billing.userId, queue);
    return null;
  });
  if (refusal) throw refusal;
}

const DECLINED = "The payment was declined. No money was taken; you can try paying again.";
const NOT_COMPLETED = "The payment has not been completed yet.";
const PAID = "Your payment was successful.";
const closedByOrganiser = (status: "Refunded" | "Cancelled") => `This billing was ${status.toLowerCase()} by the organiser.`;

/**
 * Asks the provider that made a payment of the caller's billing about it, and fulfils it when paid. A paid
 * payment the billing no longer accepts (it changed, was paid otherwise, or was closed after the checkout
 * opened) is answered as Failed with the reason, and that it was recorded for a refund. Otherwise the
 * answer follows the billing as it is now, whichever checkout is asked about: a billing paid or closed
 * answers so even for an old declined checkout; only the billing's current checkout can mark it Failed.
 */
export async function verifyPayment(
  db: Db,
  choice: PaymentProvider | PaymentProviders,
  userId: number,
  paymentId: string,
  queue: BroadcastQueue = new BroadcastQueue(),
): Promise<PaymentVerification> {
  const provider = providersOf(choice).forPayment(paymentId);
  if (!provider) throw notFound(PAYMENT_NOT_FOUND);
  const payment = await provider.retrieve(paymentId);
  if (!payment) throw notFound(PAYMENT_NOT_FOUND);
  const billing = await payersBilling(db, userId, payment.billingId);
  if (!billing) throw notFound(PAYMENT_NOT_FOUND);
  const current = async () => (await loadBilling(db, billing.id))?.payment_status ?? billing.payment_status;
  const answer = (payment_status: BillingStatus, message: string, now: BillingStatus): PaymentVerification => ({
    payment_status,
    message,
    event_billing: { id: billing.id, event_form_id: billing.event_form_id, payment_status: now },
  });
  if (payment.status === "paid") {
    try {
      await fulfil(
        db,
        {
          billingId: billing.id,
          provider: provider.name,
          providerPaymentId: paymentId,
          amount: payment.amount,
          currency: payment.currency,
        },
        queue,
      );
    } catch (error) {
      if (error instanceof PaymentRefused)
        return answer("Failed", error.recorded ? `${error.reason} ${RECORDED_FOR_REFUND}` : error.reason, await current());
      if (error instanceof HttpError && error.status === 422) return answer("Failed", error.message, await current());
      throw error;
    }
    // Recorded (now or before) as this billing's payment; the organiser may have closed the billing since.
    const now = await current();
    if (now === "Refunded" || now === "Cancelled") return answer(now, closedByOrganiser(now), now);
    return answer("Successful", PAID, now);
  }
  if (payment.status === "failed") {
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(eventBillings).where(eq(eventBillings.id, billing.id)).for("update");
      // Only the billing's current checkout can fail it.
      if (row && row.paymentStatus === "Pending" && row.connectPayId === paymentId) {
        await tx
          .update(eventBillings)
          .set({ paymentStatus: "Failed", updatedAt: sql`now()` })
          .where(eq(eventBillings.id, row.id));
        await recordChange(tx, row.id, "Pending", "Failed", null, `Payment ${paymentId} declined.`);
        await recordProviderOutcome(tx, queue, row, "Pending", "Failed");
      }
    });
  }
  const now = await current();
  if (isPaid(now)) return answer("Successful", ALREADY_PAID, now);
  if (now === "Refunded" || now === "Cancelled") return answer(now, closedByOrganiser(now), now);
  return payment.status === "failed" ? answer("Failed", DECLINED, now) : answer("Pending", NOT_COMPLETED, now);
}
