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
