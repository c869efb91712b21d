import { z } from "zod";
import { asSchemaRead } from "./body.ts";
import { validationFailed, type FieldErrors } from "./errors.ts";

/** zod issues as the 422 `errors` map, keyed by dotted field path. */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** The one way a body's fields are read: through `schema` (readBody's bodies refuse any other read in tests). */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = asSchemaRead(() => schema.safeParse(input));
  if (!result.success) throw validationFailed(toFieldErrors(result.error));
  return result.data;
}

/** The body of an action that takes no fields: one with any is a request this API does not know (422). */
export const noFields = z.strictObject({});
