/**
 * The account limits under requests sent at once: logins, registrations and the current-password check.
 * Each sends N requests in parallel on a limit of k and counts how many were really judged (a 422 or a
 * 201) against how many were refused before being judged (429).
 */
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "#api/app.ts";
import { defaultApiConfig } from "#api/config.ts";
import { users } from "#api/db/schema.ts";
import { ACCOUNT_MAIL_RATE, CURRENT_PASSWORD_RATE, limits } from "#api/lib/limits.ts";
import { PASSWORD, registered, uniqueEmail } from "#api/testing/fixtures.ts";
import { TestClient, createTestApi, type TestApi, type TestResponse } from "#api/testing/harness.ts";
import { hitsOf } from "#api/testing/rate-limits.ts";
import { waitTime } from "#schemas/plural.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const statuses = (results: TestResponse[]) => results.map((r) => r.status).sort();
const countOf = (results: TestResponse[], status: number) => results.filter((r) => r.status === status).length;

function expectRetryAfter(res: TestResponse, windowSeconds: number, message: (seconds: number) => string) {
  expect(res.status).toBe(429);
  const retry = Number(res.headers.get("retry-after"));
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(windowSeconds);
  expect(res.body.message).toBe(message(retry));
}

const loginRefusal = (seconds: number) => `Too many login attempts. Please try again in ${waitTime(seconds)}.`;

describe("logins sent at once", () => {
  it("60 wrong passwords for one account from one address: 5 are checked (the email-and-address tier), then the right one is refused", async () => {
    const { email } = await registered(t);
    const client = t.client("198.51.100.60");
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => client.post("/api/login", { email, password: `guess ${i}` })));
    expect(countOf(results, 422)).toBe(defaultApiConfig.loginMaxAttempts);
    expect(countOf(results, 429)).toBe(60 - defaultApiConfig.loginMaxAttempts);
    expectRetryAfter(
      results.find((r) => r.status === 429)!,
      defaultApiConfig.loginThrottleWindowSeconds,
      loginRefusal,
    );
    expectRetryAfter(
      await client.post("/api/login", { email, password: PASSWORD }),
      defaultApiConfig.loginThrottleWindowSeconds,
      loginRefusal,
    );
  });

  it("60 wrong passwords for one account from 60 addresses: 10 are checked (the account tier), then the right one is refused", async () => {
    const { email } = await registered(t);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => t.client(`192.0.2.${100 + i}`).post("/api/login", { email, password: `guess ${i}` })),
    );
    expect(countOf(results, 422)).toBe(defaultApiConfig.loginMaxAttemptsPerAccount);
    expect(countOf(results, 429)).toBe(60 - defaultApiConfig.loginMaxAttemptsPerAccount);
    expectRetryAfter(
      await t.client("192.0.2.250").post("/api/login", { email, password: PASSWORD }),
      defaultApiConfig.loginAccountWindowSeconds,
      loginRefusal,
    );
  });

  it("60 wrong logins for 60 emails from one address: 20 are checked (the address tier), the rest refused", async () => {
    const client = t.client("198.51.100.62");
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => client.post("/api/login", { email: uniqueEmail("stuffing"), password: `guess ${i}` })),
    );
    expect(countOf(results, 422)).toBe(defaultApiConfig.loginMaxAttemptsPerAddress);
    expect(countOf(results, 429)).toBe(60 - defaultApiConfig.loginMaxAttemptsPerAddress);
    expectRetryAfter(
      results.find((r) => r.status === 429)!,
      defaultApiConfig.loginAddressWindowSeconds,
      loginRefusal,
    );
  });

  it("right passwords sent at once are not counted as failures", async () => {
    const { email } = await registered(t);
    const client = t.client("198.51.100.61");
    const results = await Promise.all(Array.from({ length: 12 }, () => client.post("/api/login", { email, password: PASSWORD })));
    // Each success gives its reservation back, so none of them uses up a tier; a tier full of reservations
    // in flight may still turn one away for a moment, never more than its size at once.
    expect(countOf(results, 200)).toBeGreaterThanOrEqual(defaultApiConfig.loginMaxAttempts);
    expect(statuses(results).every((s) => s === 200 || s === 429)).toBe(true);
    expect((await client.post("/api/login", { email, password: PASSWORD })).status).toBe(200);
    // Nothing of them is left on the tiers a success does not clear.
    const limit = limits(t.config);
    expect(await hitsOf(t.database.db, limit.loginAccount, email)).toBe(0);
    expect(await hitsOf(t.database.db, limit.loginAddress, "198.51.100.61")).toBe(0);
  });
});

describe("registrations sent at once", () => {
  /** The API on the same database with the real default registration limit (the harness lifts it). */
  const strict = () =>
    createApi({ db: t.database.db, config: { ...t.config, registerMaxPerAddress: defaultApiConfig.registerMaxPerAddress }, log: () => {} });

  it("40 from one address: 10 accounts are created, the rest get 429 with Retry-After; another address is not held back", async () => {
    const api = strict();
    const emails = Array.from({ length: 40 }, () => uniqueEmail("burst"));
    const results = await Promise.all(
      emails.map((email) =>
        new TestClient(api, "198.51.100.40").post("/api/register", {
          name: "Burst",
          email,
          password: PASSWORD,
          password_confirmation: PASSWORD,
        }),
      ),
    );
    expect(countOf(results, 201)).toBe(defaultApiConfig.registerMaxPerAddress);
    expect(countOf(results, 429)).toBe(40 - defaultApiConfig.registerMaxPerAddress);
    const message = (seconds: number) => `Too many registrations from this address. Please try again in ${waitTime(seconds)}.`;
    const refused = results.find((r) => r.status === 429)!;
    expectRetryAfter(refused, defaultApiConfig.registerWindowSeconds, message);
    expect(refused.body.errors).toEqual({ email: [refused.body.message] });
    const created = await t.database.db.select({ id: users.id }).from(users).where(inArray(users.email, emails));
    expect(created).toHaveLength(defaultApiConfig.registerMaxPerAddress);
    const elsewhere = await new TestClient(api, "198.51.100.41").post("/api/register", {
      name: "Other",
      email: uniqueEmail(),
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(elsewhere.status).toBe(201);
  });

  it("a taken email counts too: 40 at once, half of them taken, 10 are answered and the rest get 429", async () => {
    const api = strict();
    const { email: taken } = await registered(t);
    const body = (email: string) => ({ name: "Prober", email, password: PASSWORD, password_confirmation: PASSWORD });
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => new TestClient(api, "198.51.100.42").post("/api/register", body(i % 2 ? taken : uniqueEmail()))),
    );
    expect(countOf(results, 201) + countOf(results, 422)).toBe(defaultApiConfig.registerMaxPerAddress);
    expect(countOf(results, 429)).toBe(40 - defaultApiConfig.registerMaxPerAddress);
    // Once the limit is full, a taken address is refused as any registration is: nothing says it is taken.
    const probe = await new TestClient(api, "198.51.100.42").post("/api/register", body(taken));
    expect(probe.status).toBe(429);
    expect(probe.body.errors).toEqual({ email: [probe.body.message] });
  });
});

describe("the current password, guessed at once", () => {
  const { maxAttempts, windowSeconds } = CURRENT_PASSWORD_RATE;
  const refusal = (seconds: number) => `Too many attempts at your current password. Please try again in ${waitTime(seconds)}.`;
  const NEW_PASSWORD = "a brand new passphrase";

  it(`PUT /api/user/password: 40 wrong guesses check ${maxAttempts}, then the right one is refused and the password stays`, async () => {
    const { client, email } = await registered(t);
    const guess = (current: string) =>
      client.put("/api/user/password", { current_password: current, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => guess(`guess ${i}`)));
    expect(countOf(results, 422)).toBe(maxAttempts);
    expect(countOf(results, 429)).toBe(40 - maxAttempts);
    const refused = results.find((r) => r.status === 429)!;
    expectRetryAfter(refused, windowSeconds, refusal);
    expect(refused.body.errors).toEqual({ current_password: [refused.body.message] });
    expectRetryAfter(await guess(PASSWORD), windowSeconds, refusal);
    expect((await t.client("198.51.100.70").post("/api/login", { email, password: PASSWORD })).status).toBe(200);
  });

  it(`the email change: 40 wrong guesses check ${maxAttempts}, then the right one is refused and the email stays`, async () => {
    const { client, email } = await registered(t);
    const next = uniqueEmail("moved");
    const guess = (current: string) => client.put("/api/user", { name: "Mover", email: next, current_password: current });
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => guess(`guess ${i}`)));
    expect(countOf(results, 422)).toBe(maxAttempts);
    expect(countOf(results, 429)).toBe(40 - maxAttempts);
    expectRetryAfter(await guess(PASSWORD), windowSeconds, refusal);
    expect((await client.get("/api/user")).body.email).toBe(email);
  });

  it(`20 email changes at once with the right password: ${ACCOUNT_MAIL_RATE.emailChanges} are made, the rest are refused as too many changes`, async () => {
    const { client } = await registered(t);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.put("/api/user", { name: "Mover", email: uniqueEmail("moving"), current_password: PASSWORD }),
      ),
    );
    expect(countOf(results, 200)).toBe(ACCOUNT_MAIL_RATE.emailChanges);
    expect(countOf(results, 429)).toBe(20 - ACCOUNT_MAIL_RATE.emailChanges);
    const changes = (seconds: number) => `Too many changes of email address. Please try again in ${waitTime(seconds)}.`;
    for (const refused of results.filter((r) => r.status === 429)) {
      expectRetryAfter(refused, ACCOUNT_MAIL_RATE.windowSeconds, changes);
      expect(refused.body.errors).toEqual({ email: [refused.body.message] });
    }
    // The right passwords left nothing on the current-password limit.
    expect(await hitsOf(t.database.db, limits(t.config).currentPassword, (await client.get("/api/user")).body.id)).toBe(0);
  });

  it("a right password does not count against the user", async () => {
    const { client } = await registered(t);
    const change = (current: string, to: string) =>
      client.put("/api/user/password", { current_password: current, password: to, password_confirmation: to });
    for (let i = 0; i < maxAttempts - 1; i++) expect((await change(`guess ${i}`, NEW_PASSWORD)).status).toBe(422);
    expect((await change(PASSWORD, NEW_PASSWORD)).status).toBe(200);
    expect((await change("one more guess", PASSWORD)).status).toBe(422);
    expect((await change("and another", PASSWORD)).status).toBe(429);
  });
});
