import { z } from "zod";

/**
 * A payer's billing details, as the panel's billing step submits them and the API checks them. Price,
 * discount and total are never taken from the client. Laravel-style messages.
 */

export const BILLING_STATUSES = ["Pending", "Successful", "Failed", "Refunded", "Cancelled"] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

/** A blank input (or a JSON null) means "not given". */
const blank = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

const requiredText = (label: string, max = 255) =>
  z
    .string({ error: `The ${label} field is required.` })
    .trim()
    .min(1, `The ${label} field is required.`)
    .max(max, `The ${label} field must not be greater than ${max} characters.`);

export const billingSchema = z.object({
  event_form_id: z.preprocess(
    blank,
    z.coerce
      .number({ error: "The event form id field is required." })
      .int("The selected event form is invalid.")
      .positive("The selected event form is invalid.")
      .max(2_147_483_647, "The selected event form is invalid."),
  ),
  name: requiredText("name"),
  email: requiredText("email").pipe(z.email("The email field must be a valid email address.")),
  phone: requiredText("phone", 32).regex(/^\+?[0-9 ()-]{5,32}$/, "The phone field must be a valid phone number."),
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
  event_billing_id: z.preprocess(
    blank,
    z.coerce
      .number({ error: "The event billing id field must be a number." })
      .int("The selected event billing is invalid.")
      .positive("The selected event billing is invalid.")
      .max(2_147_483_647, "The selected event billing is invalid.")
      .optional(),
  ),
});
export type QuoteInput = z.output<typeof quoteSchema>;
