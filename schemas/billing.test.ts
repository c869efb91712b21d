import { describe, expect, it } from "vitest";
import { z } from "zod";
import { billingSchema, quoteSchema } from "./billing.ts";

const details = {
  event_form_id: 1,
  name: "Ada Lovelace",
  email: "ada@example.com",
  address: "1 Marina Road",
  country: "Nigeria",
  city: "Lagos",
};
const phoneErrors = (phone: unknown) => {
  const result = billingSchema.safeParse({ ...details, phone });
  return result.success ? [] : result.error.issues.filter((i) => i.path[0] === "phone").map((i) => i.message);
};
const INVALID_PHONE = "The phone field must be a valid phone number.";

describe("billing phone numbers", () => {
  it("accepts real numbers in international format, however they are spaced", () => {
    for (const phone of [
      "+234 803 123 4567",
      "+1 415 555 2671",
      "+1 (415) 555-2671",
      "+44 20 7946 0958",
      "+49 30 5557 2210",
      "+2348031234567",
    ]) {
      expect(phoneErrors(phone), phone).toEqual([]);
    }
    expect(billingSchema.parse({ ...details, phone: " +1 415 555 2671 " }).phone).toBe("+1 415 555 2671");
  });

  it("refuses junk, numbers no country has, and national numbers with the same message as ever", () => {
    // +1 555 numbers are fictional; "+234 80" is too short for Nigeria; a national number names no country.
    for (const phone of ["x", "12345", "call me", "+1 555 123 4567", "+234 80", "0803 123 4567", "++234 803 123 4567"]) {
      expect(phoneErrors(phone), phone).toEqual([INVALID_PHONE]);
    }
  });

  it("says only that a missing phone is required, and keeps the length limit", () => {
    for (const phone of [undefined, "", "   "]) expect(phoneErrors(phone)).toEqual(["The phone field is required."]);
    expect(phoneErrors(`+234 803 123 4567${" ".repeat(20)}0`)).toEqual(["The phone field must not be greater than 32 characters."]);
  });
});

describe("billing ids", () => {
  const errors = (body: Record<string, unknown>) => {
    const result = quoteSchema.safeParse(body);
    return result.success ? {} : z.flattenError(result.error).fieldErrors;
  };

  it("takes a positive int4 id given as a number or as digits", () => {
    expect(quoteSchema.parse({ event_form_id: "12", event_billing_id: 7 })).toEqual({ event_form_id: 12, event_billing_id: 7 });
    expect(quoteSchema.parse({ event_form_id: 2_147_483_647, event_billing_id: "" })).toEqual({ event_form_id: 2_147_483_647 });
  });

  it("says a missing form is required and anything else that is not an id is invalid", () => {
    for (const missing of [undefined, null, "", "  "]) {
      expect(errors({ event_form_id: missing }).event_form_id).toEqual(["The event form id field is required."]);
    }
    for (const bad of [0, -1, 1.5, 2_147_483_648, "12.0", "1e3", " 12", "abc", true, [1]]) {
      expect(errors({ event_form_id: bad, event_billing_id: bad }), String(bad)).toEqual({
        event_form_id: ["The selected event form is invalid."],
        event_billing_id: ["The selected event billing is invalid."],
      });
    }
  });
});
