/**
 * The panel's actions read their bodies with `request.formData()`, which throws on anything but a form:
 * a JSON or text body, no body at all, a multipart body without its boundary or cut short. Checked once
 * here, before React Router runs an action, so that such a request gets a 4xx that says why instead of
 * the error screen's 500 (browsers and React Router's own submissions always send one of the two types).
 */
import { BodyTooLarge } from "#api/lib/body-limit.ts";

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

export const UNSUPPORTED_FORM = "Forms are sent as application/x-www-form-urlencoded or multipart/form-data.";
export const UNREADABLE_FORM = "The form could not be read.";

const plain = (status: number, message: string) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** The refusal for a panel POST whose body is not a readable form, or null when the action may read it. */
export async function refuseUnreadableForm(request: Request): Promise<Response | null> {
  if (request.method !== "POST") return null;
  const mediaType = request.headers.get("Content-Type")?.split(";")[0].trim().toLowerCase() ?? "";
  if (!FORM_TYPES.has(mediaType)) return plain(415, UNSUPPORTED_FORM);
  try {
    // A copy is parsed (the action reads the original): forms are small, and an upload is read twice
    // only on its way in, never on a page view.
    await request.clone().formData();
    return null;
  } catch (error) {
    // Over the body ceiling: the outer server's 413, not a malformed form.
    if (error instanceof BodyTooLarge) throw error;
    return plain(400, UNREADABLE_FORM);
  }
}
