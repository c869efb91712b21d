import { sql } from "drizzle-orm";
import { boolean, check, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { CouponDiscountType } from "#schemas/coupons.ts";
import { BILLING_STATUSES, PAID_STATUSES, type BillingStatus } from "#schemas/billing.ts";
import { createdAt, updatedAt, users, startups } from "./schema.ts";
import { eventForms } from "./events-schema.ts";

/* The money tables: coupon codes, billings, payments, their status history and sandbox checkouts. */

export type { CouponDiscountType };
export { BILLING_STATUSES, type BillingStatus };

/** The paid statuses as an SQL list of literals, so a query's `in (…)` matches the partial index below. */
export const PAID_STATUS_LIST = sql.raw(PAID_STATUSES.map((s) => `'${s}'`).join(", "));

/**
 * An owner's coupon code. The code is kept as typed and matched ignoring case (hence the unique index
 * on lower(code)). `uses_count` only ever changes inside a billing's transaction, with this row locked;
 * the check constraints are the last line of defence against overselling.
 */
export const couponCodes = pgTable(
  "coupon_codes",
  {
    id: serial("id").primaryKey(),
    startupId: integer("startup_id")
      .notNull()
      .references(() => startups.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    discountType: text("discount_type").$type<CouponDiscountType>().notNull(),
    /** A percentage (0.01–100) or an amount in `currency`. */
    value: numeric("value", { precision: 12, scale: 2 }).notNull(),
    currency: text("currency"),
    /**
     * Only for this form when set. "No action" (checked at the end of the statement) rather than restrict,
     * so deleting a whole startup, which cascades to both its forms and its coupons, still works; deleting
     * one form a coupon points at is refused by the database.
     */
    eventFormId: integer("event_form_id").references(() => eventForms.id, { onDelete: "no action" }),
    maxUses: integer("max_uses"),
    usesPerUser: integer("uses_per_user"),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    isActive: boolean("is_active").notNull().default(true),
    usesCount: integer("uses_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("coupon_codes_startup_code_unique").on(t.startupId, sql`lower(${t.code})`),
    index("coupon_codes_startup_created_idx").on(t.startupId, t.createdAt),
    index("coupon_codes_startup_valid_until_idx").on(t.startupId, t.validUntil),
    index("coupon_codes_startup_uses_count_idx").on(t.startupId, t.usesCount),
    index("coupon_codes_event_form_id_idx").on(t.eventFormId),
    check("coupon_codes_discount_type_check", sql`${t.discountType} in ('percentage', 'fixed')`),
    check("coupon_codes_uses_count_check", sql`${t.usesCount} >= 0 and (${t.maxUses} is null or ${t.usesCount} <= ${t.maxUses})`),
  ],
);

// ---- billing -----------------------------------------------------------------------------------

/**
 * A payer's billing for a paid event form: one per user and form. Amount, discount and total are
 * computed on the server only. `connect_pay_id` is the provider's payment id of the current checkout.
 */
export const eventBillings = pgTable(
  "event_billings",
  {
    id: serial("id").primaryKey(),
    eventFormId: integer("event_form_id")
      .notNull()
      .references(() => eventForms.id, { onDelete: "restrict" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    address: text("address").notNull(),
    country: text("country").notNull(),
    city: text("city").notNull(),
    couponCodeId: integer("coupon_code_id").references(() => couponCodes.id, { onDelete: "restrict" }),
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    discount: numeric("discount", { precision: 12, scale: 2 }).notNull().default("0"),
    total: numeric("total", { precision: 12, scale: 2 }).notNull(),
    currency: text("currency").notNull(),
    paymentStatus: text("payment_status").$type<BillingStatus>().notNull().default("Pending"),
    connectPayId: text("connect_pay_id"),
    /** Where the payer pays the open checkout (`connect_pay_id`); cleared when the checkout is closed or replaced. */
    paymentUrl: text("payment_url"),
    provider: text("provider").notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /**
     * Given back through the provider so far, counting a refund on its way (see the refunds table): what a
     * new refund may take is `total - refunded`, read and raised under this row's lock.
     */
    refunded: numeric("refunded", { precision: 12, scale: 2 }).notNull().default("0"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("event_billings_form_user_unique").on(t.eventFormId, t.userId),
    uniqueIndex("event_billings_connect_pay_id_unique").on(t.connectPayId),
    index("event_billings_form_created_idx").on(t.eventFormId, t.createdAt),
    index("event_billings_form_status_idx").on(t.eventFormId, t.paymentStatus),
    index("event_billings_user_id_idx").on(t.userId),
    index("event_billings_coupon_code_id_idx").on(t.couponCodeId),
    // The dashboard's payments card: billings created in the window by status, and successful payments by
    // when the money came in (the card's coalesce, spelled the same so the planner matches it).
    index("event_billings_created_idx").on(t.createdAt, t.eventFormId, t.paymentStatus),
    index("event_billings_paid_idx")
      .on(sql`coalesce(${t.paidAt}, ${t.updatedAt})`, t.eventFormId)
      .where(sql`payment_status in (${PAID_STATUS_LIST})`),
    check(
      "event_billings_payment_status_check",
      sql`${t.paymentStatus} in ('Pending', 'Successful', 'Failed', 'Refunded', 'Partially refunded', 'Cancelled')`,
    ),
    check(
      "event_billings_amounts_check",
      sql`${t.discount} >= 0 and ${t.discount} <= ${t.amount} and ${t.total} = ${t.amount} - ${t.discount}`,
    ),
    check("event_billings_refunded_check", sql`${t.refunded} >= 0 and ${t.refunded} <= ${t.total}`),
  ],
);

/**
 * One row per payment the provider took: fulfilled ones, and (with `refused_reason`) ones the billing refused.
 * The unique provider payment id makes fulfilment, and recording a refusal, idempotent.
 */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    eventBillingId: integer("event_billing_id")
      .notNull()
      .references(() => eventBillings.id, { onDelete: "restrict" }),
    provider: text("provider").notNull(),
    providerPaymentId: text("provider_payment_id").notNull(),
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    currency: text("currency").notNull(),
    /**
     * Set when the provider took this money but the billing refused it (already paid by another payment,
     * changed since the checkout, closed): kept so the organiser can refund it. Such a row is never the
     * billing's payment.
     */
    refusedReason: text("refused_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payments_provider_payment_id_unique").on(t.providerPaymentId),
    index("payments_event_billing_id_idx").on(t.eventBillingId),
  ],
);

export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * Money an owner gave back through the provider. A row is written, and its amount counted in the billing's
 * `refunded`, before the provider is asked ("pending"), so refunds asked at once can never add up to more
 * than was paid; the provider's answer makes it "succeeded", or "failed" and the amount is given back. The
 * key makes a repeated request (a double click, a retry) the same refund: the provider is asked with it too.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: serial("id").primaryKey(),
    eventBillingId: integer("event_billing_id")
      .notNull()
      .references(() => eventBillings.id, { onDelete: "restrict" }),
    /** The payment it gives money back from. */
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    currency: text("currency").notNull(),
    reason: text("reason").notNull(),
    status: text("status").$type<RefundStatus>().notNull().default("pending"),
    idempotencyKey: text("idempotency_key").notNull(),
    providerRefundId: text("provider_refund_id"),
    failureReason: text("failure_reason"),
    requestedByUserId: integer("requested_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("refunds_billing_key_unique").on(t.eventBillingId, t.idempotencyKey),
    index("refunds_payment_id_idx").on(t.paymentId),
    index("refunds_requested_by_idx").on(t.requestedByUserId),
    check("refunds_amount_check", sql`${t.amount} > 0`),
    check("refunds_status_check", sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);

/** Every change of a billing's payment status: who, when, from and to. */
export const billingStatusChanges = pgTable(
  "billing_status_changes",
  {
    id: serial("id").primaryKey(),
    eventBillingId: integer("event_billing_id")
      .notNull()
      .references(() => eventBillings.id, { onDelete: "cascade" }),
    fromStatus: text("from_status").$type<BillingStatus>(),
    toStatus: text("to_status").$type<BillingStatus>().notNull(),
    changedByUserId: integer("changed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [
    index("billing_status_changes_billing_idx").on(t.eventBillingId, t.createdAt),
    index("billing_status_changes_user_idx").on(t.changedByUserId),
  ],
);

/**
 * The sandbox provider's payments (the embedded default provider; see api/payments/sandbox.ts). Kept in
 * their own table so the sandbox behaves like an outside provider: billing only knows the id.
 */
export const sandboxPayments = pgTable("sandbox_payments", {
  id: text("id").primaryKey(),
  billingId: integer("billing_id").notNull(),
  amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
  currency: text("currency").notNull(),
  description: text("description").notNull(),
  returnUrl: text("return_url").notNull(),
  status: text("status").$type<"unpaid" | "paid" | "failed">().notNull().default("unpaid"),
  /** Given back so far (the sandbox's refunds below); never more than `amount`. */
  refunded: numeric("refunded", { precision: 12, scale: 2 }).notNull().default("0"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The sandbox provider's refunds, one per idempotency key, as a provider keeps them. */
export const sandboxRefunds = pgTable("sandbox_refunds", {
  id: text("id").primaryKey(),
  paymentId: text("payment_id")
    .notNull()
    .references(() => sandboxPayments.id, { onDelete: "cascade" }),
  amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  createdAt: createdAt(),
});
