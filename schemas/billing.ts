import { isValidPhoneNumber } from "libphonenumber-js/min";
import { z } from "zod";
import { requiredText } from "./fields.ts";
import { idField } from "./ids.ts";

/**
 * A payer's billing details, as the panel's billing step submits them and the API checks them. Price,
 * discount and total are never taken from the client. Laravel-style messages.
 */
export const BILLING_STATUSES = ["Pending", "Successful", "Failed", "Refunded", "Cancelled"] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

/** A blank input (or a JSON null) means "not given". */
const blank = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

/**
 * A number a payer can be called back on, in international format ("+234 803 123 4567"): checked against
 * libphonenumber's metadata for its country, so a made-up number of the right shape is refused too. The
 * billing's country is free text, so a national number ("0803…") cannot be placed and is refused.
 */
const phoneField = requiredText("phone", 32).pipe(z.string().refine((phone) => isValidPhoneNumber(phone), "The phone field must be a valid phone number."));

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
    z.string({ error: "The coupon code field must be a string." }).trim().max(40, "The coupon code field must not be greater than 40 characters.").optional(),
  ),
});
export type BillingInput = z.output<typeof billingSchema>;

export const verifyPaymentSchema = z.object({
  connect_pay_id: requiredText("connect pay id", 255),
});

export const changeStatusSchema = z.object({
  status: z.enum(BILLING_STATUSES, {
    error: (issue) => (issue.input === undefined || issue.input === "" ? "The status field is required." : "The selected status is invalid."),
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
