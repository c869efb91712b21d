/*
 * A payer's billing details, as the panel's billing step submits them and the API checks them. Price,
 * discount and total are never taken from the client. Laravel-style messages.
 */
import { isValidPhoneNumber } from "libphonenumber-js/min";
import { z } from "zod";
import { requiredText } from "./fields.ts";
import { idField, optionalIdField } from "./id-fields.ts";
import type { Page } from "./answers.ts";
import type { PaidEventInformation, TypeOfEvent } from "./event-form-views.ts";
import type { BillingStatus } from "./billing-status.ts";

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

/** A payer's billing for a paid event form. */
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
  /** Given back through the provider so far (a refund on its way included); the payment's net is total − refunded. */
  refunded: string;
  currency: string;
  payment_status: BillingStatus;
  connect_pay_id: string | null;
  /** The open checkout where the payer pays, while the billing is Pending; null once there is nothing to pay there. */
  payment_url: string | null;
  provider: string;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One change of a billing's payment status; `changed_by` is null when the payment provider changed it. */
export interface BillingStatusChange {
  id: number;
  from_status: BillingStatus | null;
  to_status: BillingStatus;
  changed_by: { id: number; name: string } | null;
  reason: string | null;
  created_at: string;
}

export type RefundStatus = "pending" | "succeeded" | "failed";

/** Money given back from a billing's payment through the provider, newest first in a billing's detail. */
export interface BillingRefund {
  id: number;
  amount: string;
  currency: string;
  reason: string;
  status: RefundStatus;
  /** Why the provider refused, for a failed refund. */
  failure_reason: string | null;
  requested_by: { id: number; name: string } | null;
  created_at: string;
}

/**
 * Money the provider took for a billing that the billing did not accept (it was paid already, closed, changed
 * after the checkout opened, or the event filled first): kept so the organiser can give it back, whole.
 */
export interface UnappliedPayment {
  id: number;
  provider: string;
  provider_payment_id: string;
  amount: string;
  currency: string;
  /** Why the billing did not accept it. */
  reason: string;
  /** Its refund's outcome: null before any try; "failed" when the last try was refused (it may be tried again). */
  refund_status: RefundStatus | null;
  created_at: string;
}

/**
 * `GET /api/v1/admin/event_billings/{id}/single`: a billing with every status it went through, its refunds,
 * how much may still be refunded through the provider ("0.00" when nothing can be: unpaid, closed, or
 * marked paid by hand with no payment to refund), and payments it did not accept.
 */
export type EventBillingDetail = EventBillingView & {
  status_changes: BillingStatusChange[];
  refunds: BillingRefund[];
  refundable: string;
  unapplied_payments: UnappliedPayment[];
};

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
export interface RefundMade {
  refund: BillingRefund;
  event_billing: EventBillingView;
}

/** The form's sums over all its billings, whatever the list's filters. */
export interface BillingTotals {
  billings: number;
  successful: number;
  pending: number;
  /** Net of refunds. */
  amount_collected: string;
  discounts: string;
  refunded: string;
}

/** `GET /api/v1/admin/event_billings/{formId}/all`: a page of the form's billings, its totals and the form itself. */
export type BillingListPage = Page<EventBillingView> & {
  totals: BillingTotals;
  event_form: { id: number; title: string; type_of_event: TypeOfEvent; paid_event_information: PaidEventInformation | null };
};

/** `POST /api/v1/admin/event_billings/quote` (as `quote`): what a billing would cost, computed by the server. */
export interface BillingQuote {
  event_form: { id: number; title: string };
  amount: string;
  discount: string;
  total: string;
  currency: string;
  coupon_code: { id: number; code: string } | null;
}

/** `POST|PUT /api/v1/admin/event_billings`: the billing and where to pay it (null when nothing is owed). */
export interface CheckoutOpened {
  event_billing: EventBillingView;
  payment_url: string | null;
}

/** `POST /api/v1/admin/event_billings/verify_payment`: what became of a payment, and the billing it pays. */
export interface PaymentVerification {
  /**
   * What became of this payment for the payer: Successful, Failed (declined or refused), Pending (not
   * finished yet), or the billing's Refunded or Cancelled when the organiser has closed it.
   */
  payment_status: BillingStatus;
  message: string;
  /** The billing it pays, so the payer can go on to its form or pay again. */
  event_billing: { id: number; event_form_id: number; payment_status: BillingStatus };
}

/** The caller's own billing for a form, beside the form they apply to. */
export interface MyBillingView {
  id: number;
  payment_status: BillingStatus;
  total: string;
  currency: string;
  /** As in EventBillingView: where to pay while it is Pending. */
  payment_url: string | null;
}
