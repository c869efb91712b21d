import { and, asc, count, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { BillingInput, BillingStatus, QuoteInput } from "../../../schemas/billing.ts";
import type { Db } from "../../db/client.ts";
import { billingStatusChanges, couponCodes, eventBillings, eventForms, payments, users } from "../../db/schema.ts";
import { csvLine } from "../../lib/csv.ts";
import { fieldError, HttpError, notFound, validationFailed } from "../../lib/errors.ts";
import { offset, sortColumn, type ListQuery } from "../../lib/pagination.ts";
import { fromCents, providersOf, toCents, type PaymentProvider, type PaymentProviders } from "../../payments/provider.ts";
import { escapeLike } from "../access/service.ts";
import { closedReason } from "../applications/availability.ts";
import { findApplicableCoupon } from "../coupons/service.ts";

export const BILLING_NOT_FOUND = "Event billing not found";
export const ALREADY_BILLED = "You already have a billing for this event.";
export const FORM_NOT_PAYABLE = "The selected event form is not open for payment.";
export const ALREADY_PAID = "This billing has already been paid.";
export const PAYMENT_NOT_FOUND = "Payment not found";
export const PAYMENT_MISMATCH = "This payment does not match the billing: the billing changed after the checkout was opened. Please pay again.";
export const BILLING_CLOSED = "This billing is no longer open for payment.";
export const FORM_CANNOT_CHANGE = "The event form of a billing cannot change.";
/** Added to a refusal of money the provider took: the payments row lets the organiser find and refund it. */
export const RECORDED_FOR_REFUND = "This payment was recorded so the organiser can refund it.";
export const COUPON_USED_UP_ON_REOPEN =
  "The coupon code on this billing has been used up since it was cancelled, so the billing cannot be reopened.";

export interface EventBillingView {
  id: number;
  event_form_id: number;
  event_form: { id: number; title: string };
  user_id: number;
  name: string;
  email: string;
  phone: string;
  address: string;
  country: string;
  city: string;
  coupon_code: { id: number; code: string } | null;
  amount: string;
  discount: string;
  total: string;
  currency: string;
  payment_status: BillingStatus;
  connect_pay_id: string | null;
  provider: string;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface StatusChangeView {
  id: number;
  from_status: BillingStatus | null;
  to_status: BillingStatus;
  changed_by: { id: number; name: string } | null;
  reason: string | null;
  created_at: string;
}

const columns = {
  id: eventBillings.id,
  eventFormId: eventBillings.eventFormId,
  formTitle: eventForms.title,
  startupId: eventForms.startupId,
  userId: eventBillings.userId,
  name: eventBillings.name,
  email: eventBillings.email,
  phone: eventBillings.phone,
  address: eventBillings.address,
  country: eventBillings.country,
  city: eventBillings.city,
  couponCodeId: eventBillings.couponCodeId,
  couponCode: couponCodes.code,
  amount: eventBillings.amount,
  discount: eventBillings.discount,
  total: eventBillings.total,
  currency: eventBillings.currency,
  paymentStatus: eventBillings.paymentStatus,
  connectPayId: eventBillings.connectPayId,
  provider: eventBillings.provider,
  paidAt: eventBillings.paidAt,
  createdAt: eventBillings.createdAt,
  updatedAt: eventBillings.updatedAt,
};

const selectBillings = (db: Db) =>
  db
    .select(columns)
    .from(eventBillings)
    .innerJoin(eventForms, eq(eventForms.id, eventBillings.eventFormId))
    .leftJoin(couponCodes, eq(couponCodes.id, eventBillings.couponCodeId));

type Row = Awaited<ReturnType<ReturnType<typeof selectBillings>["execute"]>>[number];

const money = (v: string) => Number(v).toFixed(2);

const view = (r: Row): EventBillingView => ({
  id: r.id,
  event_form_id: r.eventFormId,
  event_form: { id: r.eventFormId, title: r.formTitle },
  user_id: r.userId,
  name: r.name,
  email: r.email,
  phone: r.phone,
  address: r.address,
  country: r.country,
  city: r.city,
  coupon_code: r.couponCodeId === null ? null : { id: r.couponCodeId, code: r.couponCode ?? "" },
  amount: money(r.amount),
  discount: money(r.discount),
  total: money(r.total),
  currency: r.currency,
  payment_status: r.paymentStatus,
  connect_pay_id: r.connectPayId,
  provider: r.provider,
  paid_at: r.paidAt?.toISOString() ?? null,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

export async function loadBilling(db: Db, id: number): Promise<(EventBillingView & { startupId: number }) | null> {
  const [row] = await selectBillings(db).where(eq(eventBillings.id, id));
  return row ? { ...view(row), startupId: row.startupId } : null;
}

export async function statusChanges(db: Db, billingId: number): Promise<StatusChangeView[]> {
  const rows = await db
    .select({
      id: billingStatusChanges.id,
      from: billingStatusChanges.fromStatus,
      to: billingStatusChanges.toStatus,
      userId: users.id,
      userName: users.name,
      reason: billingStatusChanges.reason,
      createdAt: billingStatusChanges.createdAt,
    })
    .from(billingStatusChanges)
    .leftJoin(users, eq(users.id, billingStatusChanges.changedByUserId))
    .where(eq(billingStatusChanges.eventBillingId, billingId))
    .orderBy(asc(billingStatusChanges.createdAt), asc(billingStatusChanges.id));
  return rows.map((r) => ({
    id: r.id,
    from_status: r.from,
    to_status: r.to,
    changed_by: r.userId === null ? null : { id: r.userId, name: r.userName ?? "" },
    reason: r.reason,
    created_at: r.createdAt.toISOString(),
  }));
}

async function recordChange(tx: Db, billingId: number, from: BillingStatus | null, to: BillingStatus, byUserId: number | null, reason: string | null) {
  await tx.insert(billingStatusChanges).values({ eventBillingId: billingId, fromStatus: from, toStatus: to, changedByUserId: byUserId, reason });
}

/** The PostgreSQL error code behind a (possibly wrapped) driver error. */
function pgErrorCode(error: unknown): string | undefined {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

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
 * answers its price.
 */
async function payableForm(tx: Db, eventFormId: number) {
  const [form] = await tx.select().from(eventForms).where(eq(eventForms.id, eventFormId));
  if (!form || form.status !== "published" || form.typeOfEvent !== "paid" || !form.paidEventInformation) {
    throw fieldError("event_form_id", FORM_NOT_PAYABLE);
  }
  const priceCents = toCents(form.paidEventInformation.price);
  if (!Number.isFinite(priceCents) || priceCents < 0) throw fieldError("event_form_id", FORM_NOT_PAYABLE);
  const closed = await closedReason(tx, form);
  if (closed) throw fieldError("event_form_id", closed);
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
  const { form, priceCents, currency } = await payableForm(tx, request.eventFormId);
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

async function countUse(tx: Db, couponId: number, delta: 1 | -1) {
  await tx
    .update(couponCodes)
    .set({ usesCount: sql`greatest(${couponCodes.usesCount} + ${delta}, 0)`, updatedAt: sql`now()` })
    .where(eq(couponCodes.id, couponId));
}

const detailsOf = (input: BillingInput) => ({
  name: input.name,
  email: input.email,
  phone: input.phone,
  address: input.address,
  country: input.country,
  city: input.city,
});

export interface BillingResult {
  event_billing: EventBillingView;
  payment_url: string | null;
}

/** Opens a checkout for a billing that still has something to pay, and keeps its payment id. */
async function openCheckout(db: Db, provider: PaymentProvider, billingId: number, returnUrl: string): Promise<string | null> {
  const billing = await loadBilling(db, billingId);
  if (!billing) throw notFound(BILLING_NOT_FOUND);
  if (billing.payment_status === "Successful" || toCents(billing.total) === 0) return null;
  const checkout = await provider.createCheckout({
    billingId,
    amount: billing.total,
    currency: billing.currency,
    description: billing.event_form.title,
    returnUrl,
  });
  await db
    .update(eventBillings)
    .set({ connectPayId: checkout.paymentId, provider: provider.name, updatedAt: sql`now()` })
    .where(eq(eventBillings.id, billingId));
  return checkout.url;
}

export type Log = (message: string, error?: unknown) => void;

/**
 * Closes a checkout that must not be paid any more, with the provider that opened it. What is saved stays
 * saved: a provider that cannot be reached is logged, not answered as an error.
 */
async function closeCheckout(providers: PaymentProviders, paymentId: string, log: Log) {
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
): Promise<BillingResult> {
  const provider = providersOf(choice).checkout;
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: eventBillings.id })
        .from(eventBillings)
        .where(and(eq(eventBillings.eventFormId, input.event_form_id), eq(eventBillings.userId, userId)));
      if (existing) throw fieldError("event_form_id", ALREADY_BILLED);
      const { form, coupon, priceCents, discountCents: discount, totalCents: total, currency } = await priceFor(tx, {
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
          couponCodeId: couponId,
          amount: fromCents(priceCents),
          discount: fromCents(discount),
          total: fromCents(total),
          currency,
          paymentStatus: free ? "Successful" : "Pending",
          provider: free ? "none" : provider.name,
          paidAt: free ? new Date() : null,
        })
        .returning({ id: eventBillings.id });
      await recordChange(tx, row.id, null, free ? "Successful" : "Pending", userId, free ? "Fully discounted: no payment needed." : "Billing created.");
      if (couponId !== null) await countUse(tx, couponId, 1);
      return row.id;
    });
  } catch (error) {
    if (pgErrorCode(error) === "23505") throw fieldError("event_form_id", ALREADY_BILLED);
    throw error;
  }
  const payment_url = await openCheckout(db, provider, id, returnUrl);
  const billing = await loadBilling(db, id);
  if (!billing) throw notFound(BILLING_NOT_FOUND);
  return { event_billing: strip(billing), payment_url };
}

/** A loaded billing without the owner's startup id, as the API shows it. */
export const strip = <T extends { startupId: number }>(b: T): Omit<T, "startupId"> => {
  const { startupId: _startupId, ...rest } = b;
  return rest;
};

/** A billing its payer may still edit (and so quote against): unpaid, open, for the same form. */
function assertEditable(current: { eventFormId: number; paymentStatus: BillingStatus } | undefined, eventFormId: number): asserts current {
  if (!current) throw notFound(BILLING_NOT_FOUND);
  if (current.paymentStatus === "Successful") throw validationFailed({ payment_status: [ALREADY_PAID] });
  if (current.paymentStatus === "Refunded" || current.paymentStatus === "Cancelled") throw validationFailed({ payment_status: [BILLING_CLOSED] });
  if (eventFormId !== current.eventFormId) throw fieldError("event_form_id", FORM_CANNOT_CHANGE);
}

export interface QuoteView {
  event_form: { id: number; title: string };
  amount: string;
  discount: string;
  total: string;
  currency: string;
  coupon_code: { id: number; code: string } | null;
}

/**
 * What the caller would pay for a form with a coupon, before (or while editing) a billing: the same rules
 * and messages as creating a billing, or, with `event_billing_id`, as editing that billing of the caller's
 * (its own coupon is accepted as it is and the billing is not counted against the per-user limit). Counts
 * nothing and saves nothing.
 */
export async function quote(db: Db, userId: number, input: QuoteInput): Promise<QuoteView> {
  let billing: { id: number; couponCodeId: number | null } | undefined;
  if (input.event_billing_id !== undefined) {
    const [current] = await db
      .select({ id: eventBillings.id, eventFormId: eventBillings.eventFormId, couponCodeId: eventBillings.couponCodeId, paymentStatus: eventBillings.paymentStatus })
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
): Promise<BillingResult> {
  const providers = providersOf(choice);
  const previousCheckout = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(eventBillings)
      .where(and(eq(eventBillings.id, id), eq(eventBillings.userId, userId)))
      .for("update");
    assertEditable(current, input.event_form_id);
    const price = await priceFor(tx, { eventFormId: current.eventFormId, couponCode: input.coupon_code, userId, billing: current, lock: true });
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
        couponCodeId: couponId,
        amount: fromCents(priceCents),
        discount: fromCents(discount),
        total: fromCents(total),
        currency,
        paymentStatus: status,
        paidAt: free ? new Date() : null,
        // The old checkout no longer matches; a new one is opened below.
        connectPayId: null,
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
  const billing = await loadBilling(db, id);
  if (!billing) throw notFound(BILLING_NOT_FOUND);
  return { event_billing: strip(billing), payment_url };
}

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
 * Marks a billing paid once, however many times it is called (return page, webhook, concurrently): the
 * billing row is locked, and the payment is recorded under its unique provider payment id. A payment that
 * no longer matches the billing's total or currency, or that comes for a billing already paid by another
 * payment or closed, is refused with `PaymentRefused`; since the provider took that money, it is still
 * recorded, with `refused_reason` and a line in the billing's history, before the refusal is answered.
 * The recording commits on its own (nothing else is written in that transaction), so the refusal never
 * rolls it back.
 */
export async function fulfil(db: Db, input: FulfilInput): Promise<void> {
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
    const reason =
      billing.paymentStatus === "Successful"
        ? ALREADY_PAID
        : billing.paymentStatus === "Refunded" || billing.paymentStatus === "Cancelled"
          ? BILLING_CLOSED
          : toCents(input.amount) !== toCents(billing.total) || input.currency.toUpperCase() !== billing.currency.toUpperCase()
            ? PAYMENT_MISMATCH
            : null;
    if (reason) {
      const amount = fromCents(toCents(input.amount));
      const currency = input.currency.toUpperCase();
      const [kept] = await tx
        .insert(payments)
        .values({ eventBillingId: billing.id, provider: input.provider, providerPaymentId: input.providerPaymentId, amount, currency, refusedReason: reason })
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
    await tx
      .insert(payments)
      .values({ eventBillingId: billing.id, provider: input.provider, providerPaymentId: input.providerPaymentId, amount: billing.total, currency: billing.currency });
    await tx
      .update(eventBillings)
      .set({ paymentStatus: "Successful", paidAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(eventBillings.id, billing.id));
    await recordChange(tx, billing.id, billing.paymentStatus, "Successful", null, `Payment ${input.providerPaymentId} confirmed by ${input.provider}.`);
    return null;
  });
  if (refusal) throw refusal;
}

export interface VerifyAnswer {
  /**
   * What became of this payment for the payer: Successful, Failed (declined or refused), Pending (not
   * finished yet), or the billing's Refunded or Cancelled when the organiser has closed it.
   */
  payment_status: BillingStatus;
  message: string;
  /** The billing it pays, so the payer can go on to its form or pay again. */
  event_billing: { id: number; event_form_id: number; payment_status: BillingStatus };
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
export async function verifyPayment(db: Db, choice: PaymentProvider | PaymentProviders, userId: number, paymentId: string): Promise<VerifyAnswer> {
  const provider = providersOf(choice).forPayment(paymentId);
  if (!provider) throw notFound(PAYMENT_NOT_FOUND);
  const payment = await provider.retrieve(paymentId);
  if (!payment) throw notFound(PAYMENT_NOT_FOUND);
  const billing = await loadBilling(db, payment.billingId);
  if (!billing || billing.user_id !== userId) throw notFound(PAYMENT_NOT_FOUND);
  const current = async () => (await loadBilling(db, billing.id))?.payment_status ?? billing.payment_status;
  const answer = (payment_status: BillingStatus, message: string, now: BillingStatus): VerifyAnswer => ({
    payment_status,
    message,
    event_billing: { id: billing.id, event_form_id: billing.event_form_id, payment_status: now },
  });
  if (payment.status === "paid") {
    try {
      await fulfil(db, { billingId: billing.id, provider: provider.name, providerPaymentId: paymentId, amount: payment.amount, currency: payment.currency });
    } catch (error) {
      if (error instanceof PaymentRefused) return answer("Failed", error.recorded ? `${error.reason} ${RECORDED_FOR_REFUND}` : error.reason, await current());
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
        await tx.update(eventBillings).set({ paymentStatus: "Failed", updatedAt: sql`now()` }).where(eq(eventBillings.id, row.id));
        await recordChange(tx, row.id, "Pending", "Failed", null, `Payment ${paymentId} declined.`);
      }
    });
  }
  const now = await current();
  if (now === "Successful") return answer("Successful", ALREADY_PAID, now);
  if (now === "Refunded" || now === "Cancelled") return answer(now, closedByOrganiser(now), now);
  return payment.status === "failed" ? answer("Failed", DECLINED, now) : answer("Pending", NOT_COMPLETED, now);
}

/** Statuses after which nothing is left to pay: an open checkout of the billing is closed. */
const NOTHING_TO_PAY: readonly BillingStatus[] = ["Successful", "Cancelled", "Refunded"];

/**
 * The billing's owner of the form changes its status by hand; the change is kept. Moving it to Successful,
 * Cancelled or Refunded closes its checkout at the provider afterwards (a provider error is logged: the
 * change stands).
 */
export async function changeStatus(
  db: Db,
  choice: PaymentProvider | PaymentProviders,
  startupId: number,
  byUserId: number,
  id: number,
  status: BillingStatus,
  log: Log = console.error,
) {
  const openCheckoutId = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: eventBillings.id,
        status: eventBillings.paymentStatus,
        startupId: eventForms.startupId,
        couponCodeId: eventBillings.couponCodeId,
        connectPayId: eventBillings.connectPayId,
      })
      .from(eventBillings)
      .innerJoin(eventForms, eq(eventForms.id, eventBillings.eventFormId))
      .where(eq(eventBillings.id, id))
      .for("update", { of: eventBillings });
    if (!row || row.startupId !== startupId) throw notFound(BILLING_NOT_FOUND);
    if (row.status === status) return null;
    // A cancelled billing is not a use of its coupon (see usesByUser): cancelling gives the use back, and
    // reopening counts it again, which the coupon's maximum may no longer allow.
    if (row.couponCodeId !== null && status === "Cancelled") await countUse(tx, row.couponCodeId, -1);
    if (row.couponCodeId !== null && row.status === "Cancelled") {
      const [coupon] = await tx
        .select({ usesCount: couponCodes.usesCount, maxUses: couponCodes.maxUses })
        .from(couponCodes)
        .where(eq(couponCodes.id, row.couponCodeId))
        .for("update");
      if (coupon && coupon.maxUses !== null && coupon.usesCount >= coupon.maxUses) throw fieldError("status", COUPON_USED_UP_ON_REOPEN);
      await countUse(tx, row.couponCodeId, 1);
    }
    await tx
      .update(eventBillings)
      .set({ paymentStatus: status, paidAt: status === "Successful" ? sql`coalesce(${eventBillings.paidAt}, now())` : eventBillings.paidAt, updatedAt: sql`now()` })
      .where(eq(eventBillings.id, id));
    await recordChange(tx, id, row.status, status, byUserId, "Changed by the event owner.");
    // An unpaid checkout can no longer be paid; a paid or closed one is left as it is by its provider.
    return NOTHING_TO_PAY.includes(status) ? row.connectPayId : null;
  });
  if (openCheckoutId) await closeCheckout(providersOf(choice), openCheckoutId, log);
  const billing = await loadBilling(db, id);
  if (!billing) throw notFound(BILLING_NOT_FOUND);
  return strip(billing);
}

export const BILLING_SORTS = ["created_at", "name", "total", "payment_status", "paid_at"] as const;

export interface BillingListQuery extends ListQuery {
  payment_status?: BillingStatus;
}

export type BillingFilters = Pick<BillingListQuery, "payment_status" | "search">;

function billingsWhere(eventFormId: number, filters: BillingFilters) {
  return and(
    eq(eventBillings.eventFormId, eventFormId),
    filters.payment_status ? eq(eventBillings.paymentStatus, filters.payment_status) : undefined,
    filters.search
      ? or(ilike(eventBillings.name, `%${escapeLike(filters.search)}%`), ilike(eventBillings.email, `%${escapeLike(filters.search)}%`))
      : undefined,
  );
}

/** The allow-listed sort column, then the id, in the asked direction. */
function billingsOrder(query: Pick<BillingListQuery, "sort_by" | "sort_order">) {
  const sortBy = sortColumn(query.sort_by, BILLING_SORTS, "created_at");
  const direction = query.sort_order === "desc" ? desc : asc;
  const column = {
    created_at: eventBillings.createdAt,
    name: eventBillings.name,
    total: eventBillings.total,
    payment_status: eventBillings.paymentStatus,
    paid_at: eventBillings.paidAt,
  }[sortBy];
  return [direction(column), direction(eventBillings.id)];
}

export async function listBillings(db: Db, eventFormId: number, query: BillingListQuery) {
  const where = billingsWhere(eventFormId, query);
  const [{ total }] = await db.select({ total: count() }).from(eventBillings).where(where);
  const rows = await selectBillings(db)
    .where(where)
    .orderBy(...billingsOrder(query))
    .limit(query.per_page)
    .offset(offset(query));
  const [totals] = await db
    .select({
      billings: count(),
      successful: sql<number>`count(*) filter (where ${eventBillings.paymentStatus} = 'Successful')`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${eventBillings.paymentStatus} = 'Pending')`.mapWith(Number),
      collected: sql<string | null>`sum(${eventBillings.total}) filter (where ${eventBillings.paymentStatus} = 'Successful')`,
      discounts: sql<string | null>`sum(${eventBillings.discount}) filter (where ${eventBillings.paymentStatus} = 'Successful')`,
    })
    .from(eventBillings)
    .where(eq(eventBillings.eventFormId, eventFormId));
  return {
    total,
    data: rows.map(view),
    totals: {
      billings: totals.billings,
      successful: totals.successful,
      pending: totals.pending,
      amount_collected: money(totals.collected ?? "0"),
      discounts: money(totals.discounts ?? "0"),
    },
  };
}

export const BILLINGS_CSV_HEADER = [
  "ID",
  "Name",
  "Email",
  "Phone",
  "Address",
  "City",
  "Country",
  "Coupon",
  "Amount",
  "Discount",
  "Total",
  "Currency",
  "Status",
  "Paid at",
  "Created at",
] as const;

const CSV_PAGE_SIZE = 1000;

/**
 * Every billing of the form matching the list's filters, in the list's order, as CSV: read and written
 * 1,000 rows at a time so a large event never sits in memory at once.
 */
export function billingsCsv(db: Db, eventFormId: number, query: BillingFilters & Pick<BillingListQuery, "sort_by" | "sort_order">): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const where = billingsWhere(eventFormId, query);
  const order = billingsOrder(query);
  let nextOffset = 0;
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvLine(BILLINGS_CSV_HEADER)));
        return;
      }
      const rows = await selectBillings(db)
        .where(where)
        .orderBy(...order)
        .limit(CSV_PAGE_SIZE)
        .offset(nextOffset);
      nextOffset += rows.length;
      if (rows.length) {
        const text = rows
          .map(view)
          .map((b) =>
            csvLine([
              String(b.id),
              b.name,
              b.email,
              b.phone,
              b.address,
              b.city,
              b.country,
              b.coupon_code?.code ?? "",
              b.amount,
              b.discount,
              b.total,
              b.currency,
              b.payment_status,
              b.paid_at ?? "",
              b.created_at,
            ]),
          )
          .join("");
        controller.enqueue(encoder.encode(text));
      }
      if (rows.length < CSV_PAGE_SIZE) controller.close();
    },
  });
}

export interface MyBillingView {
  id: number;
  payment_status: BillingStatus;
  total: string;
  currency: string;
}

/** The user's billing for a form (one per user and form), or null. */
export async function billingOfUser(db: Db, eventFormId: number, userId: number): Promise<MyBillingView | null> {
  const [row] = await db
    .select({ id: eventBillings.id, status: eventBillings.paymentStatus, total: eventBillings.total, currency: eventBillings.currency })
    .from(eventBillings)
    .where(and(eq(eventBillings.eventFormId, eventFormId), eq(eventBillings.userId, userId)));
  return row ? { id: row.id, payment_status: row.status, total: money(row.total), currency: row.currency } : null;
}
