/**
 * Two-factor codes under requests sent at once: wrong codes are held to the login limits at sign-in and to
 * `twoFactorCode` for a signed-in user, and one code (a recovery code, a TOTP step) lets in exactly one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVALID_TOTP_CODE, RECOVERY_CODE_COUNT } from "#schemas/two-factor.ts";
import { defaultApiConfig } from "#api/config.ts";
import { limits, TWO_FACTOR_CODE_RATE } from "#api/lib/limits.ts";
import { PASSWORD, registered } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi, type TestResponse } from "#api/testing/harness.ts";
import { hitsOf } from "#api/testing/rate-limits.ts";
import { enableTwoFactor, totpCode } from "#api/testing/two-factor-fixtures.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const countOf = (results: TestResponse[], status: number) => results.filter((r) => r.status === status).length;
const loginRefusal = /^Too many login attempts\. Please try again in \d+ (seconds?|minutes?|hours?)\.$/;

async function twoFactorUser() {
  const account = await registered(t);
  const enabled = await enableTwoFactor(account.client);
  await account.client.post("/api/logout");
  return { ...account, ...enabled };
}

async function passwordStep(email: string, ip: string) {
  const browser = t.client(ip);
  expect((await browser.post("/api/login", { email, password: PASSWORD })).body).toEqual({ two_factor: true });
  return browser;
}

describe("the second step of a sign-in, at once", () => {
  it("40 wrong codes: as many are judged as wrong passwords would be (the email-and-address tier), then even the right code is refused", async () => {
    const { email, secret } = await twoFactorUser();
    const browser = await passwordStep(email, "198.51.100.80");
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => browser.post("/api/two-factor-challenge", { code: String(100000 + i) })),
    );
    expect(countOf(results, 422)).toBe(defaultApiConfig.loginMaxAttempts);
    expect(countOf(results, 429)).toBe(40 - defaultApiConfig.loginMaxAttempts);
    expect(results.find((r) => r.status === 429)!.body.message).toMatch(loginRefusal);
    const right = await browser.post("/api/two-factor-challenge", { code: await totpCode(secret, 1) });
    expect(right.status).toBe(429);
    expect(right.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await browser.get("/api/user")).status).toBe(401);
    // The wrong codes are failed logins of the account: its tier holds them too.
    expect(await hitsOf(t.database.db, limits(t.config).loginAccount, email)).toBe(defaultApiConfig.loginMaxAttempts);
  });

  it("a right password waiting for its code gives its place back; the code that signs in clears the owner's typos", async () => {
    const { email, recoveryCodes } = await twoFactorUser();
    const limit = limits(t.config);
    const subject = `${email}|198.51.100.81`;
    for (let i = 0; i < 3; i++) {
      expect((await t.client("198.51.100.81").post("/api/login", { email, password: `typo ${i}` })).status).toBe(422);
    }
    const browser = await passwordStep(email, "198.51.100.81");
    expect(await hitsOf(t.database.db, limit.loginEmailAddress, subject)).toBe(3);
    expect((await browser.post("/api/two-factor-challenge", { recovery_code: recoveryCodes[0] })).status).toBe(200);
    expect(await hitsOf(t.database.db, limit.loginEmailAddress, subject)).toBe(0);
  });

  it("one recovery code sent 5 times at once signs in exactly once", async () => {
    const { email, recoveryCodes } = await twoFactorUser();
    const browsers = await Promise.all(Array.from({ length: 5 }, (_, i) => passwordStep(email, `198.51.100.${90 + i}`)));
    const results = await Promise.all(browsers.map((b) => b.post("/api/two-factor-challenge", { recovery_code: recoveryCodes[0] })));
    expect(countOf(results, 200)).toBe(1);
    expect(countOf(results, 422)).toBe(4);
    const signedIn = await Promise.all(browsers.map(async (b) => (await b.get("/api/user")).status));
    expect(signedIn.filter((status) => status === 200)).toHaveLength(1);
    const owner = browsers[signedIn.indexOf(200)];
    expect((await owner.get("/api/user/two-factor")).body.recovery_codes_left).toBe(RECOVERY_CODE_COUNT - 1);
  });

  it("one TOTP code sent 5 times at once signs in exactly once", async () => {
    const { email, secret } = await twoFactorUser();
    const browsers = await Promise.all(Array.from({ length: 5 }, (_, i) => passwordStep(email, `198.51.100.${100 + i}`)));
    const code = await totpCode(secret, 1);
    const results = await Promise.all(browsers.map((b) => b.post("/api/two-factor-challenge", { code })));
    expect(countOf(results, 200)).toBe(1);
    expect(results.filter((r) => r.status === 422).every((r) => r.body.errors.code[0] === INVALID_TOTP_CODE)).toBe(true);
    expect(countOf(results, 422)).toBe(4);
  });
});

describe("a signed-in user's codes, at once", () => {
  const { maxAttempts } = TWO_FACTOR_CODE_RATE;

  it(`40 wrong codes for new recovery codes: ${maxAttempts} are judged, then the right one is refused`, async () => {
    const account = await registered(t);
    const { secret } = await enableTwoFactor(account.client);
    const renew = (code: string) => account.client.post("/api/user/two-factor/recovery-codes", { code });
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => renew(String(200000 + i))));
    expect(countOf(results, 422)).toBe(maxAttempts);
    expect(countOf(results, 429)).toBe(40 - maxAttempts);
    const refused = results.find((r) => r.status === 429)!;
    expect(refused.body.errors.code[0]).toMatch(/^Too many wrong codes\. Please try again in \d+ (seconds?|minutes?|hours?)\.$/);
    expect((await renew(await totpCode(secret, 1))).status).toBe(429);
  });
});
