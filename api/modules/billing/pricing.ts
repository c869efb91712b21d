import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { isPaid, type BillingQuote, type BillingStatus, type QuoteInput } from "#schemas/billing.ts";
import type { Db } from "#api/db/client.ts";
import { eventForms } from "#api/db/events-schema.ts";
import { couponCodes, eventBillings } from "#api/db/billing-schema.ts";
import { fieldError, notFound, validationFailed } from "#api/lib/errors.ts";
import { fromCents, toCents } from "#api/payments/provider.ts";
import { closedReason } from "../applications/availability.ts";
import { paysOnlyFromTheLine } from "../applications/waitlist.ts";
import { findApplicableCoupon } from "../coupons/service.ts";
import { ALREADY_PAID, BILLING_CLOSED, BILLING_NOT_FOUND, FORM_CANNOT_CHANGE, FORM_NOT_PAYABLE, JOIN_THE_LINE } from "./messages.ts";

/** Billings that count as a use of a coupon by a user (everything but cancelled ones). */
async function usesByUser(tx: Db, couponId: number, userId: number, exceptBillingId?: number) {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(eventBillings)
    .where(
      and(
        eq(eventBillings.couponCodeId, couponId),
        eq(eventBillings.userId, userId),
        sql`${eventBillings.paymentStatus} <> 'Cancelled'`,
        exceptBillingId === undefined ? undefined : sql`${eventBillings.id} <> ${exceptBillingId}`,
      ),
    );
  return n;
}

/**
 * The form must exist, be published and paid, and take applications now (a payment only buys the right to
 * apply: the applications module's own reason, such as a passed deadline or a full event, refuses it too);
 * answers its price. A full event with a waitlist sells its places only to those offered one from the line.
 */
async function payableForm(tx: Db, eventFormId: number, userId: number) {
  const [form] = await tx.select().from(eventForms).where(eq(eventForms.id, eventFormId));
  if (!form || form.status !== "published" || form.typeOfEvent !== "paid" || !form.paidEventInformation) {
    throw fieldError("event_form_id", FORM_NOT_PAYABLE);
  }
  const priceCents = toCents(form.paidEventInformation.price);
  if (!Number.isFinite(priceCents) || priceCents < 0) throw fieldError("event_form_id", FORM_NOT_PAYABLE);
  const closed = await closedReason(tx, form);
  if (closed) throw fieldError("event_form_id", closed);
  if (await paysOnlyFromTheLine(tx, form, userId)) throw fieldError("event_form_id", JOIN_THE_LINE);
  return { form, priceCents, currency: form.paidEventInformation.currency };
}

/**
 * Locks the billing's current coupon and the coupon `code` names (if any) in id order, so that two billings
 * swapping coupons at the same time queue instead of deadlocking. Inside the caller's transaction.
 */
async function lockCouponsInOrder(tx: Db, startupId: number, currentId: number | null, code: string | undefined) {
  const ids = currentId === null ? [] : [currentId];
  if (code) {
    const [named] = await tx
      .select({ id: couponCodes.id })
      .from(couponCodes)
      .where(and(eq(couponCodes.startupId, startupId), sql`lower(${couponCodes.code}) = lower(${code})`));
    if (named && !ids.includes(named.id)) ids.push(named.id);
  }
  if (ids.length < 2) return;
  await tx.select({ id: couponCodes.id }).from(couponCodes).where(inArray(couponCodes.id, ids)).orderBy(asc(couponCodes.id)).for("update");
}

/** Discount in cents for a coupon, never above the price. */
function discountCents(coupon: { discountType: string; value: string }, priceCents: number) {
  const raw = coupon.discountType === "percentage" ? Math.round((priceCents * Number(coupon.value)) / 100) : toCents(coupon.value);
  return Math.max(0, Math.min(priceCents, raw));
}

export interface Price {
  form: { id: number; title: string; startupId: number };
  coupon: { id: number; code: string } | null;
  /** The billing's own coupon was kept as it is: its use is already counted for that billing. */
  keptCoupon: boolean;
  priceCents: number;
  discountCents: number;
  totalCents: number;
  currency: string;
}

export interface PriceRequest {
  eventFormId: number;
  couponCode?: string;
  userId: number;
  /** The billing being edited: its own coupon is accepted as it is, and it is not counted as another use. */
  billing?: { id: number; couponCodeId: number | null };
  /** Lock the coupon rows (inside the caller's transaction) because a use is about to be counted. */
  lock: boolean;
}

/**
 * The one pricing rule behind creating, editing and quoting a billing: the form must be payable, a coupon
 * must be applicable to this payer (`findApplicableCoupon`), and the discount never exceeds the price. It
 * counts nothing; the caller does, in the same transaction, when it saves a billing.
 */
export async function priceFor(tx: Db, request: PriceRequest): Promise<Price> {
  const { form, priceCents, currency } = await payableForm(tx, request.eventFormId, request.userId);
  const code = request.couponCode?.trim();
  let coupon: Price["coupon"] = null;
  let discount = 0;
  let keptCoupon = false;
  const currentId = request.billing?.couponCodeId ?? null;
  if (request.lock) await lockCouponsInOrder(tx, form.startupId, currentId, code);
  const currentQuery = currentId === null ? null : tx.select().from(couponCodes).where(eq(couponCodes.id, currentId));
  const [current] = currentQuery ? (request.lock ? await currentQuery.for("update") : await currentQuery) : [];
  if (current && code && current.code.toLowerCase() === code.toLowerCase()) {
    // Already counted for this billing: kept, priced as the coupon says now.
    keptCoupon = true;
    coupon = { id: current.id, code: current.code };
    discount = discountCents(current, priceCents);
  } else if (code) {
    const exceptBillingId = request.billing?.id;
    const found = await findApplicableCoupon(tx, {
      startupId: form.startupId,
      code,
      eventFormId: form.id,
      userId: request.userId,
      forUpdate: request.lock,
      usesByUser: (cid, uid) => usesByUser(tx, cid, uid, exceptBillingId),
    });
    coupon = { id: found.id, code: found.code };
    discount = discountCents(found, priceCents);
  }
  return {
    form: { id: form.id, title: form.title, startupId: form.startupId },
    coupon,
    keptCoupon,
    priceCents,
    discountCents: discount,
    totalCents: priceCents - discount,
    currency,
  };
}

/** Counts (or gives back) one use of a coupon, in the transaction that saves the billing using it. */
export async function countUse(tx: Db, couponId: number, delta: 1 | -1) {
  await tx
    .update(couponCodes)
    .set({ usesCount: sql`greatest(${couponCodes.usesCount} + ${delta}, 0)`, updatedAt: sql`now()` })
    .where(eq(couponCodes.id, couponId));
}

/** A billing its payer may still edit (and so quote against): unpaid, open, for the same form. */
export function assertEditable(
  current: { eventFormId: number; paymentStatus: BillingStatus } | undefined,
  eventFormId: number,
): asserts current {
  if (!current) throw notFound(BILLING_NOT_FOUND);
  if (isPaid(current.paymentStatus)) throw validationFailed({ payment_status: [ALREADY_PAID] });
  if (current.paymentStatus === "Refunded" || current.paymentStatus === "Cancelled")
    throw validationFailed({ payment_status: [BILLING_CLOSED] });
  if (eventFormId !== current.eventFormId) throw fieldError("event_form_id", FORM_CANNOT_CHANGE);
}

/**
 * What the caller would pay for a form with a coupon, before (or while editing) a billing: the same rules
 * and messages as creating a billing, or, with `event_billing_id`, as editing that billing of the caller's
 * (its own coupon is accepted as it is and the billing is not counted against the per-user limit). Counts
 * nothing and saves nothing.
 */
export async function quote(db: Db, userId: number, input: QuoteInput): Promise<BillingQuote> {
  let billing: { id: number; couponCodeId: number | null } | undefined;
  if (input.event_billing_id !== undefined) {
    const [current] = await db
      .select({
        id: eventBillings.id,
        eventFormId: eventBillings.eventFormId,
        couponCodeId: eventBillings.couponCodeId,
        paymentStatus: eventBillings.paymentStatus,
      })
      .from(eventBillings)
      .where(and(eq(eventBillings.id, input.event_billing_id), eq(eventBillings.userId, userId)));
    assertEditable(current, input.event_form_id);
    billing = current;
  }
  const price = await priceFor(db, { eventFormId: input.event_form_id, couponCode: input.coupon_code, userId, billing, lock: false });
  return {
    event_form: { id: price.form.id, title: price.form.title },
    amount: fromCents(price.priceCents),
    discount: fromCents(price.discountCents),
    total: fromCents(price.totalCents),
    currency: price.currency,
    coupon_code: price.coupon,
  };
}
