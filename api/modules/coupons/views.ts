/** A coupon as the API shows it, its state at a given moment, and the select every reading query starts from. */
import { eq, sql, type SQL } from "drizzle-orm";
import type { CouponDiscountType, CouponState, CouponView } from "#schemas/coupons.ts";
import type { Db } from "#api/db/client.ts";
import { eventForms } from "#api/db/events-schema.ts";
import { couponCodes } from "#api/db/billing-schema.ts";

/** The columns `couponState` reads. */
export interface CouponStateFields {
  isActive: boolean;
  validFrom: Date | null;
  validUntil: Date | null;
  maxUses: number | null;
  usesCount: number;
}

/**
 * What a coupon is at `now`. A switched-off coupon is "inactive" whatever else holds; then an ended one
 * is "expired", one with no uses left "used up", and one whose start is still ahead "scheduled".
 * `couponStateSql` is the same rule for the list's filter; keep the two in step.
 */
export function couponState(row: CouponStateFields, now: Date = new Date()): CouponState {
  if (!row.isActive) return "inactive";
  if (row.validUntil && row.validUntil.getTime() <= now.getTime()) return "expired";
  if (row.maxUses !== null && row.usesCount >= row.maxUses) return "used up";
  if (row.validFrom && row.validFrom.getTime() > now.getTime()) return "scheduled";
  return "active";
}

export function couponStateSql(now: Date): SQL<CouponState> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql<CouponState>`case
    when not ${couponCodes.isActive} then 'inactive'
    when ${couponCodes.validUntil} is not null and ${couponCodes.validUntil} <= ${at} then 'expired'
    when ${couponCodes.maxUses} is not null and ${couponCodes.usesCount} >= ${couponCodes.maxUses} then 'used up'
    when ${couponCodes.validFrom} is not null and ${couponCodes.validFrom} > ${at} then 'scheduled'
    else 'active' end`;
}

const couponColumns = {
  id: couponCodes.id,
  code: couponCodes.code,
  discountType: couponCodes.discountType,
  value: couponCodes.value,
  currency: couponCodes.currency,
  eventFormId: couponCodes.eventFormId,
  eventFormTitle: eventForms.title,
  maxUses: couponCodes.maxUses,
  usesPerUser: couponCodes.usesPerUser,
  usesCount: couponCodes.usesCount,
  validFrom: couponCodes.validFrom,
  validUntil: couponCodes.validUntil,
  isActive: couponCodes.isActive,
  createdAt: couponCodes.createdAt,
  updatedAt: couponCodes.updatedAt,
};

type CouponRow = {
  id: number;
  code: string;
  discountType: CouponDiscountType;
  value: string;
  currency: string | null;
  eventFormId: number | null;
  eventFormTitle: string | null;
  maxUses: number | null;
  usesPerUser: number | null;
  usesCount: number;
  validFrom: Date | null;
  validUntil: Date | null;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
};

export const couponView = (r: CouponRow, now: Date): CouponView => ({
  id: r.id,
  code: r.code,
  discount_type: r.discountType,
  value: Number(r.value).toFixed(2),
  currency: r.currency,
  event_form: r.eventFormId === null ? null : { id: r.eventFormId, title: r.eventFormTitle ?? "" },
  max_uses: r.maxUses,
  uses_per_user: r.usesPerUser,
  uses_count: r.usesCount,
  valid_from: r.validFrom?.toISOString() ?? null,
  valid_until: r.validUntil?.toISOString() ?? null,
  is_active: r.isActive,
  state: couponState(r, now),
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

export const selectCoupons = <Extra extends Record<string, SQL | SQL.Aliased>>(db: Db, extra: Extra = {} as Extra) =>
  db
    .select({ ...couponColumns, ...extra })
    .from(couponCodes)
    .leftJoin(eventForms, eq(eventForms.id, couponCodes.eventFormId));
