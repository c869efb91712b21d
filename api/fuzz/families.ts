/**
 * The malformed request families of the fuzz suite. Each family turns one route into requests; none
 * names a route, so a new route is covered as soon as it is registered.
 */
import type { z } from "zod";

export interface FuzzRequest {
  family: string;
  /** The request may be valid for some route, so a stored row is no failure. */
  mayStore?: boolean;
  method: string;
  path: string;
  body?: BodyInit;
  headers?: Record<string, string>;
}

export interface Route {
  method: string;
  /** Hono's pattern, e.g. /api/v1/admin/roles/:id */
  pattern: string;
}

/** Path parameter values: a real-looking id, then every kind of id that cannot name a row. */
export const PARAM_VALUES = [
  "1",
  "2147483647",
  "2147483648",
  "99999999999999999999",
  "-1",
  "0",
  "1.5",
  "1e3",
  "abc",
  "%00",
  "%ED%A0%80",
  "x".repeat(5000),
];

export const fillPattern = (pattern: string, value: string) => pattern.replace(/:\w+(\{[^}]+\})?/g, value);

/** Values of the wrong kind for any field (a 1 MB+ string has its own families below). */
export const BAD_VALUES: Record<string, unknown> = {
  nul: "a\u0000b",
  "lone surrogate": "a\ud800b",
  "low surrogate": "\udc00",
  "long string": "x".repeat(20_000),
  "array for scalar": ["a", 1, null],
  "object for scalar": { nested: { deeper: "x" } },
  "negative number": -1,
  "huge number": 1e308,
  "past int4": 2147483648,
  "unsafe integer": 2 ** 64,
  boolean: true,
  null: null,
  "empty string": "",
  "array of nul": ["\u0000"],
};

/** Odd text that is still text: a route that takes any text may rightly store it. */
export const ODD_VALUES: Record<string, unknown> = {
  "number as text": "1e400",
  "date junk": "2026-02-30T25:61",
  markup: "<script>alert(1)</script>",
  formula: '=HYPERLINK("http://evil.example")',
};

/**
 * Every field name the API's shared schemas declare, plus those of schemas kept beside their route or built
 * per request (a canvas's boxes). Fields read any other way need no name here: bodies refuse such reads in
 * tests (readBody's watchBodyReads), so every request reaching such a handler answers 500.
 */
export function fieldNames(schemaModules: Record<string, unknown>[]): string[] {
  const names = new Set([
    ...[
      "intent",
      "answers",
      "token",
      "connect_pay_id",
      "device_name",
      "forms_action",
      "target_collection_id",
      "is_active",
      "status",
      "roles",
      "permissions",
      "_method",
      "current_password",
    ],
    ...["boxes", "base_version", "autosave", "socket_id", "channel_name"],
  ]);
  for (const module of schemaModules) for (const value of Object.values(module)) for (const key of shapeKeys(value)) names.add(key);
  return [...names].sort();
}

/** The keys of a zod object schema, through the wrappers (pipes, optionals, intersections) around it. */
function shapeKeys(schema: unknown, depth = 0): string[] {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | null)?._zod?.def;
  if (!def || depth > 8) return [];
  switch (def.type) {
    case "object":
      return Object.keys(def.shape as z.ZodRawShape);
    case "pipe":
      return [...shapeKeys(def.in, depth + 1), ...shapeKeys(def.out, depth + 1)];
    case "intersection":
      return [...shapeKeys(def.left, depth + 1), ...shapeKeys(def.right, depth + 1)];
    default:
      return def.innerType ? shapeKeys(def.innerType, depth + 1) : [];
  }
}

const json = (value: unknown) => ({ body: JSON.stringify(value), headers: { "content-type": "application/json" } });

/** A multipart body written by hand, so that it can be broken on purpose. */
function multipart(parts: string[], boundary = "fuzzboundary"): { body: string; headers: Record<string, string> } {
  return { body: parts.join("") + `--${boundary}--\r\n`, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
const part = (name: string, value: string, boundary = "fuzzboundary") =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (name: string, filename: string, type: string, content: string) =>
  `--fuzzboundary\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n${content}\r\n`;

/** The family a route that reads its body must refuse: a 2xx to it shows the route reads none. */
export const INVALID_JSON = "invalid JSON";

/** Bodies for a writing route: broken framing, wrong types, then every field given each bad value. */
type BodyFamily = Pick<FuzzRequest, "family" | "mayStore" | "body" | "headers">;

export function bodyFamilies(fields: string[]): BodyFamily[] {
  const families: BodyFamily[] = [
    // A bodiless write is a valid request to a route that needs no body (a delete, say).
    { family: "no body", mayStore: true },
    { family: "empty JSON", mayStore: true, body: "", headers: { "content-type": "application/json" } },
    { family: INVALID_JSON, body: '{"name": "x",', headers: { "content-type": "application/json" } },
    { family: "JSON null", ...json(null) },
    { family: "JSON array", ...json([{ roles: [] }]) },
    { family: "JSON number", ...json(42) },
    { family: "JSON string", ...json("roles") },
    // Parses fine (V8 takes far deeper JSON), then must not overflow anything that walks it.
    {
      family: "deeply nested JSON",
      body: '{"a":'.repeat(200_000) + "1" + "}".repeat(200_000),
      headers: { "content-type": "application/json" },
    },
    { family: "text/plain", body: "roles=1", headers: { "content-type": "text/plain" } },
    { family: "XML", body: "<roles><role>1</role></roles>", headers: { "content-type": "application/xml" } },
    { family: "no content type", body: '{"roles": []}' },
    { family: "multipart without boundary", body: "--x\r\n\r\n", headers: { "content-type": "multipart/form-data" } },
    {
      family: "truncated multipart",
      body: `--fuzzboundary\r\nContent-Disposition: form-data; name="name"\r\n\r\nhal`,
      headers: { "content-type": "multipart/form-data; boundary=fuzzboundary" },
    },
    { family: "bad part header", ...multipart(["--fuzzboundary\r\nContent-Dispositio\u0000n form-data name\r\n\r\nvalue\r\n"]) },
    {
      family: "urlencoded NUL",
      body: fields.map((f) => `${encodeURIComponent(f)}=a%00b`).join("&"),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    },
    {
      family: "urlencoded invalid UTF-8",
      body: fields.map((f) => `${encodeURIComponent(f)}=%ED%A0%80`).join("&"),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    },
    { family: "multipart NUL and surrogates", ...multipart(fields.map((f, i) => part(f, i % 2 ? "a\u0000b" : "\ud800"))) },
    {
      family: "files that are not what they claim",
      ...multipart([
        ...["logo", "avatar", "banner", "file", "document"].map((f) => filePart(f, "photo.png", "image/png", "this is not a PNG")),
        ...fields.map((f) => filePart(`answers[${f}]`, "cv.pdf", "application/pdf", "<script>alert(1)</script>")),
        filePart("logo", "a\u0000.png", "image/png", "\u0089PNG"),
      ]),
    },
    { family: "JSON answers with NUL", ...json({ intent: "submit", answers: Object.fromEntries(fields.map((f) => [f, "\u0000"])) }) },
  ];
  for (const [name, value] of Object.entries(BAD_VALUES)) {
    families.push({ family: `every field ${name}`, ...json(Object.fromEntries(fields.map((f) => [f, value]))) });
  }
  for (const [name, value] of Object.entries(ODD_VALUES)) {
    families.push({ family: `every field ${name}`, mayStore: true, ...json(Object.fromEntries(fields.map((f) => [f, value]))) });
  }
  // 1 MB+ of text in the fields most routes keep, one request each (all of them at once is only a 413).
  const huge = "x".repeat(1024 * 1024 + 1);
  for (const field of ["name", "title", "description", "code", "email", "answers"]) {
    families.push({ family: `1 MB+ ${field}`, ...json({ [field]: huge }) });
  }
  // Multipart carries nested values as JSON text: NUL and surrogates escaped inside it.
  // (A field that is plain text rightly keeps this as text.)
  families.push({ family: "JSON text in multipart", mayStore: true, ...multipart(fields.map((f) => part(f, '["\\u0000", "\\ud800"]'))) });
  return families;
}

/** Queries for a reading route: filters and paging of every wrong kind. */
export function queryFamilies(fields: string[]): { family: string; query: string }[] {
  const filters = [
    "search",
    "category",
    "nature",
    "status",
    "role",
    "collection_id",
    "event_form_id",
    "payment_status",
    "discount_type",
    "account_type",
    "from",
    "to",
    "sort_by",
    "sort_order",
    ...fields,
  ];
  const all = (value: string) => filters.map((f) => `${encodeURIComponent(f)}=${value}`).join("&");
  return [
    { family: "query NUL", query: all("%00") },
    { family: "query invalid UTF-8", query: all("%ED%A0%80") },
    { family: "query huge numbers", query: `${all("99999999999999999999")}&page=99999999999999999999&per_page=2147483648` },
    { family: "query negative", query: `${all("-1")}&page=-1&per_page=-5` },
    { family: "query past int4", query: `${all("2147483648")}&page=2147483648` },
    { family: "query repeated", query: `${all("a")}&${all("b")}&page=1&page=2` },
    { family: "query huge", query: `search=${"x".repeat(20_000)}` },
    { family: "query broken escapes", query: `search=%E0%A4%A&sort_by=%&page=%zz` },
  ];
}
