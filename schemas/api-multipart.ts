import { z } from "zod";

/**
 * The one rule for a panel form's values sent to the API as multipart (a form with a file): a file as
 * it is, a list or an object as JSON text, anything else as text; nothing for a missing value. The API
 * decodes that JSON text with `jsonText`, or with `jsonList` for the setup forms' lists (blank is an
 * empty list, comma text of skills passes through). Every list goes the same way, so no field is joined,
 * split or encoded twice on the way.
 */
export function toApiMultipart(values: Record<string, unknown>): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (value instanceof File) body.append(key, value);
    else if (typeof value === "object") body.append(key, JSON.stringify(value));
    else body.append(key, String(value));
  }
  return body;
}

/**
 * Multipart bodies carry nested values (lists, objects) as JSON text; JSON bodies carry them as they
 * are. Blank text means "not given"; text that is not JSON is passed on for validation to refuse.
 */
export function jsonText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  if (!value.trim()) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/**
 * A list field (`links`, `skills`, `roles`...): the one way the API reads a list that may come as text.
 * JSON text of a list is the list (how the panel and other form clients send every list); blank or
 * missing is an empty list; any other value is passed on unchanged for the field's schema (comma text
 * for skills, or a value it refuses), never half-decoded.
 */
export function jsonList(value: unknown): unknown {
  const decoded = jsonText(value);
  if (decoded === undefined) return [];
  return typeof value === "string" && !Array.isArray(decoded) ? value : decoded;
}

/** A body schema that takes `fields` as lists whether they come as lists (JSON) or as JSON text (multipart). */
export const withJsonLists = <S extends z.ZodType>(schema: S, fields: readonly string[]) =>
  z.preprocess((body) => {
    const values = body as Record<string, unknown>;
    return { ...values, ...Object.fromEntries(fields.map((field) => [field, jsonList(values[field])])) };
  }, schema);
