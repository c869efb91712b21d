import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MAX_FORM_ENTRIES, MAX_LIST_INDEX, MAX_NAME_SEGMENTS, UNREADABLE_SUBMISSION, parseSubmission } from "./submission.server";

const schema = z.object({ email: z.email(), links: z.array(z.string()).default([]) });

function form(entries: [string, string | Blob][]) {
  const body = new FormData();
  for (const [key, value] of entries) body.append(key, value);
  return body;
}

const withIntent = (intent: string) =>
  form([
    ["email", "ada@example.com"],
    ["links[0]", "https://a.example"],
    ["__intent__", intent],
  ]);
const withState = (state: string) =>
  form([
    ["email", "ada@example.com"],
    ["__state__", state],
  ]);

function expectRefused(body: FormData) {
  const submission = parseSubmission(body, { schema });
  expect(submission.status).toBe("error");
  const reply = submission.reply();
  expect(reply.error?.[""]).toEqual([UNREADABLE_SUBMISSION]);
  // The form comes back with what was typed.
  expect(reply.initialValue?.email).toBe("ada@example.com");
  return reply;
}

describe("parseSubmission", () => {
  it("parses an ordinary form as parseWithZod does", () => {
    const submission = parseSubmission(
      form([
        ["email", "ada@example.com"],
        ["links[0]", "x"],
        ["links[1]", "y"],
      ]),
      { schema },
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({ email: "ada@example.com", links: ["x", "y"] });
  });

  it("keeps the field errors of an invalid form", () => {
    const submission = parseSubmission(form([["email", "nope"]]), { schema });
    expect(submission.status).toBe("error");
    expect(submission.reply().error?.email?.length).toBe(1);
    expect(submission.reply().error?.[""]).toBeUndefined();
  });

  it.each([
    '{"type":"validate","payload":{"name":"email"}}',
    '{"type":"insert","payload":{"name":"links","defaultValue":""}}',
    '{"type":"remove","payload":{"name":"links","index":0}}',
    '{"type":"reorder","payload":{"name":"links","from":0,"to":0}}',
    '{"type":"update","payload":{"name":"email","value":"grace@example.com"}}',
    '{"type":"reset","payload":{"name":"links","index":0}}',
  ])("reads conform's own intent %s as a round trip, not a refusal", (intent) => {
    const submission = parseSubmission(withIntent(intent), { schema });
    expect(submission.status).toBeUndefined();
    expect(submission.reply().error?.[""]).toBeUndefined();
  });

  it.each([
    "x",
    "validate/x",
    "reset",
    "update",
    "{",
    "null",
    "[]",
    "42",
    '{"type":"x","payload":{}}',
    '{"type":"validate"}',
    '{"type":"validate","payload":{"name":5}}',
    '{"type":"validate","payload":{"name":"email","extra":1}}',
    '{"type":"reset","payload":{"index":-1}}',
    '{"type":"update","payload":{"name":"links","index":"a"}}',
    '{"type":"insert","payload":{"index":0}}',
    '{"type":"insert","payload":{"name":"links","index":1.5}}',
    '{"type":"remove","payload":{"name":"links"}}',
    '{"type":"remove","payload":{"name":"email","index":0}}',
    '{"type":"reorder","payload":{"name":"links","from":0,"to":99999999}}',
    '{"type":"update","payload":{"name":"links","index":100000,"value":"x"}}',
    '{"type":"insert","payload":{"name":"links[0].a[","defaultValue":""}}',
    '{"type":"update","payload":{"name":"__proto__.polluted","value":"x"}}',
    "insert",
    "remove",
    "reorder",
    '{"type":"validate","payload":{"name":{}}}',
    '{"type":"reset","payload":{"name":"a[","index":0}}',
    '{"type":"insert","payload":{"index":"a"}}',
    '{"type":"insert","payload":{"name":"links","index":-1,"defaultValue":{"a":[1]}}}',
    '{"type":"reorder","payload":{"name":"links","from":-1,"to":1e9}}',
  ])("refuses the intent %s with the form and a message", (intent) => {
    expectRefused(withIntent(intent));
  });

  it("refuses an intent sent twice or as a file", () => {
    const twice = withIntent('{"type":"validate","payload":{}}');
    twice.append("__intent__", '{"type":"validate","payload":{}}');
    expectRefused(twice);
    expectRefused(
      form([
        ["email", "ada@example.com"],
        ["__intent__", new Blob(['{"type":"validate","payload":{}}'])],
      ]),
    );
  });

  it("reads conform's own state", () => {
    expect(parseSubmission(withState('{"validated":{"email":true}}'), { schema }).status).toBe("success");
  });

  it.each(["abc", "{", "null", "[]", "{}", '{"validated":5}', '{"validated":{"email":"yes"}}', '{"validated":{},"more":1}'])(
    "refuses the state %s with the form and a message",
    (state) => {
      expectRefused(withState(state));
    },
  );

  it("refuses list positions and nesting no form has, and too many fields, in good time", () => {
    expectRefused(
      form([
        ["email", "ada@example.com"],
        [`links[${MAX_LIST_INDEX + 1}]`, "x"],
      ]),
    );
    expectRefused(
      form([
        ["email", "ada@example.com"],
        ["links[4294967294]", "x"],
      ]),
    );
    expectRefused(
      form([
        ["email", "ada@example.com"],
        [`a${"[0]".repeat(50_000)}`, "x"],
      ]),
    );
    const many = form([["email", "ada@example.com"]]);
    for (let i = 0; i < 200_000; i++) many.append("links", "x");
    const started = performance.now();
    const reply = expectRefused(many);
    // Conform alone spends minutes on this body; refused, it costs what a large form costs.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect((reply.initialValue?.links as unknown[]).length).toBe(MAX_FORM_ENTRIES - 1);
  });

  it("accepts the highest list position and entry count a form may send", () => {
    const body = form([["email", "ada@example.com"]]);
    for (let i = 0; i <= MAX_LIST_INDEX; i++) body.append(`links[${i}]`, "x");
    while ([...body.keys()].length < MAX_FORM_ENTRIES) body.append("other", "y");
    const submission = parseSubmission(body, { schema });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.links.length).toBe(MAX_LIST_INDEX + 1);
  });

  it(`accepts a field name of ${MAX_NAME_SEGMENTS} parts and refuses one of ${MAX_NAME_SEGMENTS + 1}`, () => {
    // `q[0].options[1]...`: a list position counts as a part, as in `custom_questions[3].options[2]` (four).
    const name = (parts: number) => Array.from({ length: parts }, (_, i) => (i % 2 ? `[${i}]` : `${i ? "." : ""}p${i}`)).join("");
    expect(name(4)).toBe("p0[1].p2[3]");
    expect(
      parseSubmission(
        form([
          ["email", "ada@example.com"],
          [name(MAX_NAME_SEGMENTS), "x"],
        ]),
        { schema },
      ).status,
    ).toBe("success");
    expectRefused(
      form([
        ["email", "ada@example.com"],
        [name(MAX_NAME_SEGMENTS + 1), "x"],
      ]),
    );
  });
});

describe("panel actions", () => {
  it("every action reads its form through parseSubmission, never parseWithZod directly", () => {
    const appDir = join(import.meta.dirname, "..");
    const allowed = new Set([join(appDir, "lib", "submission.server.ts"), join(appDir, "lib", "use-zod-form.ts")]);
    const files = (readdirSync(appDir, { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[])
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.includes(".test."))
      .map((entry) => join(entry.parentPath, entry.name));
    const direct = files.filter((file) => !allowed.has(file) && /\bparseWithZod\b/.test(readFileSync(file, "utf8")));
    expect(direct).toEqual([]);
    const readers = files.filter((file) => /\bparseSubmission\(/.test(readFileSync(file, "utf8")));
    expect(readers.length).toBeGreaterThanOrEqual(16);
  });
});
