import { z } from "zod";

/** NUL, or half of a UTF-16 surrogate pair: text PostgreSQL refuses to store (and no person types). */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const hasUnstorableText = (value: string) => UNSTORABLE.test(value);
export const UNSTORABLE_TEXT_MESSAGE = "The text contains characters that are not allowed.";

/** Any text the API keeps: refused with a field error rather than failing in the database. */
export const storableString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((value) => !hasUnstorableText(value), UNSTORABLE_TEXT_MESSAGE);

/** Laravel-style messages so the panel reads the same whichever upstream answers. */
export const requiredText = (label: string, max = 255) =>
  storableString({ error: `The ${label} field is required.` })
    .trim()
    .min(1, `The ${label} field is required.`)
    .max(max, `The ${label} field must not be greater than ${max} characters.`);

/** CR, LF and the other characters that end a line somewhere (NUL, vertical tab, form feed, NEL, LS, PS). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const LINE_BREAK = /[\r\n\u0000\u000b\u000c\u0085\u2028\u2029]/;
export const hasLineBreak = (value: string) => LINE_BREAK.test(value);

/** The C0 and C1 control characters and DEL (tab and line breaks among them), and the other line breaks. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
export const hasControlCharacter = (value: string) => CONTROL.test(value) || hasLineBreak(value);

/**
 * Text that mail may carry in a header: a person's or a profile's name, an event's title, an
 * announcement's subject. One line only, refused on its field rather than found out when the mail is queued.
 */
export const headerText = (label: string, max = 255) =>
  requiredText(label, max).refine((value) => !hasLineBreak(value), `The ${label} may not contain a line break.`);

export const optionalText = (label: string, max = 255) =>
  storableString()
    .trim()
    .max(max, `The ${label} field must not be greater than ${max} characters.`)
    .optional()
    .transform((value) => (value ? value : undefined));

export const emailField = storableString({ error: "The email field is required." })
  .trim()
  .min(1, "The email field is required.")
  .max(255, "The email field must not be greater than 255 characters.")
  .pipe(z.email("The email field must be a valid email address."))
  .transform((value) => value.toLowerCase());

export const urlField = (label: string) =>
  storableString()
    .trim()
    .max(2048, `The ${label} field must not be greater than 2048 characters.`)
    .pipe(z.url({ protocol: /^https?$/, error: `The ${label} field must be a valid URL starting with http:// or https://.` }));

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;

/** An optional image upload; an empty file input counts as none. The API also checks the bytes. */
export const imageField = (label: string) =>
  z.preprocess(
    (value) => (value instanceof File && value.size === 0 ? undefined : value),
    z
      .instanceof(File, { error: `The ${label} field must be an image.` })
      .refine((file) => file.size <= MAX_IMAGE_BYTES, `The ${label} field must not be greater than 2 MB.`)
      .refine(
        (file) => !file.type || (IMAGE_TYPES as readonly string[]).includes(file.type),
        `The ${label} field must be a PNG, JPEG, GIF or WebP image.`,
      )
      .optional(),
  );

/** A list of URLs; blank rows (an added but unused input) are dropped rather than refused. */
export const linksField = z
  // A blank row arrives as "" from the API and as undefined from the panel (conform drops empty inputs).
  .array(z.string({ error: "Each link must be a URL." }).optional(), { error: "The links field must be a list of URLs." })
  .default([])
  .transform((links) => links.map((link) => link?.trim() ?? "").filter(Boolean))
  .pipe(z.array(urlField("link")).max(10, "The links field must not have more than 10 items."));

/** Laravel's `boolean` values: what JSON clients and forms' hidden fields send for a yes/no. */
const BOOLEANS = new Map<unknown, boolean>([
  [true, true],
  [false, false],
  [1, true],
  [0, false],
  ["1", true],
  ["0", false],
  ["true", true],
  ["false", false],
]);

/** Whether a checkbox was ticked: forms and query strings send "on", "true" or "1"; JSON clients send true. */
export const ticked = (value: unknown) => value === true || value === "on" || value === "true" || value === "1";

/** A checkbox, where absent (or anything but ticked) means no. */
export const checkbox = z.preprocess(ticked, z.boolean());

/** A required yes/no, with Laravel's messages. (A checkbox, where absent means no, is not this.) */
export const booleanField = (label: string) =>
  z.unknown().transform((value, ctx) => {
    const flag = BOOLEANS.get(value);
    if (flag !== undefined) return flag;
    const missing = value === undefined || value === null || (typeof value === "string" && !value.trim());
    ctx.addIssue({ code: "custom", message: missing ? `The ${label} field is required.` : `The ${label} field must be true or false.` });
    return z.NEVER;
  });
