import { eq, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApi } from "#api/app.ts";
import type { CallerMemo } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import * as schema from "#api/db/schema.ts";
import { apiTokens, sessions, users } from "#api/db/schema.ts";
import { grantRole, registered, setUpStartupProfile, superAdmin } from "#api/testing/fixtures.ts";
import { createEventForm, ownerWithCollection } from "#api/testing/event-fixtures.ts";
import { ownerWithForm, sendApplication } from "#api/testing/application-fixtures.ts";
import { createTestApi, TestClient, type TestApi } from "#api/testing/harness.ts";
import { parseListQuery } from "#api/lib/pagination.ts";
import { listRoles } from "../access/service.ts";

/**
 * A request learns who is calling in ONE round trip. Every statement Drizzle sends is counted
 * through its logger, on a second Drizzle handle over the same connection (PGlite, or the pg pool when
 * TEST_DATABASE_URL is set), so the API under test runs exactly as in production, only observed.
 */
let t: TestApi;
let api: ReturnType<typeof createApi>;
let counted: Db;
const statements: string[] = [];

beforeAll(async () => {
  t = await createTestApi();
  const logger = { logQuery: (query: string) => void statements.push(query) };
  const client = (t.database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  counted = (t.database.kind === "postgres"
    ? drizzlePg(client as pg.Pool, { schema, logger })
    : drizzlePglite(client as PGlite, { schema, logger })) as unknown as Db;
  api = createApi({ db: counted, config: t.config, log: () => {} });
  // The XSRF key is read from the database once per database handle (api/lib/xsrf.ts), not per call.
  await new TestClient(api, "203.0.113.8").get("/sanctum/csrf-cookie");
});
afterAll(() => t.close());
beforeEach(() => {
  statements.length = 0;
});

/** A client of the counting API, carrying the cookies of a client of the plain one (set up by fixtures). */
function observed(from: TestClient): TestClient {
  const client = new TestClient(api, "203.0.113.8");
  for (const [name, value] of from.cookies) client.cookies.set(name, value);
  return client;
}

/** The statements one call sends. */
async function roundTrips(call: () => Promise<unknown>): Promise<string[]> {
  statements.length = 0;
  await call();
  return [...statements];
}

describe("who is calling, in one round trip", () => {
  it("GET /api/user by session cookie costs exactly one query, and answers roles, permissions and account type", async () => {
    const owner = await registered(t, "Owner");
    await setUpStartupProfile(owner.client);
    const client = observed(owner.client);
    let body: unknown;
    const sent = await roundTrips(async () => {
      const res = await client.get("/api/user");
      expect(res.status).toBe(200);
      body = res.body;
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/from "sessions"/);
    expect(body).toMatchObject({ id: owner.id, account_type: "startup", setup_complete: true, roles: ["startup"] });
    expect((body as { permissions: string[] }).permissions).toContain("event form write");
  });

  it("touches the session at most once a minute: one extra statement when due, none on the next call", async () => {
    const { client: plain } = await registered(t);
    const client = observed(plain);
    await counted.update(sessions).set({ lastActivityAt: sql`now() - interval '2 minutes'` });
    const due = await roundTrips(() => client.get("/api/user"));
    expect(due).toHaveLength(2);
    expect(due[1]).toMatch(/^update "sessions"/);
    expect(await roundTrips(() => client.get("/api/user"))).toHaveLength(1);
  });

  it("GET /api/user by bearer token is one read, and stamps the token's last use at most once a minute", async () => {
    const { client: plain, email, id } = await registered(t);
    const issued = await plain.post("/sanctum/token", { email, password: "correct horse battery", device_name: "cli" });
    const client = new TestClient(api, "203.0.113.8");
    client.bearer = issued.body.token;
    const first = await roundTrips(async () => expect((await client.get("/api/user")).body).toMatchObject({ id, roles: [] }));
    expect(first).toHaveLength(2);
    expect(first[1]).toMatch(/^update "api_tokens"/);
    const [token] = await counted.select({ lastUsedAt: apiTokens.lastUsedAt }).from(apiTokens).where(eq(apiTokens.userId, id));
    expect(token.lastUsedAt).not.toBeNull();
    const next = await roundTrips(async () => expect((await client.get("/api/user")).status).toBe(200));
    expect(next).toHaveLength(1);
    expect(next[0]).toMatch(/from "api_tokens"/);
  });

  it("an authorize()d list call spends one query on the caller and the rest on the list", async () => {
    const root = await superAdmin(t);
    const client = observed(root.client);
    const listOnly = await roundTrips(() => listRoles(counted, parseListQuery("http://localhost/?per_page=10")));
    const whole = await roundTrips(async () => expect((await client.get("/api/v1/admin/roles?per_page=10")).status).toBe(200));
    expect(whole.length - listOnly.length).toBe(1);
    expect(whole[0]).toMatch(/from "sessions"/);
    // After the caller's one query, nothing but the list's own statements: no permission look-up.
    expect(whole.slice(1)).toEqual(listOnly);
  });
});

describe("fresh on every request", () => {
  it("a change to a role's permissions applies to the very next request, still in one query", async () => {
    const root = await superAdmin(t);
    const role = await root.client.post("/api/v1/admin/roles", { name: `Auditor ${Date.now()}`, permissions: ["user read"] });
    const auditor = await registered(t, "Auditor");
    const client = observed(auditor.client);
    expect((await client.get("/api/v1/admin/users")).status).toBe(403);
    await root.client.put(`/api/v1/admin/users/${auditor.id}/roles`, { roles: [role.body.role.id] });
    expect((await client.get("/api/v1/admin/users")).status).toBe(200);
    await root.client.put(`/api/v1/admin/roles/${role.body.role.id}`, { name: role.body.role.name, permissions: ["role read"] });
    expect((await client.get("/api/v1/admin/users")).status).toBe(403);
    let me: { permissions: string[]; roles: string[] } | undefined;
    expect(await roundTrips(async () => (me = (await client.get("/api/user")).body))).toHaveLength(1);
    expect(me).toMatchObject({ permissions: ["role read"], roles: [role.body.role.name] });
  });

  it("a user with several roles gets each permission once, and role names in name order", async () => {
    const account = await registered(t);
    await grantRole(t, account.id, "startup");
    await grantRole(t, account.id, "admin");
    const me = (await observed(account.client).get("/api/user")).body as { permissions: string[]; roles: string[] };
    expect(me.roles).toEqual(["admin", "startup"]);
    expect(me.permissions).toEqual([...new Set(me.permissions)].sort());
    expect(me.permissions).toContain("user write");
  });

  it("refuses a deactivated user's session (and clears the cookie) and bearer token, even with the rows still there", async () => {
    const { client: plain, email, id } = await registered(t);
    const issued = await plain.post("/sanctum/token", { email, password: "correct horse battery", device_name: "cli" });
    const client = observed(plain);
    expect((await client.get("/api/user")).status).toBe(200);
    // Straight in the database, so the session and token rows survive: only the join's is_active refuses them.
    await counted.update(users).set({ isActive: false }).where(eq(users.id, id));
    const res = await client.get("/api/user");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Unauthenticated." });
    expect(res.headers.getSetCookie().some((c) => /_session=;/.test(c) && /max-age=0/i.test(c))).toBe(true);
    const bearer = new TestClient(api, "203.0.113.8");
    bearer.bearer = issued.body.token;
    expect((await bearer.get("/api/user")).status).toBe(401);
  });
});

describe("one session look-up per panel page", () => {
  /** Calls the API as server.ts's in-process client does for one page: the page's memo in the bindings. */
  const pageCall = (from: TestClient, memo: CallerMemo, method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = {
      accept: "application/json",
      cookie: [...from.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
    };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (method !== "GET") headers["x-xsrf-token"] = decodeURIComponent(from.cookies.get("XSRF-TOKEN") ?? "");
    return api.fetch(
      new Request(`http://localhost${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
      {
        clientIp: "203.0.113.8",
        callerMemo: memo,
      },
    );
  };

  it("the reads of one page share the first read's session look-up", async () => {
    const root = await superAdmin(t);
    const memo: CallerMemo = new Map();
    const first = await roundTrips(async () => expect((await pageCall(root.client, memo, "GET", "/api/user")).status).toBe(200));
    expect(first).toHaveLength(1);
    const second = await roundTrips(async () => expect((await pageCall(root.client, memo, "GET", "/api/user")).status).toBe(200));
    expect(second).toHaveLength(0);
    // Without the page's memo (any request over HTTP) the look-up happens every time.
    expect(await roundTrips(() => observed(root.client).get("/api/user"))).toHaveLength(1);
  });

  it("a write looks the caller up afresh, and the page's next read sees what the write changed", async () => {
    const account = await registered(t, "Before Rename");
    const memo: CallerMemo = new Map();
    expect(await (await pageCall(account.client, memo, "GET", "/api/user")).json()).toMatchObject({ name: "Before Rename" });
    const write = await roundTrips(async () =>
      expect(
        (await pageCall(account.client, memo, "PUT", "/api/user", { name: "After Rename", email: account.email })).status,
      ).toBeLessThan(300),
    );
    expect(write[0]).toMatch(/from "sessions"/);
    expect(await (await pageCall(account.client, memo, "GET", "/api/user")).json()).toMatchObject({ name: "After Rename" });
  });

  it("a logout in the page ends the session for the page's later reads", async () => {
    const account = await registered(t);
    const memo: CallerMemo = new Map();
    expect((await pageCall(account.client, memo, "GET", "/api/user")).status).toBe(200);
    expect((await pageCall(account.client, memo, "POST", "/api/logout")).status).toBeLessThan(300);
    expect((await pageCall(account.client, memo, "GET", "/api/user")).status).toBe(401);
  });
});

describe("a list page in one statement", () => {
  it("collections: the caller's look-up, then one statement carrying rows and total; past the end it counts on its own", async () => {
    const owner = await registered(t, "Lister");
    await grantRole(t, owner.id, "startup");
    await setUpStartupProfile(owner.client);
    for (const name of ["Alpha", "Beta", "Gamma"])
      expect((await owner.client.post("/api/v1/admin/collections", { name })).status).toBe(201);
    const client = observed(owner.client);
    let body: { data: { name: string }[]; meta: { total: number; last_page: number } } | undefined;
    const sent = await roundTrips(async () => (body = (await client.get("/api/v1/admin/collections?per_page=2")).body));
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/count\(\*\) over \(\)/);
    expect(body).toMatchObject({ data: [{ name: "Alpha" }, { name: "Beta" }], meta: { total: 3, last_page: 2 } });
    const past = await roundTrips(async () => (body = (await client.get("/api/v1/admin/collections?per_page=2&page=5")).body));
    expect(past).toHaveLength(3);
    expect(body).toMatchObject({ data: [], meta: { total: 3, last_page: 2 } });
    // Nothing at all: page 1 empty needs no second statement either.
    expect((await client.get("/api/v1/admin/collections?search=nothing-like-this")).body).toMatchObject({ data: [], meta: { total: 0 } });
  });
});

describe("one form in one statement", () => {
  it("GET /api/v1/admin/event_forms/{id}: the caller's look-up, then the form with its counts and ownership in one query", async () => {
    const host = await ownerWithCollection(t);
    const form = await createEventForm(host.client, host.collection.id);
    const client = observed(host.client);
    let body: { event_form: { id: number; applications_count: number } } | undefined;
    const sent = await roundTrips(async () => (body = (await client.get(`/api/v1/admin/event_forms/${form.id}`)).body));
    expect(sent).toHaveLength(2);
    expect(body?.event_form).toMatchObject({ id: form.id, applications_count: 0 });
    const stranger = await ownerWithCollection(t);
    expect((await stranger.client.get(`/api/v1/admin/event_forms/${form.id}`)).status).toBe(404);
  });
});

describe("a scan at the door in one statement", () => {
  it("POST …/check_ins: a repeated scan is the caller's look-up, then the limit's take with the ticket, its event and the door's figures", async () => {
    const { owner, form } = await ownerWithForm(t);
    const holder = await registered(t, "Dora Door");
    expect((await sendApplication(holder.client, form.id, { full_name: "Dora Door", email: holder.email })).status).toBe(201);
    const { code } = (await holder.client.get(`/api/v1/site/event_forms/${form.id}`)).body.my_ticket as { code: string };
    const client = observed(owner.client);
    const scan = async (expected: number) => {
      const res = await client.post(`/api/v1/admin/event_forms/${form.id}/check_ins`, { code });
      expect(res.status).toBe(expected);
    };
    // Let in: the caller, the ticket with the scan's place on the member's limit, the insert and the figures after it.
    const first = await roundTrips(() => scan(201));
    expect(first).toHaveLength(4);
    expect(first.filter((statement) => /rate_limits/.test(statement))).toHaveLength(1);
    // Already in: the caller, then one statement taking the limit's place and reading the ticket, answered from it.
    const again = await roundTrips(() => scan(409));
    expect(again).toHaveLength(2);
    expect(again[0]).toMatch(/from "sessions"/);
    expect(again[1]).toMatch(/insert into "rate_limits"/);
    expect(again[1]).toMatch(/from "event_applications"/);
    const stranger = await ownerWithCollection(t);
    const refused = await stranger.client.post(`/api/v1/admin/event_forms/${form.id}/check_ins`, { code });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ message: "Event Form not found" });
  });
});
