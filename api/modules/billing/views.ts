import { organizationAccess, type OrganizationCaller } from "#api/lib/owner.ts";
import { and, eq, or, type SQL } from "drizzle-orm";
import type { BillingStatus, EventBillingView, MyBillingView } from "#schemas/billing.ts";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { eventForms } from "#api/db/events-schema.ts";
import { couponCodes, eventBillings } from "#api/db/billing-schema.ts";
import { notFound } from "#api/lib/errors.ts";
import { BILLING_NOT_FOUND } from "./messages.ts";
import { managedFormsWhere } from "../event-forms/ownership.ts";

/** A billing with the startup that owns its form, for the service's own checks. */
export type LoadedBilling = EventBillingView & { startupId: number };

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
  refunded: eventBillings.refunded,
  currency: eventBillings.currency,
  paymentStatus: eventBillings.paymentStatus,
  connectPayId: eventBillings.connectPayId,
  paymentUrl: eventBillings.paymentUrl,
  provider: eventBillings.provider,
  paidAt: eventBillings.paidAt,
  createdAt: eventBillings.createdAt,
  updatedAt: eventBillings.updatedAt,
};

/** Billings with what their view needs (form title, coupon code); the caller adds the `where`. */
export const selectBillings = <Extra extends Record<string, SQL | SQL.Aliased>>(db: Db, extra: Extra = {} as Extra) =>
  db
    .select({ ...columns, ...extra })
    .from(eventBillings)
    .innerJoin(eventForms, eq(eventForms.id, eventBillings.eventFormId))
    .leftJoin(couponCodes, eq(couponCodes.id, eventBillings.couponCodeId));

type Row = Awaited<ReturnType<ReturnType<typeof selectBillings>["execute"]>>[number];

/** A numeric column as money text with two places. */
export const money = (v: string) => Number(v).toFixed(2);

/** Where to pay, while there is something to pay: a billing waiting for its payment carries it in every answer. */
const paymentUrl = (status: BillingStatus, url: string | null) => (status === "Pending" ? url : null);

export const view = (r: Row): EventBillingView => ({
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
  refunded: money(r.refunded),
  currency: r.currency,
  payment_status: r.paymentStatus,
  connect_pay_id: r.connectPayId,
  payment_url: paymentUrl(r.paymentStatus, r.paymentUrl),
  provider: r.provider,
  paid_at: r.paidAt?.toISOString() ?? null,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

async function findBilling(db: Db, where: SQL | undefined) {
  const [row] = await selectBillings(db).where(where);
  return row;
}

export async function loadBilling(db: Db, id: number): Promise<LoadedBilling | null> {
  const row = await findBilling(db, eq(eventBillings.id, id));
  return row ? { ...view(row), startupId: row.startupId } : null;
}

/** The payer's own billing: another user's is as good as missing. */
export async function payersBilling(db: Db, userId: number, id: number): Promise<LoadedBilling | null> {
  const row = await findBilling(db, and(eq(eventBillings.id, id), eq(eventBillings.userId, userId)));
  return row ? { ...view(row), startupId: row.startupId } : null;
}

/** The billing as the API answers it after a change; 404 when it is gone. */
export async function billingView(db: Db, id: number): Promise<EventBillingView> {
  const row = await findBilling(db, eq(eventBillings.id, id));
  if (!row) throw notFound(BILLING_NOT_FOUND);
  return view(row);
}

/**
 * A billing `user` may read, decided by the query itself: the payer's own, or one for a form of the
 * caller's startup when they hold "event billing read". Any other billing answers exactly like a missing
 * one, so nobody learns which ids exist.
 */
export async function visibleBilling(
  db: Db,
  user: Pick<AuthUser, "id" | "permissions"> & OrganizationCaller,
  id: number,
): Promise<EventBillingView> {
  const ownStartup = user.permissions.has("event billing read") ? managedFormsWhere(organizationAccess(user, "money")) : undefined;
  const row = await findBilling(db, and(eq(eventBillings.id, id), or(eq(eventBillings.userId, user.id), ownStartup)));
  if (!row) throw notFound(BILLING_NOT_FOUND);
  return view(row);
}

/** The user's billing for a form (one per user and form), or null. */
export async function billingOfUser(db: Db, eventFormId: number, userId: number): Promise<MyBillingView | null> {
  const [row] = await db
    .select({
      id: eventBillings.id,
      status: eventBillings.paymentStatus,
      total: eventBillings.total,
      currency: eventBillings.currency,
      paymentUrl: eventBillings.paymentUrl,
    })
    .from(eventBillings)
    .where(and(eq(eventBillings.eventFormId, eventFormId), eq(eventBillings.userId, userId)));
  return row
    ? {
        id: row.id,
        payment_status: row.status,
        total: money(row.total),
        currency: row.currency,
        payment_url: paymentUrl(row.status, row.paymentUrl),
      }
    : null;
}
