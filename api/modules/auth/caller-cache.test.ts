import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { userChannel } from "#schemas/realtime.ts";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "#api/app.ts";
import type { SessionCaller } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import * as schema from "#api/db/schema.ts";
import { registered, superAdmin } from "#api/testing/fixtures.ts";
import { createTestApi, TestClient, type TestApi } from "#api/testing/harness.ts";
import { CallerCache } from "./caller-cache.ts";

/**
 * On the embedded database the API reuses who-is-calling answers for a moment. These tests run
 * an API with the cache on over a statement-counting Drizzle handle, and check that nothing a write
 * changes is ever answered from the cache.
 */
let t: TestApi;
let cached: ReturnType<typeof createApi>;
const statements: string[] = [];

beforeAll(async () => {
  t = await createTestApi();
  const logger = { logQuery: (query: string) => void statements.push(query) };
  const client = (t.database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  const counted = (t.database.kind === "postgres"
    ? drizzlePg(client as pg.Pool, { schema, logger })
    : drizzlePglite(client as PGlite, { schema, logger })) as unknown as Db;
  cached = createApi({ db: counted, config: { ...t.config, callerCacheMs: 60_000 }, log: () => {} });
  // The XSRF key is read from the database once per database handle (api/lib/xsrf.ts), not per call.
  await new TestClient(cached, "203.0.113.9").get("/sanctum/csrf-cookie");
});
afterAll(() => t.close());

/** A client of the caching API, logged in as `from` is. */
function throughCache(from: TestClient): TestClient {
  const client = new TestClient(cached, "203.0.113.9");
  for (const [name, value] of from.cookies) client.cookies.set(name, value);
  return client;
}

async function statementsOf(call: () => Promise<unknown>): Promise<number> {
  statements.length = 0;
  await call();
  return statements.length;
}

describe("the caller cache (embedded database)", () => {
  it("answers a repeated GET /api/user without asking the database", async () => {
    const { client } = await registered(t);
    const viaCache = throughCache(client);
    expect(await statementsOf(async () => expect((await viaCache.get("/api/user")).status).toBe(200))).toBe(1);
    expect(await statementsOf(async () => expect((await viaCache.get("/api/user")).status).toBe(200))).toBe(0);
  });

  it("channel authorisation, a POST that changes nothing, leaves it full", async () => {
    const { client, id } = await registered(t);
    const viaCache = throughCache(client);
    await viaCache.get("/api/user");
    await viaCache.post("/broadcasting/auth", { socket_id: "1.2", channel_name: userChannel(id) });
    expect(await statementsOf(async () => expect((await viaCache.get("/api/user")).status).toBe(200))).toBe(0);
  });

  it("a role change made through the API applies to the user's very next request", async () => {
    const root = throughCache((await superAdmin(t)).client);
    const member = await registered(t, "Member");
    const viaCache = throughCache(member.client);
    expect((await viaCache.get("/api/v1/admin/users")).status).toBe(403);
    expect((await viaCache.get("/api/v1/admin/users")).status).toBe(403); // now cached
    const roles = (await root.get<{ data: { id: number; name: string }[] }>("/api/v1/admin/roles?per_page=100")).body.data;
    const admin = roles.find((r) => r.name === "admin")!;
    expect((await root.put(`/api/v1/admin/users/${member.id}/roles`, { roles: [admin.id] })).status).toBe(200);
    expect((await viaCache.get("/api/v1/admin/users")).status).toBe(200);
    expect((await root.put(`/api/v1/admin/users/${member.id}/status`, { is_active: false })).status).toBe(200);
    expect((await viaCache.get("/api/user")).status).toBe(401);
  });

  it("after a logout the session is refused at once, even though it was just cached", async () => {
    const { client } = await registered(t);
    const viaCache = throughCache(client);
    expect((await viaCache.get("/api/user")).status).toBe(200);
    const copy = throughCache(client);
    expect((await viaCache.post("/api/logout")).status).toBeLessThan(300);
    expect((await copy.get("/api/user")).status).toBe(401);
  });

  it("a refused write empties it too (the write might have changed something before failing)", async () => {
    const { client } = await registered(t);
    const viaCache = throughCache(client);
    await viaCache.get("/api/user");
    expect((await viaCache.post("/api/v1/admin/roles", { name: "x", permissions: [] })).status).toBe(403);
    expect(await statementsOf(() => viaCache.get("/api/user"))).toBe(1);
  });
});

describe("CallerCache", () => {
  const caller = (id: number): SessionCaller => ({ idHash: `h${id}`, user: { id } as never });

  it("keeps an answer for its time to live, then asks again", async () => {
    let now = 1_000;
    const cache = new CallerCache(5_000, 10, () => now);
    let lookUps = 0;
    const lookUp = async () => (lookUps++, caller(1));
    await cache.through("a", lookUp);
    now += 4_999;
    await cache.through("a", lookUp);
    expect(lookUps).toBe(1);
    now += 2;
    await cache.through("a", lookUp);
    expect(lookUps).toBe(2);
  });

  it("does not keep a look-up that was under way while a write ran", async () => {
    const cache = new CallerCache(60_000);
    let release!: (value: SessionCaller) => void;
    const pending = cache.through("a", () => new Promise<SessionCaller>((resolve) => (release = resolve)));
    cache.invalidate(); // a write began and ended while the database was being asked
    release(caller(1));
    expect(await pending).toEqual(caller(1));
    expect(cache.get("a")).toBeUndefined();
  });

  it("shares one look-up between concurrent misses for a session (a page's calls, a burst of pages)", async () => {
    const cache = new CallerCache(60_000);
    let lookUps = 0;
    let release!: (value: SessionCaller) => void;
    const lookUp = () => (lookUps++, new Promise<SessionCaller>((resolve) => (release = resolve)));
    const answers = [cache.through("a", lookUp), cache.through("a", lookUp), cache.through("a", lookUp)];
    const other = cache.through("b", async () => caller(2));
    release(caller(1));
    expect(await Promise.all(answers)).toEqual([caller(1), caller(1), caller(1)]);
    expect(await other).toEqual(caller(2));
    expect(lookUps).toBe(1);
  });

  it("a request after a write does not wait on a look-up that started before it, which is not kept", async () => {
    const cache = new CallerCache(60_000);
    let releaseOld!: (value: SessionCaller) => void;
    const before = cache.through("a", () => new Promise<SessionCaller>((resolve) => (releaseOld = resolve)));
    cache.invalidate();
    let lookUps = 0;
    const after = cache.through("a", async () => (lookUps++, caller(3)));
    expect(await after).toEqual(caller(3));
    expect(lookUps).toBe(1);
    releaseOld(caller(1));
    expect(await before).toEqual(caller(1));
    expect(cache.get("a")).toEqual(caller(3));
  });

  it("a failed look-up is not shared with the next request", async () => {
    const cache = new CallerCache(60_000);
    await expect(cache.through("a", async () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    expect(await cache.through("a", async () => caller(1))).toEqual(caller(1));
  });

  it("remembers a missing session too, and drops the oldest entry when full", async () => {
    const cache = new CallerCache(60_000, 2);
    await cache.through("gone", async () => null);
    expect(cache.get("gone")).toBeNull();
    await cache.through("b", async () => caller(2));
    await cache.through("c", async () => caller(3));
    expect(cache.get("gone")).toBeUndefined();
    expect(cache.get("c")).toEqual(caller(3));
  });
});
