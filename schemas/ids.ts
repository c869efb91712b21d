import { z } from "zod";

/** Ids are PostgreSQL `integer` (int4) serials: anything past this can name no row. */
export const MAX_ID = 2_147_483_647;

/**
 * The one id parser: a positive whole number within int4, given as a number or as digits only
 * ("12", not "12.0", "1e3" or " 12"). Returns undefined for anything else.
 */
export function parseId(value: unknown): number | undefined {
  const id = typeof value === "number" ? value : typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(id) && id >= 1 && id <= MAX_ID ? id : undefined;
}

/**
 * An id in a body or query field: refused (422) with `invalid` when it is not one, or with `required`
 * when it is missing or blank.
 */
export const idField = (invalid: string, required = invalid) =>
  z.unknown().transform((value, ctx) => {
    const id = parseId(value);
    if (id === undefined) {
      ctx.addIssue({ code: "custom", message: value === undefined || value === null || value === "" ? required : invalid });
      return z.NEVER;
    }
    return id;
  });

/** An optional id, as a filter or option takes one: blank or null means "not given", anything else must be an id. */
export const optionalIdField = (invalid: string) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), idField(invalid).optional());
