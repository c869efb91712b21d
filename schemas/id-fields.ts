import { z } from "zod";
import { parseId } from "./ids.ts";

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
