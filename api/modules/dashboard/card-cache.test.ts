import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertEventForm, sendApplication, startupOwner } from "#api/testing/application-fixtures.ts";
import { registered } from "#api/testing/fixtures.ts";
import { createApi } from "#api/app.ts";
import { createTestApi, TestClient, type TestApi } from "#api/testing/harness.ts";
import { CardCache, cardKey } from "./card-cache.ts";
import { application, at, DASHBOARD_CARDS } from "#api/testing/dashboard-fixtures.ts";

const BASE = "/api/v1/admin/dashboard";
const utc = (daysAgo: number) => at("UTC", daysAgo, "12:00");

/** A promise and the function that settles it, to hold a computation open while the test acts. */
function gate<T>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

describe("CardCache", () => {
  it("keeps an answer for the TTL, then serves it while one background computation replaces it", async () => {
    let now = 1_000;
    const cache = new CardCache(30_000, 100, () => now);
    let runs = 0;
    const refresh = gate<number>();
    const compute = () => (++runs === 1 ? Promise.resolve(1) : refresh.promise);
    expect(await cache.through("k", compute)).toBe(1);
    now += 29_999;
    expect(await cache.through("k", compute)).toBe(1);
    expect(runs).toBe(1);
    now += 1;
    // Expired: the readers are not held while the new answer is computed, and only one computation runs.
    expect(await cache.through("k", compute)).toBe(1);
    expect(await cache.through("k", compute)).toBe(1);
    expect(runs).toBe(2);
    refresh.open(2);
    await refresh.promise;
    expect(await cache.through("k", compute)).toBe(2);
  });

  it("drops an expired answer whose refresh failed, so the next reader computes and sees the failure", async () => {
    let now = 1_000;
    const cache = new CardCache(30_000, 100, () => now);
    await cache.through("k", async () => "old");
    now += 30_000;
    const failed = gate<void>();
    expect(await cache.through("k", () => (failed.open(), Promise.reject(new Error("down"))))).toBe("old");
    await failed.promise;
    await new Promise((resolve) => setImmediate(resolve));
    await expect(cache.through("k", () => Promise.reject(new Error("still down")))).rejects.toThrow("still down");
  });

  it("after a write, the next reader waits for a fresh answer instead of getting the old one", async () => {
    const cache = new CardCache(30_000);
    await cache.through("k", async () => "before the write");
    cache.invalidate();
    expect(await cache.through("k", async () => "after the write")).toBe("after the write");
  });

  it("shares one computation between concurrent misses", async () => {
    const cache = new CardCache(30_000);
    const held = gate<number>();
    let runs = 0;
    const compute = () => (runs++, held.promise);
    const first = cache.through("k", compute);
    const second = cache.through("k", compute);
    held.open(7);
    expect(await Promise.all([first, second])).toEqual([7, 7]);
    expect(runs).toBe(1);
  });

  it("neither keeps nor shares an answer that a write overtook", async () => {
    const cache = new CardCache(30_000);
    const stale = gate<string>();
    const before = cache.through("k", () => stale.promise);
    cache.invalidate();
    // A request after the write computes afresh instead of joining the computation that began before it.
    const after = cache.through("k", async () => "fresh");
    stale.open("stale");
    expect(await before).toBe("stale");
    expect(await after).toBe("fresh");
    expect(await cache.through("k", async () => "recomputed")).toBe("fresh");
  });

  it("does not keep a failure", async () => {
    const cache = new CardCache(30_000);
    await expect(cache.through("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.through("k", async () => 1)).toBe(1);
  });

  it("drops the oldest answer beyond its size", async () => {
    const cache = new CardCache(30_000, 2);
    for (const key of ["a", "b", "c"]) await cache.through(key, async () => key);
    expect(cache.size).toBe(2);
    expect(await cache.through("a", async () => "a again")).toBe("a again");
  });

  it("keys answers by everything they depend on", () => {
    const keys = new Set([
      cardKey("applications-per-day", "startup:1", { period: 30 }),
      cardKey("applications-per-day", "startup:2", { period: 30 }),
      cardKey("applications-by-stage", "startup:1", { period: 30 }),
      cardKey("applications-per-day", "startup:1", { period: 90 }),
      cardKey("applications-per-day", "startup:1", { period: 30, tz: "Africa/Lagos" }),
      cardKey("applications-per-day", "startup:1", { period: 30, form_id: 4 }),
    ]);
    expect(keys.size).toBe(6);
  });
});

/**
 * Through the API: the tests write rows straight into the database (no API write, so nothing empties the
 * cache) to tell a kept answer from a fresh one.
 */
async function ownerWithApplications(t: TestApi) {
  const owner = await startupOwner(t, "Cached Owner");
  const form = await insertEventForm(t, owner.startup.id, { title: "Cached event" });
  await application(t, form.id, "pending", utc(1));
  await application(t, form.id, "accepted", utc(2));
  return { owner, form };
}

const perDayTotal = async (client: ReturnType<TestApi["client"]>, query = "") => {
  const res = await client.get(`${BASE}/applications-per-day${query}`);
  expect(res.status).toBe(200);
  return res.body.data.total as number;
};

describe("dashboard cards with the cache on", () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi({ dashboardCacheMs: 60_000 });
  });
  afterAll(() => t.close());

  it("answers the same numbers from the cache as from the database", async () => {
    const { owner, form } = await ownerWithApplications(t);
    const cards = DASHBOARD_CARDS;
    const queries = ["", "?period=90&tz=Africa/Lagos", `?form_id=${form.id}`];
    const answers = async () =>
      Promise.all(cards.flatMap((card) => queries.map(async (q) => (await owner.client.get(`${BASE}/${card}${q}`)).body)));
    const first = await answers();
    expect(await answers()).toEqual(first);
    // The kept numbers are the database's: an API without the cache over the same database, called with
    // the same session, answers the same.
    const direct = new TestClient(
      createApi({ db: t.database.db, config: { ...t.config, dashboardCacheMs: 0 }, log: () => {} }),
      "203.0.113.7",
    );
    for (const [name, value] of owner.client.cookies) direct.cookies.set(name, value);
    const fresh = await Promise.all(cards.flatMap((card) => queries.map(async (q) => (await direct.get(`${BASE}/${card}${q}`)).body)));
    expect(fresh).toEqual(first);
    expect(first.every((body) => body.data !== undefined)).toBe(true);
  });

  it("keeps an answer until a write through the API, which shows a new application at once", async () => {
    const { owner, form } = await ownerWithApplications(t);
    expect(await perDayTotal(owner.client)).toBe(2);

    // A row written behind the API's back: the kept answer stands.
    await application(t, form.id, "pending", utc(3));
    expect(await perDayTotal(owner.client)).toBe(2);

    // An application sent through the API empties the cache: it and the row above count at once.
    const applicant = await registered(t, "Late Applicant");
    const sent = await sendApplication(applicant.client, form.id, { full_name: "Late Applicant", email: applicant.email });
    expect(sent.status).toBe(201);
    expect(await perDayTotal(owner.client)).toBe(4);
  });

  it("checks the caller's permission before answering from the cache", async () => {
    const { owner } = await ownerWithApplications(t);
    expect(await perDayTotal(owner.client)).toBe(2);
    const stranger = await registered(t, "Stranger");
    expect((await stranger.client.get(`${BASE}/applications-per-day`)).status).toBe(403);
  });

  it("scopes kept answers by owner and by form", async () => {
    const a = await ownerWithApplications(t);
    const b = await startupOwner(t, "Other Cached Owner");
    const bForm = await insertEventForm(t, b.startup.id, { title: "B's event" });
    await application(t, bForm.id, "pending", utc(1));
    expect(await perDayTotal(a.owner.client)).toBe(2);
    expect(await perDayTotal(b.client)).toBe(1);
    // Another owner's form is a 404 even once its answer is kept for its owner.
    expect(await perDayTotal(b.client, `?form_id=${bForm.id}`)).toBe(1);
    expect((await a.owner.client.get(`${BASE}/applications-per-day?form_id=${bForm.id}`)).status).toBe(404);
  });
});

describe("dashboard cards with dashboardCacheMs 0", () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi();
  });
  afterAll(() => t.close());

  it("reads the database on every request", async () => {
    expect(t.config.dashboardCacheMs).toBe(0);
    const { owner, form } = await ownerWithApplications(t);
    expect(await perDayTotal(owner.client)).toBe(2);
    await application(t, form.id, "pending", utc(3));
    expect(await perDayTotal(owner.client)).toBe(3);
  });
});
