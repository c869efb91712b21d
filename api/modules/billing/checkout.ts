import { and, eq, sql } from "drizzle-orm";
import { isPaid, type BillingInput, type BillingStatus, type CheckoutOpened } from "#schemas/billing.ts";
import type { Db } from "#api/db/client.ts";
import { isUniqueViolation } from "#api/db/errors.ts";
import { eventForms } from "#api/db/events-schema.ts";
import { eventBillings } from "#api/db/billing-schema.ts";
import { fieldError, notFound } from "#api/lib/errors.ts";
import { fromCents, providersOf, toCents, type PaymentProvider, type PaymentProviders } from "#api/payments/provider.ts";
import { recordChange } from "./history.ts";
import { ALREADY_BILLED, BILLING_NOT_FOUND } from "./messages.ts";
import { assertEditable, countUse, priceFor } from "./pricing.ts";
import { billingView, money } from "./views.ts";

export type Log = (message: string, error?: unknown) => void;

const detailsOf = (input: BillingInput) => ({
  name: input.name,
  email: input.email,
  phone: input.phone,
  address: input.address,
  country: input.country,
  city: input.city,
});

/**
 * Opens a checkout for a billing that still has something to pay, and keeps its payment id. Every checkout
 * follows a write of the billing row (created or edited), so the row's version names the attempt: a
 * request for the same attempt sent twice opens one session at a provider that honours it (Stripe's
 * Idempotency-Key), while an edited billing gets a new one. `updated_at` is read to the microsecond,
 * beyond what a JavaScript date holds, so two edits in the same millisecond stay apart.
 */
async function openCheckout(db: Db, provider: PaymentProvider, billingId: number, returnUrl: string): Promise<string | null> {
  const [billing] = await db
    .select({
      total: eventBillings.total,
      currency: eventBillings.currency,
      status: eventBillings.paymentStatus,
      title: eventForms.title,
      version: sql<string>`(extract(epoch from ${eventBillings.updatedAt}) * 1000000)::bigint::text`,
    })
    .from(eventBillings)
    .innerJoin(eventForms, eq(eventForms.id, eventBillings.eventFormId))
    .where(eq(eventBillings.id, billingId));
  if (!billing) throw notFound(BILLING_NOT_FOUND);
  if (isPaid(billing.status) || toCents(billing.total) === 0) return null;
  const checkout = await provider.createCheckout({
    billingId,
    attemptId: `billing-${billingId}-${billing.version}`,
    amount: money(billing.total),
    currency: billing.currency,
    description: billing.title,
    returnUrl,
  });
  await db
    .update(eventBillings)
    .set({ connectPayId: checkout.paymentId, paymentUrl: checkout.url, provider: provider.name, updatedAt: sql`now()` })
    .where(eq(eventBillings.id, billingId));
  return checkout.url;
}

/**
 * Closes a checkout that must not be paid any more, with the provider that opened it. What is saved stays
 * saved: a provider that cannot be reached is logged, not answered as an error.
 */
/** What a (re)priced billing stores: the coupon, the amounts and, when nothing is owed, paid at once. */
function pricedColumns(couponId: number | null, priceCents: number, discountCents: number, totalCents: number, currency: string) {
  const free = totalCents === 0;
  const paymentStatus: BillingStatus = free ? "Successful" : "Pending";
  return {
    couponCodeId: couponId,
    amount: fromCents(priceCents),
    discount: fromCents(discountCents),
    total: fromCents(totalCents),
    currency,
    paymentStatus,
    paidAt: free ? new Date() : null,
  };
}

export async function closeCheckout(providers: PaymentProviders, paymentId: string, log: Log) {
  const provider = providers.forPayment(paymentId);
  if (!provider) return;
  try {
    await provider.expire(paymentId);
  } catch (error) {
    log(`Could not expire checkout ${paymentId} at ${provider.name}`, error);
  }
}

export async function createBilling(
  db: Db,
  choice: PaymentProvider | PaymentProviders,
  userId: number,
  input: BillingInput,
  returnUrl: string,
): Promise<CheckoutOpened> {
  const provider = providersOf(choice).checkout;
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: eventBillings.id })
        .from(eventBillings)
        .where(and(eq(eventBillings.eventFormId, input.event_form_id), eq(eventBillings.userId, userId)));
      if (existing) throw fieldError("event_form_id", ALREADY_BILLED);
      const {
        form,
        coupon,
        priceCents,
        discountCents: discount,
        totalCents: total,
        currency,
      } = await priceFor(tx, {
        eventFormId: input.event_form_id,
        couponCode: input.coupon_code,
        userId,
        lock: true,
      });
      const couponId = coupon?.id ?? null;
      const free = total === 0;
      const [row] = await tx
        .insert(eventBillings)
        .values({
          eventFormId: form.id,
          userId,
          ...detailsOf(input),
          ...pricedColumns(couponId, priceCents, discount, total, currency),
          provider: free ? "none" : provider.name,
        })
        .returning({ id: eventBillings.id });
      await recordChange(
        tx,
        row.id,
        null,
        free ? "Successful" : "Pending",
        userId,
        free ? "Fully discounted: no payment needed." : "Billing created.",
      );
      if (couponId !== null) await countUse(tx, couponId, 1);
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError("event_form_id", ALREADY_BILLED);
    throw error;
  }
  const payment_url = await openCheckout(db, provider, id, returnUrl);
  return { event_billing: await billingView(db, id), payment_url };
}

/**
 * Edits the caller's unpaid billing: same rules as creating; a changed coupon moves its use. The old
 * checkout no longer matches the billing: it is closed at its provider, and a new one is opened.
 */
export async function updateBilling(
  db: Db,
  choice: PaymentProvider | PaymentProviders,
  userId: number,
  id: number,
  input: BillingInput,
  returnUrl: string,
  log: Log = console.error,
): Promise<CheckoutOpened> {
  const providers = providersOf(choice);
  const previousCheckout = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(eventBillings)
      .where(and(eq(eventBillings.id, id), eq(eventBillings.userId, userId)))
      .for("update");
    assertEditable(current, input.event_form_id);
    const price = await priceFor(tx, {
      eventFormId: current.eventFormId,
      couponCode: input.coupon_code,
      userId,
      billing: current,
      lock: true,
    });
    const { priceCents, discountCents: discount, totalCents: total, currency } = price;
    const couponId = price.coupon?.id ?? null;
    if (!price.keptCoupon) {
      // A changed (or dropped) coupon moves the counted use.
      if (current.couponCodeId !== null) await countUse(tx, current.couponCodeId, -1);
      if (couponId !== null) await countUse(tx, couponId, 1);
    }
    const free = total === 0;
    const status: BillingStatus = free ? "Successful" : "Pending";
    await tx
      .update(eventBillings)
      .set({
        ...detailsOf(input),
        ...pricedColumns(couponId, priceCents, discount, total, currency),
        // The old checkout no longer matches; a new one is opened below.
        connectPayId: null,
        paymentUrl: null,
        updatedAt: sql`now()`,
      })
      .where(eq(eventBillings.id, id));
    if (status !== current.paymentStatus) {
      await recordChange(tx, id, current.paymentStatus, status, userId, free ? "Fully discounted: no payment needed." : "Billing edited.");
    }
    return current.connectPayId;
  });
  if (previousCheckout) await closeCheckout(providers, previousCheckout, log);
  const payment_url = await openCheckout(db, providers.checkout, id, returnUrl);
  return { event_billing: await billingView(db, id), payment_url };
}
