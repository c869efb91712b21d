import { z } from "zod";
import { CURRENCIES } from "./events.ts";
import { idField } from "./id-fields.ts";
import { booleanField } from "./fields.ts";
import { timestamp } from "./contract/answers.ts";

/**
 * A coupon code as the panel's form submits it and the API stores it. One schema for both sides, with
 * Laravel-style messages. Times are entered and shown as "YYYY-MM-DDTHH:mm" in UTC.
 */

/** The API's 404 for a coupon id that names none of the caller's coupons; the panel says the same. */
export const COUPON_NOT_FOUND = "Coupon code not found";

export const COUPON_DISCOUNT_TYPES = ["percentage", "fixed"] as const;
export type CouponDiscountType = (typeof COUPON_DISCOUNT_TYPES)[number];

/** What a coupon is right now (see `couponState` in the API). */
export const COUPON_STATES = ["active", "inactive", "expired", "scheduled", "used up"] as const;
export type CouponState = (typeof COUPON_STATES)[number];

/** A coupon as the API answers it. */
export const couponView = z.object({
  id: z.number().int(),
  code: z.string(),
  discount_type: z.enum(COUPON_DISCOUNT_TYPES),
  /** Two decimals, as text: "10.00". */
  value: z.string(),
  currency: z.string().nullable(),
  event_form: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  max_uses: z.number().int().nullable(),
  uses_per_user: z.number().int().nullable(),
  uses_count: z.number().int(),
  valid_from: timestamp.nullable(),
  valid_until: timestamp.nullable(),
  is_active: z.boolean(),
  state: z.enum(COUPON_STATES),
  created_at: timestamp,
  updated_at: timestamp,
});
export type CouponView = z.output<typeof couponView>;

/** What a write answers: the coupon as it is now, and a sentence for the person who made it. */
export const couponSaved = z.object({ coupon_code: couponView, message: z.string() });
export type CouponSaved = z.output<typeof couponSaved>;

/** A delete's answer: a used coupon is deactivated instead, and then comes back as it is now. */
export const couponDeleted = z.object({ message: z.string(), coupon_code: couponView.optional() });

/** The list's `status` filter. */
export const COUPON_STATUS_FILTERS = ["active", "inactive", "expired"] as const;

export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
export const COUPON_CODE_MESSAGE = "The code may only contain letters, digits, dashes and underscores.";

/** numeric(12,2): up to ten digits before the point and two after. */
const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;
const MAX_COUNT = 1_000_000_000;

/** "YYYY-MM-DDTHH:mm", optionally with seconds and a UTC marker (a resource sent back as is). */
const UTC_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]00:?00)?$/;

/** The instant of a "YYYY-MM-DDTHH:mm" UTC wall-clock time. */
export const couponInstant = (local: string) => new Date(`${local.slice(0, 16)}:00Z`);

/** An instant as "YYYY-MM-DDTHH:mm" in UTC, for a datetime-local input. */
export const couponLocalTime = (instant: Date | string) => new Date(instant).toISOString().slice(0, 16);

/** A blank input (or a JSON null) means "not given". */
const blank = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

const optionalCount = (label: string) =>
  z.preprocess(
    blank,
    z.coerce
      .number({ error: `The ${label} must be a whole number.` })
      .int(`The ${label} must be a whole number.`)
      .min(1, `The ${label} must be at least 1.`)
      .max(MAX_COUNT, `The ${label} must not be greater than ${MAX_COUNT}.`)
      .optional(),
  );

const utcDateTime = (label: string) => {
  const message = `The ${label} must be a date and time.`;
  return z.preprocess(
    blank,
    z
      .string({ error: message })
      .trim()
      .refine((value) => {
        if (!UTC_DATETIME.test(value)) return false;
        const at = couponInstant(value);
        return !Number.isNaN(at.getTime()) && couponLocalTime(at) === value.slice(0, 16);
      }, message)
      .transform((value) => value.slice(0, 16))
      .optional(),
  );
};

const ACTIVE_MESSAGE = "The is active field must be true or false.";

/**
 * A checkbox arrives as "on" (or "true"), JSON clients send booleans; not given means active. A form that
 * must be able to switch it off sends a hidden `is_active=false` before the checkbox: the last value wins.
 */
const activeFlag = z.preprocess(
  (v) => {
    const last = Array.isArray(v) ? v[v.length - 1] : v;
    const value = blank(last);
    if (value === undefined || value === true || value === 1) return true;
    if (value === false || value === 0) return false;
    if (typeof value === "string") {
      const text = value.trim().toLowerCase();
      if (["on", "true", "1", "yes"].includes(text)) return true;
      if (["off", "false", "0", "no"].includes(text)) return false;
    }
    return value;
  },
  z.boolean({ error: ACTIVE_MESSAGE }),
);

export const couponSchema = z
  .object({
    code: z
      .string({ error: "The code field is required." })
      .trim()
      .min(1, "The code field is required.")
      .min(3, "The code field must be at least 3 characters.")
      .max(40, "The code field must not be greater than 40 characters.")
      .regex(COUPON_CODE_PATTERN, COUPON_CODE_MESSAGE),
    discount_type: z.enum(COUPON_DISCOUNT_TYPES, {
      error: (issue) =>
        issue.input === undefined || issue.input === "" ? "The discount type field is required." : "The selected discount type is invalid.",
    }),
    value: z.preprocess(
      (v) => (typeof v === "number" && Number.isFinite(v) ? String(v) : v),
      z
        .string({ error: "The value field is required." })
        .trim()
        .min(1, "The value field is required.")
        .regex(AMOUNT, "The value must be a number like 10 or 10.50, with at most two decimal places."),
    ),
    currency: z.preprocess(
      (v) => (typeof blank(v) === "string" ? (v as string).trim().toUpperCase() : blank(v)),
      z.string({ error: "The selected currency is invalid." }).optional(),
    ),
    event_form_id: z.preprocess(blank, idField("The selected event form is invalid.").optional()),
    max_uses: optionalCount("max uses"),
    uses_per_user: optionalCount("uses per user"),
    valid_from: utcDateTime("valid from"),
    valid_until: utcDateTime("valid until"),
    is_active: activeFlag,
  })
  .superRefine((coupon, ctx) => {
    // zod runs this even when a field failed, so every part is checked for shape before use.
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (typeof coupon.value === "string" && AMOUNT.test(coupon.value)) {
      const amount = Number(coupon.value);
      if (coupon.discount_type === "percentage" && (amount < 0.01 || amount > 100)) {
        issue("value", "A percentage discount must be between 0.01 and 100.");
      }
      if (coupon.discount_type === "fixed" && amount <= 0) issue("value", "The value must be more than 0.");
    }
    if (coupon.discount_type === "fixed") {
      if (!coupon.currency) issue("currency", "The currency field is required for a fixed discount.");
      else if (!(CURRENCIES as readonly string[]).includes(coupon.currency)) issue("currency", "The selected currency is invalid.");
    }
    if (typeof coupon.valid_from === "string" && typeof coupon.valid_until === "string" && coupon.valid_until <= coupon.valid_from) {
      issue("valid_until", "The valid until must be after the valid from.");
    }
    if (typeof coupon.max_uses === "number" && typeof coupon.uses_per_user === "number" && coupon.uses_per_user > coupon.max_uses) {
      issue("uses_per_user", "The uses per user must not be greater than the max uses.");
    }
  })
  // Amounts keep two decimals; a percentage has no currency.
  .transform((coupon) => ({
    ...coupon,
    value: Number(coupon.value).toFixed(2),
    currency: coupon.discount_type === "fixed" ? (coupon.currency as (typeof CURRENCIES)[number]) : undefined,
  }));

/**
 * The on/off switch on its own (PUT …/coupon_codes/{id}/status): the list's toggle sends only this, so it
 * never carries a copy of the rest of the coupon that could overwrite someone else's edit.
 */
export const couponStatusSchema = z.object({ is_active: booleanField("is active") });

export type CouponInput = z.input<typeof couponSchema>;
export type CouponFields = z.output<typeof couponSchema>;
