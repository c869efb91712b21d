import { hasLineBreak } from "#schemas/fields.ts";

/**
 * The one check that keeps header injection out of mail: text that ends up in a header (a recipient's
 * name, a subject, an extra header's value, an attachment's name, MAIL_FROM) may not hold a line break, and
 * a header's name must be a plain RFC 5322 field name. Anything else is refused with a throw, never
 * cleaned up quietly: a name or subject with a line break is a bug or an attack, not a typo to fix.
 */
export class MailHeaderError extends Error {
  override name = "MailHeaderError";
}

/** Printable US-ASCII except the colon (RFC 5322 field name). */
const FIELD_NAME = /^[\x21-\x39\x3b-\x7e]+$/;

export function checkHeaderText(value: string, what: string): string {
  if (hasLineBreak(value)) throw new MailHeaderError(`${what} may not contain a line break`);
  return value;
}

export function checkHeaderName(name: string): string {
  if (!FIELD_NAME.test(name)) throw new MailHeaderError(`"${name.replace(/[^\x20-\x7e]/g, "?")}" is not a header name`);
  return name;
}
