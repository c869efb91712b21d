/*
 * A payer's billing details, as the panel's billing step submits them and the API checks them. Price,
 * discount and total are never taken from the client. Laravel-style messages.
 */
import { isValidPhoneNumber } from "libphonenumber-js/min";
import { z } from "zod";
import { requiredText } from "./fields.ts";
import { idField, optionalIdField } from "./id-fields.ts";
import { pageOf, timestamp } from "./contract/answers.ts";
import { paidEventInformation, typeOfEvent } from "./event-form-views.ts";
import { BILLING_STATUSES, type BillingStatus } from "./billing-status.ts";

export { BILLING_STATUSES, isPaid, PAID_STATUSES, type BillingStatus } from "./billing-status.ts";

/**
 * What an owner may set by hand: a partial refund is only ever the outcome of a refund made through the
 * provider, which knows how much went back.
 */
export const SETTABLE_BILLING_STATUSES = [
  "Pending",
  "Successful",
  "Failed",
  "Refunded",
  "Cancelled",
] as const satisfies readonly BillingStatus[];

/** A blank input (or a JSON null) means "not given". */
const blank = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

/**
 * A number a payer can be called back on, in international format ("+234 803 123 4567"): checked against
 * libphonenumber's metadata for its country, so a made-up number of the right shape is refused too. The
 * billing's country is free text, so a national number ("0803…") cannot be placed and is refused.
 */
const phoneField = requiredText("phone", 32).pipe(
  z.string().refine((phone) => isValidPhoneNumber(phone), "The phone field must be a valid phone number."),
);

export const billingSchema = z.object({
  event_form_id: z.preprocess(blank, idField("The selected event form is invalid.", "The event form id field is required.")),
  name: requiredText("name"),
  email: requiredText("email").pipe(z.email("The email field must be a valid email address.")),
  phone: phoneField,
  address: requiredText("address", 500),
  country: requiredText("country", 100),
  city: requiredText("city", 100),
  coupon_code: z.preprocess(
    blank,
    z
      .string({ error: "The coupon code field must be a string." })
      .trim()
      .max(40, "The coupon code field must not be greater than 40 characters.")
      .optional(),
  ),
});
export type BillingInput = z.output<typeof billingSchema>;

export const verifyPaymentSchema = z.object({
  connect_pay_id: requiredText("connect pay id", 255),
});

export const changeStatusSchema = z.object({
  status: z.enum(SETTABLE_BILLING_STATUSES, {
    error: (issue) =>
      issue.input === undefined || issue.input === "" ? "The status field is required." : "The selected status is invalid.",
  }),
});
export type ChangeStatusInput = z.output<typeof changeStatusSchema>;

/**
 * A price quote: what a billing for the form would cost with the coupon, computed by the server
 * (`POST /api/v1/admin/event_billings/quote`). With `event_billing_id`, priced as editing that billing.
 * Other fields (a whole billing form) are ignored.
 */
export const quoteSchema = billingSchema.pick({ event_form_id: true, coupon_code: true }).extend({
  event_billing_id: z.preprocess(blank, idField("The selected event billing is invalid.").optional()),
});
export type QuoteInput = z.output<typeof quoteSchema>;

// ---- what the API answers (money as "25.00" text, in `currency`) ----

const billingStatus = z.enum(BILLING_STATUSES);
const couponRef = z.object({ id: z.number().int(), code: z.string() });
const personRef = z.object({ id: z.number().int(), name: z.string() });

/** A payer's billing for a paid event form. */
export const eventBillingView = z.object({
  id: z.number().int(),
  event_form_id: z.number().int(),
  event_form: z.object({ id: z.number().int(), title: z.string() }),
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  country: z.string(),
  city: z.string(),
  coupon_code: couponRef.nullable(),
  amount: z.string(),
  discount: z.string(),
  total: z.string(),
  /** Given back through the provider so far (a refund on its way included); the payment's net is total − refunded. */
  refunded: z.string(),
  currency: z.string(),
  payment_status: billingStatus,
  connect_pay_id: z.string().nullable(),
  /** The open checkout where the payer pays, while the billing is Pending; null once there is nothing to pay there. */
  payment_url: z.string().nullable(),
  provider: z.string(),
  paid_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type EventBillingView = z.output<typeof eventBillingView>;

/** One change of a billing's payment status; `changed_by` is null when the payment provider changed it. */
export const billingStatusChange = z.object({
  id: z.number().int(),
  from_status: billingStatus.nullable(),
  to_status: billingStatus,
  changed_by: personRef.nullable(),
  reason: z.string().nullable(),
  created_at: timestamp,
});
export type BillingStatusChange = z.output<typeof billingStatusChange>;

export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Money given back from a billing's payment through the provider, newest first in a billing's detail. */
export const billingRefund = z.object({
  id: z.number().int(),
  amount: z.string(),
  currency: z.string(),
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  /** Why the provider refused, for a failed refund. */
  failure_reason: z.string().nullable(),
  requested_by: personRef.nullable(),
  created_at: timestamp,
});
export type BillingRefund = z.output<typeof billingRefund>;

/**
 * Money the provider took for a billing that the billing did not accept (it was paid already, closed, changed
 * after the checkout opened, or the event filled first): kept so the organiser can give it back, whole.
 */
export const unappliedPayment = z.object({
  id: z.number().int(),
  provider: z.string(),
  provider_payment_id: z.string(),
  amount: z.string(),
  currency: z.string(),
  /** Why the billing did not accept it. */
  reason: z.string(),
  /** Its refund's outcome: null before any try; "failed" when the last try was refused (it may be tried again). */
  refund_status: z.enum(REFUND_STATUSES).nullable(),
  created_at: timestamp,
});
export type UnappliedPayment = z.output<typeof unappliedPayment>;

/**
 * `GET /api/v1/admin/event_billings/{id}/single`: a billing with every status it went through, its refunds,
 * how much may still be refunded through the provider ("0.00" when nothing can be: unpaid, closed, or
 * marked paid by hand with no payment to refund), and payments it did not accept.
 */
export const eventBillingDetail = eventBillingView.extend({
  status_changes: z.array(billingStatusChange),
  refunds: z.array(billingRefund),
  refundable: z.string(),
  unapplied_payments: z.array(unappliedPayment),
});
export type EventBillingDetail = z.output<typeof eventBillingDetail>;

/**
 * A refund's reason as the owner writes it; its amount is optional (everything left when blank). With
 * `payment_id`, the refund is of a payment the billing did not accept (UnappliedPayment), always whole.
 */
export const refundSchema = z.object({
  payment_id: optionalIdField("The payment id field must be a payment of this billing."),
  amount: z.preprocess(
    (v) => (typeof v === "number" ? String(v) : blank(v)),
    z
      .string({ error: "The amount field must be an amount such as 20 or 20.50." })
      .trim()
      .regex(/^\d{1,8}(\.\d{1,2})?$/, { error: "The amount field must be an amount such as 20 or 20.50.", abort: true })
      .refine((v) => Number(v) > 0, "The amount field must be greater than 0.")
      .optional(),
  ),
  reason: requiredText("reason", 500),
  /** The same for every try of one refund (the panel's form carries one), so a repeat refunds once. */
  idempotency_key: z.preprocess(
    blank,
    z.string().trim().max(100, "The idempotency key field must not be greater than 100 characters.").optional(),
  ),
});
export type RefundInput = z.output<typeof refundSchema>;

/** `POST /api/v1/admin/event_billings/{id}/refund`: the refund made (or the one the same key made before) and the billing after it. */
export const refundMade = z.object({ refund: billingRefund, event_billing: eventBillingView });
export type RefundMade = z.output<typeof refundMade>;

/** The form's sums over all its billings, whatever the list's filters. */
export const billingTotals = z.object({
  billings: z.number().int(),
  successful: z.number().int(),
  pending: z.number().int(),
  /** Net of refunds. */
  amount_collected: z.string(),
  discounts: z.string(),
  refunded: z.string(),
});
export type BillingTotals = z.output<typeof billingTotals>;

/** `GET /api/v1/admin/event_billings/{formId}/all`: a page of the form's billings, its totals and the form itself. */
export const billingListPage = pageOf(eventBillingView).extend({
  totals: billingTotals,
  event_form: z.object({
    id: z.number().int(),
    title: z.string(),
    type_of_event: typeOfEvent,
    paid_event_information: paidEventInformation.nullable(),
  }),
});
export type BillingListPage = z.output<typeof billingListPage>;

/** `POST /api/v1/admin/event_billings/quote` (as `quote`): what a billing would cost, computed by the server. */
export const billingQuote = z.object({
  event_form: z.object({ id: z.number().int(), title: z.string() }),
  amount: z.string(),
  discount: z.string(),
  total: z.string(),
  currency: z.string(),
  coupon_code: couponRef.nullable(),
});
export type BillingQuote = z.output<typeof billingQuote>;

/** `POST|PUT /api/v1/admin/event_billings`: the billing and where to pay it (null when nothing is owed). */
export const checkoutOpened = z.object({ event_billing: eventBillingView, payment_url: z.string().nullable() });
export type CheckoutOpened = z.output<typeof checkoutOpened>;

/** `POST /api/v1/admin/event_billings/verify_payment`: what became of a payment, and the billing it pays. */
export const paymentVerification = z.object({
  /**
   * What became of this payment for the payer: Successful, Failed (declined or refused), Pending (not
   * finished yet), or the billing's Refunded or Cancelled when the organiser has closed it.
   */
  payment_status: billingStatus,
  message: z.string(),
  /** The billing it pays, so the payer can go on to its form or pay again. */
  event_billing: z.object({ id: z.number().int(), event_form_id: z.number().int(), payment_status: billingStatus }),
});
export type PaymentVerification = z.output<typeof paymentVerification>;

/** The caller's own billing for a form, beside the form they apply to. */
export const myBillingView = z.object({
  id: z.number().int(),
  payment_status: billingStatus,
  total: z.string(),
  currency: z.string(),
  /** As in EventBillingView: where to pay while it is Pending. */
  payment_url: z.string().nullable(),
});
export type MyBillingView = z.output<typeof myBillingView>;
