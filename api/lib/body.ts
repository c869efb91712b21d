import type { Context } from "hono";
import { UNSTORABLE_TEXT_MESSAGE, hasUnstorableText } from "#schemas/fields.ts";
import type { AppEnv } from "../context.ts";
import { HttpError, badRequest, validationFailed, type FieldErrors } from "./errors.ts";

export const UNSUPPORTED_MEDIA_TYPE = "The request body must be JSON, multipart/form-data or application/x-www-form-urlencoded.";
export const NOT_AN_OBJECT = "The request body must be a JSON object.";

/** The media type of a Content-Type header, without parameters, lower-cased ("" when absent). */
const mediaType = (header: string | undefined) => (header ?? "").split(";")[0].trim().toLowerCase();
const isJson = (type: string) => type === "application/json" || /^application\/[\w.+-]+\+json$/.test(type);
const isForm = (type: string) => type === "multipart/form-data" || type === "application/x-www-form-urlencoded";

/**
 * The one body reader: the request body as a plain object, whether JSON, multipart or url-encoded.
 * What it cannot read is refused, never read as empty (an empty body would pass as "no fields" and,
 * for example, clear a user's roles): another content type → 415, JSON that is not an object → 422,
 * malformed JSON or multipart → 400, text PostgreSQL cannot store (NUL, lone surrogates) → 422 on
 * the field. A request with no body at all reads as `{}`.
 * `all`: keep every value of a repeated form field as a list (multipart and url-encoded only).
 */
export async function readBody(c: Context<AppEnv>, options: { all?: boolean; query?: boolean } = {}): Promise<Record<string, unknown>> {
  const type = mediaType(c.req.header("content-type"));
  let body: Record<string, unknown>;
  if (isJson(type)) body = await readJson(c);
  else if (isForm(type)) body = await readForm(c, type, options.all ?? false);
  else if (!type && !(await hasBytes(c))) body = {};
  else throw new HttpError(415, UNSUPPORTED_MEDIA_TYPE);
  refuseUnstorableText(body);
  // `query`: the query string's parameters too, for routes that take their fields either way (a DELETE).
  if (options.query) body = { ...c.req.query(), ...body };
  return c.get("config")?.watchBodyReads ? watchedBody(body) : body;
}

/** How many validate() calls are running: zod parses synchronously, so while this is not 0 a read is one. */
let validating = 0;

/** Runs a schema's parse; reads of a watched body inside it are the schema's (see watchedBody). */
export function asSchemaRead<T>(parse: () => T): T {
  validating++;
  try {
    return parse();
  } finally {
    validating--;
  }
}

export const readOutsideSchema = (field: string) =>
  `The request body's field "${field}" was read outside a schema. Pass the body to validate(schema, body) and use what it answers.`;

/**
 * The body, refusing any look at its fields (a read, a spread, a key list) that is not made by a schema
 * in validate(): every field of every body must go through one. `then` is allowed so the body can be awaited.
 */
function watchedBody(body: Record<string, unknown>): Record<string, unknown> {
  const refuse = (key: PropertyKey) => {
    if (validating || typeof key === "symbol" || key === "then") return;
    throw new HttpError(500, readOutsideSchema(String(key)));
  };
  return new Proxy(body, {
    get: (target, key, receiver) => (refuse(key), Reflect.get(target, key, receiver)),
    has: (target, key) => (refuse(key), Reflect.has(target, key)),
    getOwnPropertyDescriptor: (target, key) => (refuse(key), Reflect.getOwnPropertyDescriptor(target, key)),
    ownKeys: (target) => (refuse("(its list of fields)"), Reflect.ownKeys(target)),
  });
}

async function hasBytes(c: Context<AppEnv>): Promise<boolean> {
  if (!c.req.raw.body) return false;
  return (await c.req.arrayBuffer()).byteLength > 0;
}

async function readJson(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest("The request body is not valid JSON.");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) throw validationFailed({ body: [NOT_AN_OBJECT] });
  return body as Record<string, unknown>;
}

const INVALID_FORM = "The request body is not valid form data.";

async function readForm(c: Context<AppEnv>, type: string, all: boolean): Promise<Record<string, unknown>> {
  let body: Record<string, unknown>;
  try {
    body = type === "multipart/form-data" ? await c.req.parseBody({ all }) : readUrlEncoded(await c.req.text(), all);
  } catch {
    throw badRequest(INVALID_FORM);
  }
  // `_method` is the multipart update convention (POST …/{id} with _method=PUT), not a field.
  const { _method: _ignored, ...fields } = body;
  return fields;
}

/**
 * URLSearchParams would quietly turn a broken escape or invalid UTF-8 (%ED%A0%80) into U+FFFD and store
 * it; decoding each name and value strictly refuses the body instead (decodeURIComponent throws).
 */
function readUrlEncoded(text: string, all: boolean): Record<string, unknown> {
  // A Map, then fromEntries: a field named __proto__ becomes a plain property, never the prototype.
  const fields = new Map<string, string | string[]>();
  for (const pair of text.split("&")) {
    if (!pair) continue;
    const [name, value = ""] = pair.split(/=(.*)/s, 2).map((part) => decodeURIComponent(part.replace(/\+/g, " ")));
    const previous = fields.get(name);
    fields.set(name, all && previous !== undefined ? [...(Array.isArray(previous) ? previous : [previous]), value] : value);
  }
  return Object.fromEntries(fields);
}

/** Deeper than any form or resource the API takes; JSON.parse accepts far more than a walk should follow. */
export const MAX_BODY_DEPTH = 32;
export const TOO_DEEP = `The request body must not be nested more than ${MAX_BODY_DEPTH} levels deep.`;

/** Every text value and key, at any depth (an explicit stack, never recursion), including file names. */
function refuseUnstorableText(body: Record<string, unknown>) {
  const errors: FieldErrors = {};
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: body, path: "", depth: 0 }];
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    const text = typeof value === "string" ? value : value instanceof File ? value.name : undefined;
    if (text !== undefined) {
      if (hasUnstorableText(text)) errors[path || "body"] = [UNSTORABLE_TEXT_MESSAGE];
      continue;
    }
    if (!value || typeof value !== "object") continue;
    if (depth >= MAX_BODY_DEPTH) throw validationFailed({ body: [TOO_DEEP] });
    const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
    for (const [key, item] of entries) {
      if (hasUnstorableText(key)) errors[path || "body"] = [UNSTORABLE_TEXT_MESSAGE];
      else stack.push({ value: item, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
}

// How multipart text is decoded is the panel's rule too (schemas/api-multipart.ts).
export { jsonList, jsonText } from "#schemas/api-multipart.ts";
