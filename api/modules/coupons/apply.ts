import { everyForm } from "#api/lib/owner.ts";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#api/db/client.ts";
import { eventForms } from "#api/db/events-schema.ts";
import { couponCodes, type CouponDiscountType } from "#api/db/billing-schema.ts";
import { fieldError } from "#api/lib/errors.ts";
import { managedFormsWhere } from "../event-forms/ownership.ts";

// Applying a coupon at checkout (for billing). Managing coupons is in ./service.ts.

/** The answers `findApplicableCoupon` refuses a code with, under `errors.coupon_code`. */
export const COUPON_REFUSALS = {
  unknown: "This coupon code is not valid.",
  inactive: "This coupon code is no longer active.",
  notYetValid: "This coupon code is not valid yet.",
  expired: "This coupon code has expired.",
  outOfScope: "This coupon code does not apply to this event.",
  usedUp: "This coupon code has been used up.",
  usedUpByUser: "You have already used this coupon code as many times as it allows.",
} as const;

export interface ApplicableCoupon {
  id: number;
  code: string;
  discountType: CouponDiscountType;
  /** Two decimals, as text: "10.00". */
  value: string;
  currency: string | null;
  eventFormId: number | null;
  maxUses: number | null;
  usesPerUser: number | null;
  usesCount: number;
}

export interface FindCouponInput {
  /** The startup that owns the event being paid for; only its coupons apply. */
  startupId: number;
  /** As the buyer typed it; matched ignoring case and surrounding spaces. */
  code: string;
  /** The event form being paid for. */
  eventFormId: number;
  /** The buyer. */
  userId: number;
  now?: Date;
  /**
   * How many times this user has already used the coupon (their counted billings with it). The coupon
   * module keeps no per-user record, so billing supplies this; without it `uses_per_user` is not checked.
   */
  usesByUser?: (couponId: number, userId: number) => Promise<number>;
  /** Lock the coupon row (SELECT … FOR UPDATE) until the caller's transaction ends. Needs `db` to be a transaction. */
  forUpdate?: boolean;
}

const refuse = (message: string) => fieldError("coupon_code", message);

/**
 * Checks that `code` can be used now by `userId` for `eventFormId`, and returns the coupon; otherwise
 * throws a 422 with `errors.coupon_code` saying why. It only checks: it counts nothing.
 *
 * HOW BILLING MUST COUNT A USE (the billing step builds this). Counting happens in the same transaction
 * that saves the billing, with the coupon row locked, so concurrent checkouts queue on the row and never
 * exceed `max_uses`:
 *
 *   await db.transaction(async (tx) => {
 *     // 1. Lock and re-check inside the transaction (SELECT … FOR UPDATE on coupon_codes).
 *     const coupon = await findApplicableCoupon(tx, { startupId, code, eventFormId, userId, forUpdate: true,
 *       usesByUser: (couponId, userId) => countCountedBillings(tx, couponId, userId) });
 *     // 2. Save the billing with coupon_code_id = coupon.id and the discount computed on the server.
 *     // 3. Count the use while the lock is held:
 *     await tx.update(couponCodes)
 *       .set({ usesCount: sql`${couponCodes.usesCount} + 1`, updatedAt: sql`now()` })
 *       .where(eq(couponCodes.id, coupon.id));
 *   });
 *
 * A second checkout blocks at step 1 until the first commits, then sees the new uses_count and is refused
 * with "This coupon code has been used up." once the maximum is reached. The table's check constraint
 * (uses_count <= max_uses) makes an uncounted race fail loudly rather than oversell. If a billing that
 * counted a use is later cancelled or replaced, decrement in that transaction the same way. Used coupons
 * (uses_count > 0) are never deleted (see `deleteCoupon`), so billings can reference them safely.
 */
export async function findApplicableCoupon(db: Db, input: FindCouponInput): Promise<ApplicableCoupon> {
  const now = input.now ?? new Date();
  const code = input.code.trim();
  if (!code) throw refuse(COUPON_REFUSALS.unknown);
  const query = db
    .select({
      id: couponCodes.id,
      code: couponCodes.code,
      discountType: couponCodes.discountType,
      value: couponCodes.value,
      currency: couponCodes.currency,
      eventFormId: couponCodes.eventFormId,
      maxUses: couponCodes.maxUses,
      usesPerUser: couponCodes.usesPerUser,
      usesCount: couponCodes.usesCount,
      isActive: couponCodes.isActive,
      validFrom: couponCodes.validFrom,
      validUntil: couponCodes.validUntil,
    })
    .from(couponCodes)
    .where(and(eq(couponCodes.startupId, input.startupId), sql`lower(${couponCodes.code}) = lower(${code})`));
  const [row] = input.forUpdate ? await query.for("update") : await query;
  if (!row) throw refuse(COUPON_REFUSALS.unknown);
  if (!row.isActive) throw refuse(COUPON_REFUSALS.inactive);
  if (row.validFrom && row.validFrom.getTime() > now.getTime()) throw refuse(COUPON_REFUSALS.notYetValid);
  if (row.validUntil && row.validUntil.getTime() <= now.getTime()) throw refuse(COUPON_REFUSALS.expired);
  if (row.eventFormId !== null && row.eventFormId !== input.eventFormId) throw refuse(COUPON_REFUSALS.outOfScope);

  // The event must be this startup's, and a fixed amount only applies to a price in the same currency.
  const [form] = await db
    .select({ paid: eventForms.paidEventInformation })
    .from(eventForms)
    .where(managedFormsWhere(everyForm(input.startupId), input.eventFormId));
  if (!form) throw refuse(COUPON_REFUSALS.outOfScope);
  if (row.discountType === "fixed" && form.paid?.currency && form.paid.currency !== row.currency) throw refuse(COUPON_REFUSALS.outOfScope);

  if (row.maxUses !== null && row.usesCount >= row.maxUses) throw refuse(COUPON_REFUSALS.usedUp);
  if (row.usesPerUser !== null && input.usesByUser && (await input.usesByUser(row.id, input.userId)) >= row.usesPerUser) {
    throw refuse(COUPON_REFUSALS.usedUpByUser);
  }
  return {
    id: row.id,
    code: row.code,
    discountType: row.discountType,
    value: Number(row.value).toFixed(2),
    currency: row.currency,
    eventFormId: row.eventFormId,
    maxUses: row.maxUses,
    usesPerUser: row.usesPerUser,
    usesCount: row.usesCount,
  };
}
