import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "../db/schema.ts";
import { createTestApi, type TestApi } from "../testing/harness.ts";
import { ageHits, hitsOf } from "../testing/rate-limits.ts";
import { limits, limitsOf } from "./limits.ts";
import { clearHits, giveBack, guarded, hit, pruneRateLimits, secondsUntilRoom, take, tooMany, type RateLimit } from "./rate-limit.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

let subjects = 0;
const fresh = () => `subject-${++subjects}`;
const limitOf = (max: number, windowSeconds = 60): RateLimit => ({
  prefix: "test",
  max,
  windowSeconds,
  refusal: (seconds) => tooMany(`Wait ${seconds} seconds.`, seconds, "field"),
});

describe("take", () => {
  it("counts at most `max` of 100 takes sent at once, and tells the others when to come back", async () => {
    const limit = limitOf(10, 60);
    const subject = fresh();
    const results = await Promise.all(Array.from({ length: 100 }, () => take(t.database.db, limit, subject)));
    expect(results.filter((r) => r.taken)).toHaveLength(10);
    for (const result of results) {
      if (!result.taken) {
        expect(result.retryAfter).toBeGreaterThanOrEqual(1);
        expect(result.retryAfter).toBeLessThanOrEqual(60);
      }
    }
    expect(await hitsOf(t.database.db, limit, subject)).toBe(10);
    // Another subject of the same limit has its own room.
    expect((await take(t.database.db, limit, fresh())).taken).toBe(true);
  });

  it("slides: room comes back as the oldest hits leave the window, and Retry-After says when", async () => {
    const limit = limitOf(2, 100);
    const subject = fresh();
    await hit(t.database.db, limit, subject);
    await ageHits(t.database.db, limit, subject, 70);
    await hit(t.database.db, limit, subject);
    const full = await take(t.database.db, limit, subject);
    expect(full.taken).toBe(false);
    // The older hit leaves the window in about 30 seconds.
    if (!full.taken) expect(full.retryAfter).toBeGreaterThanOrEqual(29);
    if (!full.taken) expect(full.retryAfter).toBeLessThanOrEqual(30);
    // A look says the same, and counts nothing.
    expect(await secondsUntilRoom(t.database.db, limit, subject)).toBeGreaterThanOrEqual(29);
    expect(await secondsUntilRoom(t.database.db, limit, fresh())).toBe(0);
    await ageHits(t.database.db, limit, subject, 31);
    expect(await secondsUntilRoom(t.database.db, limit, subject)).toBe(0);
    expect((await take(t.database.db, limit, subject)).taken).toBe(true);
    expect(await hitsOf(t.database.db, limit, subject)).toBe(2);
  });

  it("hit throws the limit's own 429 with Retry-After", async () => {
    const limit = limitOf(1, 60);
    const subject = fresh();
    await hit(t.database.db, limit, subject);
    const refused = await hit(t.database.db, limit, subject).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      status: 429,
      message: expect.stringMatching(/^Wait \d+ seconds\.$/),
      errors: { field: [expect.any(String)] },
    });
    expect(Number((refused as { headers: Record<string, string> }).headers["Retry-After"])).toBeGreaterThan(0);
  });
});

describe("giving hits back", () => {
  it("gives back exactly the one hit, even when many are given back at once", async () => {
    const limit = limitOf(20, 60);
    const subject = fresh();
    const taken = await Promise.all(Array.from({ length: 20 }, () => hit(t.database.db, limit, subject)));
    await Promise.all(taken.slice(0, 15).map((one) => giveBack(t.database.db, one)));
    expect(await hitsOf(t.database.db, limit, subject)).toBe(5);
    // Giving one back twice takes nothing more.
    await giveBack(t.database.db, taken[0]);
    expect(await hitsOf(t.database.db, limit, subject)).toBe(5);
  });

  it("guarded: N attempts at once on a limit of k run at most k, and only the outcomes that count stay counted", async () => {
    const limit = limitOf(5, 60);
    const subject = fresh();
    let ran = 0;
    const fail = async () => {
      ran++;
      throw new Error("wrong");
    };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, () => guarded(t.database.db, limit, subject, fail, (error) => error !== undefined)),
    );
    expect(ran).toBe(5);
    expect(outcomes.filter((o) => o.status === "rejected" && (o.reason as { status?: number }).status === 429)).toHaveLength(35);
    const other = fresh();
    for (let i = 0; i < 8; i++)
      expect(
        await guarded(
          t.database.db,
          limit,
          other,
          async () => i,
          (error) => error !== undefined,
        ),
      ).toBe(i);
    expect(await hitsOf(t.database.db, limit, other)).toBe(0);
  });

  it("clearHits forgets a subject", async () => {
    const limit = limitOf(1, 60);
    const subject = fresh();
    await hit(t.database.db, limit, subject);
    await clearHits(t.database.db, limit, subject);
    expect((await take(t.database.db, limit, subject)).taken).toBe(true);
  });
});

describe("pruning", () => {
  it("drops only the rows whose hits have all left their window", async () => {
    const limit = limitOf(3, 60);
    const [old, live] = [fresh(), fresh()];
    await hit(t.database.db, limit, old);
    await hit(t.database.db, limit, live);
    await t.database.db.execute(sql`update ${rateLimits} set expires_at = now() - interval '1 second' where key = ${`test|${old}`}`);
    await pruneRateLimits(t.database.db);
    const keys = await t.database.db.select({ key: rateLimits.key }).from(rateLimits);
    expect(keys.map((k) => k.key)).toContain(`test|${live}`);
    expect(keys.map((k) => k.key)).not.toContain(`test|${old}`);
  });
});

describe("the declared limits", () => {
  it("each have a prefix of their own and a positive maximum and window, from the configuration where it has one", () => {
    const declared = Object.values(limits(t.config));
    expect(new Set(declared.map((l) => l.prefix)).size).toBe(declared.length);
    for (const limit of declared) {
      expect(limit.max).toBeGreaterThan(0);
      expect(limit.windowSeconds).toBeGreaterThan(0);
    }
    const strict = limitsOf({ ...t.config, registerMaxPerAddress: 3, registerWindowSeconds: 60, couponMaxAttempts: 4 });
    expect(strict.registration).toMatchObject({ max: 3, windowSeconds: 60 });
    expect(strict.couponGuess.max).toBe(4);
  });
});
