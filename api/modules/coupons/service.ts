import { everyForm } from "#api/lib/owner.ts";
import { and, asc, count, desc, eq, ilike, inArray, sql } from "drizzle-orm";
import {
  COUPON_NOT_FOUND,
  COUPON_STATES,
  type CouponDiscountType,
  type CouponFields,
  type CouponState,
  type CouponView,
  couponInstant,
} from "#schemas/coupons.ts";
import type { Db } from "#api/db/client.ts";
import { isForeignKeyViolation, isUniqueViolation } from "#api/db/errors.ts";
import { startups } from "#api/db/schema.ts";
import { eventForms } from "#api/db/events-schema.ts";
import { couponCodes } from "#api/db/billing-schema.ts";
import { fieldError, notFound, validationFailed, type FieldErrors } from "#api/lib/errors.ts";
import { offset, sortColumn, totalOf, totalOver, type ListQuery, type PageRows } from "#api/lib/pagination.ts";
import { containsPattern } from "#api/lib/like.ts";
import { couponStateSql, couponView, selectCoupons } from "./views.ts";
import { managedFormsWhere } from "../event-forms/ownership.ts";
import { changedFields, recordActivity, type Actor } from "#api/lib/activity.ts";

// Checkout's side (billing imports it from here).
export { COUPON_REFUSALS, findApplicableCoupon, type ApplicableCoupon, type FindCouponInput } from "./apply.ts";

const CODE_TAKEN = "The code has already been taken.";
const INVALID_EVENT_FORM = "The selected event form is invalid.";
const USED_COUPON_LOCKED = "A used coupon's code and discount cannot change.";

export const COUPON_SORTS = ["code", "created_at", "uses_count", "valid_until"] as const;

export interface CouponListQuery extends ListQuery {
  /** One of COUPON_STATES; anything else is ignored by the route. */
  status?: CouponState;
  event_form_id?: number;
  discount_type?: CouponDiscountType;
}

/** Case-insensitive, and the same order on every database whatever its default collation. */
const codeOrder = sql`lower(${couponCodes.code}) collate "C"`;

export async function listCoupons(db: Db, startupId: number, query: CouponListQuery, now = new Date()): Promise<PageRows<CouponView>> {
  const where = and(
    eq(couponCodes.startupId, startupId),
    query.search ? ilike(couponCodes.code, containsPattern(query.search)) : undefined,
    query.status && (COUPON_STATES as readonly string[]).includes(query.status) ? sql`${couponStateSql(now)} = ${query.status}` : undefined,
    query.event_form_id !== undefined ? eq(couponCodes.eventFormId, query.event_form_id) : undefined,
    query.discount_type ? eq(couponCodes.discountType, query.discount_type) : undefined,
  );
  const sortBy = sortColumn(query.sort_by, COUPON_SORTS, "created_at");
  const direction = query.sort_order === "desc" ? desc : asc;
  const order =
    sortBy === "valid_until"
      ? // Coupons without an end come last either way.
        sql`${couponCodes.validUntil} ${sql.raw(query.sort_order === "desc" ? "desc" : "asc")} nulls last`
      : direction({ code: codeOrder, created_at: couponCodes.createdAt, uses_count: couponCodes.usesCount }[sortBy]);
  const rows = await selectCoupons(db, { listTotal: totalOver() })
    .where(where)
    .orderBy(order, direction(couponCodes.id))
    .limit(query.per_page)
    .offset(offset(query));
  const total = await totalOf(rows, query, async () => (await db.select({ n: count() }).from(couponCodes).where(where))[0].n);
  return { total, data: rows.map((r) => couponView(r, now)) };
}

export async function getCoupon(db: Db, startupId: number, id: number): Promise<CouponView> {
  const [row] = await selectCoupons(db).where(and(eq(couponCodes.id, id), eq(couponCodes.startupId, startupId)));
  if (!row) throw notFound(COUPON_NOT_FOUND);
  return couponView(row, new Date());
}

/**
 * Codes are unique per startup, ignoring case. The caller locks the startup row first (`lockStartup`), so
 * two requests saving the same code at once run one after the other and the second is refused; the unique index on
 * (startup_id, lower(code)) backs this up (see `isUniqueViolation`).
 */
async function lockStartup(tx: Db, startupId: number) {
  // "no key update" leaves rows that merely reference the startup free to be written meanwhile.
  await tx.select({ id: startups.id }).from(startups).where(eq(startups.id, startupId)).for("no key update");
}

async function assertCodeFree(tx: Db, startupId: number, code: string, exceptId?: number) {
  const [clash] = await tx
    .select({ id: couponCodes.id })
    .from(couponCodes)
    .where(and(eq(couponCodes.startupId, startupId), sql`lower(${couponCodes.code}) = lower(${code})`))
    .limit(1);
  if (clash && clash.id !== exceptId) throw fieldError("code", CODE_TAKEN);
}

/** A scope must be one of the startup's own forms. */
async function assertOwnForm(tx: Db, startupId: number, eventFormId: number | undefined) {
  if (eventFormId === undefined) return;
  const [form] = await tx
    .select({ id: eventForms.id })
    .from(eventForms)
    .where(managedFormsWhere(everyForm(startupId), eventFormId));
  if (!form) throw fieldError("event_form_id", INVALID_EVENT_FORM);
}

/** The columns an edit is recorded by, with the names the API gives them. */
const RECORDED_FIELDS = {
  code: "code",
  discountType: "discount_type",
  value: "value",
  currency: "currency",
  eventFormId: "event_form_id",
  maxUses: "max_uses",
  usesPerUser: "uses_per_user",
  validFrom: "valid_from",
  validUntil: "valid_until",
  isActive: "is_active",
} as const;

type CouponRow = typeof couponCodes.$inferSelect;

/** Writes a coupon's change to the record, in the change's transaction. */
const recordCoupon = (tx: Db, actor: Actor, kind: "coupon.created" | "coupon.updated" | "coupon.deleted", row: CouponRow, changes = {}) =>
  recordActivity(tx, {
    organizationId: row.startupId,
    actor,
    kind,
    subject: { id: row.id, label: row.code },
    eventFormId: row.eventFormId,
    changes,
  });

const columnsOf = (input: CouponFields) => ({
  code: input.code,
  discountType: input.discount_type,
  value: input.value,
  currency: input.currency ?? null,
  eventFormId: input.event_form_id ?? null,
  maxUses: input.max_uses ?? null,
  usesPerUser: input.uses_per_user ?? null,
  validFrom: input.valid_from ? couponInstant(input.valid_from) : null,
  validUntil: input.valid_until ? couponInstant(input.valid_until) : null,
  isActive: input.is_active,
});

export async function createCoupon(db: Db, startupId: number, actor: Actor, input: CouponFields): Promise<CouponView> {
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      await lockStartup(tx, startupId);
      await assertCodeFree(tx, startupId, input.code);
      await assertOwnForm(tx, startupId, input.event_form_id);
      const [row] = await tx
        .insert(couponCodes)
        .values({ startupId, ...columnsOf(input) })
        .returning();
      await recordCoupon(tx, actor, "coupon.created", row);
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError("code", CODE_TAKEN);
    throw error;
  }
  return getCoupon(db, startupId, id);
}

/**
 * Edits a coupon. Once it has been used, what a buyer was promised stays as it was: its code, discount
 * type, value and currency cannot change (limits, dates, scope and the active flag can). The coupon row is
 * locked, so a checkout counting a use meanwhile waits, and the maximum cannot drop below the uses so far.
 */
export async function updateCoupon(db: Db, startupId: number, actor: Actor, id: number, input: CouponFields): Promise<CouponView> {
  try {
    await db.transaction(async (tx) => {
      await lockStartup(tx, startupId);
      const [current] = await tx
        .select()
        .from(couponCodes)
        .where(and(eq(couponCodes.id, id), eq(couponCodes.startupId, startupId)))
        .for("update");
      if (!current) throw notFound(COUPON_NOT_FOUND);
      await assertCodeFree(tx, startupId, input.code, id);
      await assertOwnForm(tx, startupId, input.event_form_id);
      const errors: FieldErrors = {};
      if (current.usesCount > 0) {
        if (input.code !== current.code) errors.code = [USED_COUPON_LOCKED];
        if (input.discount_type !== current.discountType) errors.discount_type = [USED_COUPON_LOCKED];
        if (Number(input.value) !== Number(current.value)) errors.value = [USED_COUPON_LOCKED];
        if ((input.currency ?? null) !== current.currency) errors.currency = [USED_COUPON_LOCKED];
      }
      if (input.max_uses !== undefined && input.max_uses < current.usesCount) {
        errors.max_uses = [`The max uses must not be less than the ${current.usesCount} uses so far.`];
      }
      if (Object.keys(errors).length) throw validationFailed(errors);
      const [updated] = await tx
        .update(couponCodes)
        .set({ ...columnsOf(input), updatedAt: sql`now()` })
        .where(and(eq(couponCodes.id, id), eq(couponCodes.startupId, startupId)))
        .returning();
      const changes = changedFields(current, updated, RECORDED_FIELDS);
      if (Object.keys(changes).length) await recordCoupon(tx, actor, "coupon.updated", updated, changes);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError("code", CODE_TAKEN);
    throw error;
  }
  return getCoupon(db, startupId, id);
}

/**
 * Switches a coupon on or off and nothing else, in one statement: a toggle never writes back fields it
 * read earlier, so it cannot undo someone's edit made in the meantime.
 */
export async function setCouponActive(db: Db, startupId: number, actor: Actor, id: number, isActive: boolean): Promise<CouponView> {
  await db.transaction(async (tx) => {
    // Only the flag is read back, for the record: the update below writes nothing else.
    const [before] = await tx
      .select({ isActive: couponCodes.isActive })
      .from(couponCodes)
      .where(and(eq(couponCodes.id, id), eq(couponCodes.startupId, startupId)))
      .for("no key update");
    if (!before) throw notFound(COUPON_NOT_FOUND);
    const [row] = await tx
      .update(couponCodes)
      .set({ isActive, updatedAt: sql`now()` })
      .where(and(eq(couponCodes.id, id), eq(couponCodes.startupId, startupId)))
      .returning();
    if (before.isActive !== isActive)
      await recordCoupon(tx, actor, "coupon.updated", row, { is_active: { from: before.isActive, to: isActive } });
  });
  return getCoupon(db, startupId, id);
}

/**
 * A coupon nobody has used is deleted. A used one is never deleted, so the billings that used it keep
 * their record: it is switched off instead, and the answer says which happened. (Should anything else
 * still reference an unused coupon, the database refuses the delete and it is switched off too.)
 */
export async function deleteCoupon(
  db: Db,
  startupId: number,
  actor: Actor,
  id: number,
): Promise<{ deleted: true } | { deleted: false; coupon: CouponView }> {
  const deleted = await db.transaction(async (tx) => {
    const [coupon] = await tx
      .select()
      .from(couponCodes)
      .where(and(eq(couponCodes.id, id), eq(couponCodes.startupId, startupId)))
      .for("update");
    if (!coupon) throw notFound(COUPON_NOT_FOUND);
    if (coupon.usesCount === 0) {
      try {
        // A savepoint: a refused delete leaves the outer transaction usable.
        await tx.transaction((inner) => inner.delete(couponCodes).where(eq(couponCodes.id, id)));
        await recordCoupon(tx, actor, "coupon.deleted", coupon);
        return true;
      } catch (error) {
        if (!isForeignKeyViolation(error)) throw error;
      }
    }
    await tx
      .update(couponCodes)
      .set({ isActive: false, updatedAt: sql`now()` })
      .where(eq(couponCodes.id, id));
    if (coupon.isActive) await recordCoupon(tx, actor, "coupon.updated", coupon, { is_active: { from: true, to: false } });
    return false;
  });
  return deleted ? { deleted: true } : { deleted: false, coupon: await getCoupon(db, startupId, id) };
}

/** Coupons scoped to these forms: a form a coupon points at is not deleted under it. */
export async function assertNoScopedCoupons(db: Db, formIds: number[], field: string) {
  if (!formIds.length) return;
  const [scoped] = await db.select({ code: couponCodes.code }).from(couponCodes).where(inArray(couponCodes.eventFormId, formIds)).limit(1);
  if (scoped) throw fieldError(field, `The coupon code ${scoped.code} applies only to this event. Change its scope or delete it first.`);
}
