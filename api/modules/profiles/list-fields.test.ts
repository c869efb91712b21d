/**
 * Every multi-value field of the setup forms, from what a person types to what the API gives back: the
 * browser's form body is read as the panel's action reads it (conform with the shared schema), sent on as
 * the panel sends it (`toApiMultipart`), and `GET /profiles/current` must answer what was typed. Also as a
 * JSON client sends them, and the match score crediting skills a startup set up this way wants.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toApiMultipart } from "#schemas/api-multipart.ts";
import { coFounderSetupSchema, startupSetupSchema } from "#schemas/setup.ts";
import { registered } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi, type TestClient } from "#api/testing/harness.ts";
import { coFounderWith } from "#api/testing/co-founder-fixtures.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

let counter = 0;
type Entries = [string, string][];

const STARTUP: Entries = [
  ["account_type", "startup"],
  ["name", "Acme Robotics"],
  ["country", "NG"],
  ["cityName", "Lagos"],
  ["description", "Robots for small warehouses."],
  ["industry", "Hardware"],
  ["stage", "Seed"],
];
const CO_FOUNDER: Entries = [
  ["name", "Cora"],
  ["headline", "Designer"],
  ["country", "DE"],
  ["cityName", "Berlin"],
  ["bio", "Eight years of product design."],
];

/** The form body a browser posts: text inputs as typed, one entry per ticked box, one per link row. */
function browserBody(entries: Entries) {
  const body = new FormData();
  for (const [key, value] of entries) body.append(key, value);
  return body;
}

/** What the setup action does with the body: conform and the shared schema, then the API's multipart. */
async function setUpThroughThePanel(kind: "startup" | "co-founder", typed: Entries) {
  const { client } = await registered(t, "List Tester");
  const startup = kind === "startup";
  const entries = [
    ...(startup ? [...STARTUP, ["username", `lists-${++counter}-${Date.now().toString(36)}`] as [string, string]] : CO_FOUNDER),
    ...typed,
  ];
  const submission = parseWithZod(browserBody(entries), { schema: startup ? startupSetupSchema : coFounderSetupSchema });
  expect(submission.status === "success" ? null : submission.error).toBeNull();
  const values = submission.status === "success" ? (submission.value as Record<string, unknown>) : {};
  const res = await client.post(startup ? "/api/v1/admin/startups/setup" : "/api/v1/admin/profiles/setup", toApiMultipart(values));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return client;
}

async function current(client: TestClient) {
  const res = await client.get("/api/v1/admin/profiles/current");
  expect(res.status).toBe(200);
  return res.body as { startup: Record<string, unknown> | null; profile: Record<string, unknown> | null };
}

const LINKS: Entries = [
  ["links[0]", "https://acme.example.com"],
  ["links[1]", "https://x.com/acme?ref=a,b"],
];

describe("a startup's lists, typed in the panel, come back as typed", () => {
  it("wanted_skills", async () => {
    const { startup } = await current(await setUpThroughThePanel("startup", [["wanted_skills", "robotics, typescript"]]));
    expect(startup?.wanted_skills).toEqual(["robotics", "typescript"]);
  });

  it("wanted_skills: one skill, and none", async () => {
    expect((await current(await setUpThroughThePanel("startup", [["wanted_skills", "Embedded C"]]))).startup?.wanted_skills).toEqual([
      "embedded c",
    ]);
    expect((await current(await setUpThroughThePanel("startup", [["wanted_skills", ""]]))).startup?.wanted_skills).toEqual([]);
  });

  it("wanted_roles", async () => {
    const typed: Entries = [
      ["wanted_roles", "Technical"],
      ["wanted_roles", "Design"],
    ];
    expect((await current(await setUpThroughThePanel("startup", typed))).startup?.wanted_roles).toEqual(["Technical", "Design"]);
  });

  it("links", async () => {
    expect((await current(await setUpThroughThePanel("startup", LINKS))).startup?.links).toEqual([
      "https://acme.example.com",
      "https://x.com/acme?ref=a,b",
    ]);
  });
});

describe("a co-founder's lists, typed in the panel, come back as typed", () => {
  it("skills", async () => {
    const { profile } = await current(await setUpThroughThePanel("co-founder", [["skills", "Figma, User research, Branding"]]));
    expect(profile?.skills).toEqual(["Figma", "User research", "Branding"]);
  });

  it("roles", async () => {
    const typed: Entries = [
      ["skills", "Figma"],
      ["roles", "Design"],
      ["roles", "Product"],
    ];
    expect((await current(await setUpThroughThePanel("co-founder", typed))).profile?.roles).toEqual(["Design", "Product"]);
  });

  it("industries", async () => {
    const typed: Entries = [
      ["skills", "Figma"],
      ["industries", "Fintech"],
      ["industries", "Healthcare"],
    ];
    expect((await current(await setUpThroughThePanel("co-founder", typed))).profile?.industries).toEqual(["Fintech", "Healthcare"]);
  });

  it("links", async () => {
    expect((await current(await setUpThroughThePanel("co-founder", [["skills", "Figma"], ...LINKS]))).profile?.links).toEqual([
      "https://acme.example.com",
      "https://x.com/acme?ref=a,b",
    ]);
  });
});

describe("JSON clients", () => {
  it("send skills and wanted skills as lists or as comma-separated text", async () => {
    const { client } = await registered(t, "Json Startup");
    const body = Object.fromEntries(STARTUP);
    const res = await client.post("/api/v1/admin/startups/setup", {
      ...body,
      username: `json-${++counter}-${Date.now().toString(36)}`,
      wanted_skills: ["Go", " rust "],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.startup.wanted_skills).toEqual(["go", "rust"]);
    const person = await registered(t, "Json Person");
    const made = await person.client.post("/api/v1/admin/profiles/setup", { ...Object.fromEntries(CO_FOUNDER), skills: "Go, Rust" });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.profile.skills).toEqual(["Go", "Rust"]);
  });
});

describe("co-founder matching", () => {
  it("credits the skills a startup set up in the panel wants", async () => {
    const owner = await setUpThroughThePanel("startup", [["wanted_skills", "Robotics, TypeScript"]]);
    const person = await coFounderWith(t, { name: "Tess Typescript", skills: "TypeScript, Go", country: "KE", cityName: "Nairobi" });
    const res = await owner.get("/api/v1/admin/co_founders/find?sort_by=score&per_page=100");
    expect(res.status).toBe(200);
    const card = res.body.data.find((c: { id: number }) => c.id === person.profile.id);
    expect(card.match.shared_skills).toEqual(["TypeScript"]);
    expect(card.match.score).toBeGreaterThanOrEqual(3);
  });
});
