import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  INVALID_RECOVERY_CODE,
  INVALID_TOTP_CODE,
  PENDING_LOGIN_EXPIRED,
  PENDING_LOGIN_SECONDS,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_REQUIRED,
  TWO_FACTOR_ALREADY_ON,
  TWO_FACTOR_NO_SETUP,
} from "#schemas/two-factor.ts";
import { twoFactorCookieName } from "#api/config.ts";
import { twoFactorRecoveryCodes, users } from "#api/db/schema.ts";
import { PASSWORD, registered } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import { enableTwoFactor, totpCode } from "#api/testing/two-factor-fixtures.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

/** A user with two-factor sign-in on, logged out, and a fresh browser at their door. */
async function twoFactorUser() {
  const account = await registered(t);
  const enabled = await enableTwoFactor(account.client);
  await account.client.post("/api/logout");
  return { ...account, ...enabled };
}

/** Email and password right: the browser now holds a sign-in waiting for its second step. */
async function passwordStep(email: string, ip = "203.0.113.20") {
  const browser = t.client(ip);
  const res = await browser.post("/api/login", { email, password: PASSWORD });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ two_factor: true });
  return browser;
}

describe("setting two-factor sign-in up", () => {
  it("shows a QR code and the secret, turns on only with the password and a right code, and answers ten recovery codes once", async () => {
    const { client, id, email } = await registered(t);
    expect((await client.get("/api/user/two-factor")).body).toEqual({
      enabled: false,
      enabled_at: null,
      required: false,
      recovery_codes_left: 0,
      setup: null,
    });
    expect((await client.post("/api/user/two-factor/confirm", { current_password: PASSWORD, code: "123456" })).body.message).toBe(
      TWO_FACTOR_NO_SETUP,
    );

    const started = await client.post("/api/user/two-factor");
    expect(started.status).toBe(201);
    const { secret, otpauth_url, qr_code_svg } = started.body.setup;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toBe(`otpauth://totp/Launchpad:${encodeURIComponent(email)}?secret=${secret}&issuer=Launchpad`);
    expect(qr_code_svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*viewBox="0 0 \d+ \d+"/);
    const status = (await client.get("/api/user/two-factor")).body;
    expect(status).toMatchObject({ enabled: false, setup: { secret, otpauth_url } });

    // Kept sealed: the database alone does not hold the secret.
    const [row] = await t.database.db.select({ sealed: users.twoFactorSecret }).from(users).where(eq(users.id, id));
    expect(row.sealed).toMatch(/^v1\./);
    expect(row.sealed).not.toContain(secret);

    const code = await totpCode(secret);
    const wrongPassword = await client.post("/api/user/two-factor/confirm", { current_password: "not it", code });
    expect(wrongPassword.body.errors).toEqual({ current_password: ["The password is incorrect."] });
    const wrongCode = await client.post("/api/user/two-factor/confirm", { current_password: PASSWORD, code: "000000" });
    expect(wrongCode.body.errors).toEqual({ code: [INVALID_TOTP_CODE] });
    const badFormat = await client.post("/api/user/two-factor/confirm", { current_password: PASSWORD, code: "12ab56" });
    expect(badFormat.status).toBe(422);
    expect((await client.get("/api/user")).body.two_factor_enabled).toBe(false);

    const confirmed = await client.post("/api/user/two-factor/confirm", { current_password: PASSWORD, code });
    expect(confirmed.status).toBe(200);
    const codes: string[] = confirmed.body.recovery_codes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const one of codes) expect(one).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await t.database.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, id));
    expect(stored.map((r) => r.codeHash).some((hash) => codes.some((c) => hash.includes(c)))).toBe(false);

    const on = (await client.get("/api/user/two-factor")).body;
    expect(on).toMatchObject({ enabled: true, recovery_codes_left: RECOVERY_CODE_COUNT, setup: null });
    expect((await client.get("/api/user")).body.two_factor_enabled).toBe(true);
    expect((await client.post("/api/user/two-factor")).body.message).toBe(TWO_FACTOR_ALREADY_ON);
  });
});

describe("signing in with two-factor on", () => {
  it("a right password opens no session; a wrong code is refused; the right one signs in, once", async () => {
    const { email, secret } = await twoFactorUser();
    const browser = await passwordStep(email);
    expect(browser.cookies.has(twoFactorCookieName(t.config))).toBe(true);
    expect((await browser.get("/api/user")).status).toBe(401);
    expect((await browser.get("/api/two-factor-challenge")).status).toBe(204);

    const wrong = await browser.post("/api/two-factor-challenge", { code: "000000" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ code: [INVALID_TOTP_CODE] });
    expect((await browser.post("/api/two-factor-challenge", {})).body.errors).toEqual({ code: [SECOND_FACTOR_REQUIRED] });

    const code = await totpCode(secret, 1);
    const signedIn = await browser.post("/api/two-factor-challenge", { code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.email).toBe(email);
    expect(browser.cookies.has(twoFactorCookieName(t.config))).toBe(false);
    expect((await browser.get("/api/user")).status).toBe(200);

    // The same code again, inside its window: a replay.
    await browser.post("/api/logout");
    const again = await passwordStep(email);
    expect((await again.post("/api/two-factor-challenge", { code })).body.errors).toEqual({ code: [INVALID_TOTP_CODE] });
    expect((await again.get("/api/user")).status).toBe(401);
  });

  it("a recovery code works once, in any case and with or without its dash", async () => {
    const { email, recoveryCodes, id } = await twoFactorUser();
    const [first, second] = recoveryCodes;
    const browser = await passwordStep(email);
    expect((await browser.post("/api/two-factor-challenge", { recovery_code: first.toUpperCase().replace("-", " ") })).status).toBe(200);
    await browser.post("/api/logout");

    const again = await passwordStep(email);
    expect((await again.post("/api/two-factor-challenge", { recovery_code: first })).body.errors).toEqual({
      recovery_code: [INVALID_RECOVERY_CODE],
    });
    expect((await again.post("/api/two-factor-challenge", { recovery_code: second })).status).toBe(200);
    expect((await again.get("/api/user/two-factor")).body.recovery_codes_left).toBe(RECOVERY_CODE_COUNT - 2);
    const left = await t.database.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, id));
    expect(left).toHaveLength(RECOVERY_CODE_COUNT - 2);
  });

  it("the second step needs a sign-in waiting for it: none, an altered one or an expired one is refused with 400", async () => {
    const { email, recoveryCodes } = await twoFactorUser();
    const stranger = t.client();
    const none = await stranger.post("/api/two-factor-challenge", { recovery_code: recoveryCodes[0] });
    expect(none).toMatchObject({ status: 400, body: { message: PENDING_LOGIN_EXPIRED } });
    expect((await stranger.get("/api/two-factor-challenge")).status).toBe(400);

    const browser = await passwordStep(email);
    const name = twoFactorCookieName(t.config);
    const genuine = browser.cookies.get(name)!;
    const [userId, expires, signature] = genuine.split(".");
    browser.cookies.set(name, `${userId}.${Number(expires) + 3600}.${signature}`);
    expect((await browser.post("/api/two-factor-challenge", { recovery_code: recoveryCodes[0] })).status).toBe(400);

    browser.cookies.set(name, genuine);
    const later = Date.now() + (PENDING_LOGIN_SECONDS + 1) * 1000;
    const clock = vi.spyOn(Date, "now").mockReturnValue(later);
    try {
      expect((await browser.post("/api/two-factor-challenge", { recovery_code: recoveryCodes[0] })).status).toBe(400);
    } finally {
      clock.mockRestore();
    }
    // A refused one is cleared from the browser; the genuine one, in time, still works.
    expect(browser.cookies.has(name)).toBe(false);
    browser.cookies.set(name, genuine);
    expect((await browser.post("/api/two-factor-challenge", { recovery_code: recoveryCodes[0] })).status).toBe(200);
  });

  it("a password change meanwhile makes the waiting sign-in worthless", async () => {
    const { email, recoveryCodes } = await twoFactorUser();
    const waiting = await passwordStep(email);
    const owner = await passwordStep(email, "203.0.113.21");
    expect((await owner.post("/api/two-factor-challenge", { recovery_code: recoveryCodes[0] })).status).toBe(200);
    const NEW = "a different passphrase";
    expect((await owner.put("/api/user/password", { current_password: PASSWORD, password: NEW, password_confirmation: NEW })).status).toBe(
      200,
    );
    expect((await waiting.post("/api/two-factor-challenge", { recovery_code: recoveryCodes[1] })).body.message).toBe(PENDING_LOGIN_EXPIRED);
  });

  it("an account without two-factor signs in with its password alone, as before", async () => {
    const { email } = await registered(t);
    const res = await t.client().post("/api/login", { email, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(email);
  });
});

describe("bearer tokens", () => {
  it("/sanctum/token takes the code in the same call: none or a wrong one is a 422 on code", async () => {
    const { email, secret, recoveryCodes } = await twoFactorUser();
    const ask = (extra: object) => t.client().post("/sanctum/token", { email, password: PASSWORD, device_name: "cli", ...extra });
    expect((await ask({})).body.errors).toEqual({ code: [SECOND_FACTOR_REQUIRED] });
    expect((await ask({ code: "000000" })).body.errors).toEqual({ code: [INVALID_TOTP_CODE] });
    expect((await ask({ password: "wrong", code: await totpCode(secret, 1) })).status).toBe(422);

    const issued = await ask({ code: await totpCode(secret, 1) });
    expect(issued.status).toBe(201);
    const api = t.client();
    api.bearer = issued.body.token;
    expect((await api.get("/api/user")).body.email).toBe(email);

    expect((await ask({ recovery_code: recoveryCodes[0] })).status).toBe(201);
    expect((await ask({ recovery_code: recoveryCodes[0] })).body.errors).toEqual({ recovery_code: [INVALID_RECOVERY_CODE] });
  });
});

describe("turning it off and new recovery codes", () => {
  it("turning off needs the password and a code; then the password alone signs in again", async () => {
    const account = await registered(t);
    const { secret, recoveryCodes } = await enableTwoFactor(account.client);
    const off = (body: object) => account.client.request("DELETE", "/api/user/two-factor", body);
    expect((await off({ current_password: PASSWORD })).body.errors).toEqual({ code: [SECOND_FACTOR_REQUIRED] });
    expect((await off({ current_password: "wrong", code: await totpCode(secret, 1) })).body.errors).toEqual({
      current_password: ["The password is incorrect."],
    });
    expect((await off({ current_password: PASSWORD, code: "000000" })).body.errors).toEqual({ code: [INVALID_TOTP_CODE] });
    expect((await account.client.get("/api/user/two-factor")).body.enabled).toBe(true);

    expect((await off({ current_password: PASSWORD, recovery_code: recoveryCodes[0] })).status).toBe(200);
    expect((await account.client.get("/api/user/two-factor")).body).toMatchObject({ enabled: false, recovery_codes_left: 0, setup: null });
    const login = await t.client().post("/api/login", { email: account.email, password: PASSWORD });
    expect(login.body.user.email).toBe(account.email);
  });

  it("new recovery codes need a code; the old ones stop working", async () => {
    const account = await registered(t);
    const { secret, recoveryCodes } = await enableTwoFactor(account.client);
    expect((await account.client.post("/api/user/two-factor/recovery-codes", { code: "000000" })).status).toBe(422);
    const renewed = await account.client.post("/api/user/two-factor/recovery-codes", { code: await totpCode(secret, 1) });
    expect(renewed.status).toBe(200);
    expect(renewed.body.recovery_codes).toHaveLength(RECOVERY_CODE_COUNT);
    await account.client.post("/api/logout");

    const browser = await passwordStep(account.email);
    expect((await browser.post("/api/two-factor-challenge", { recovery_code: recoveryCodes[1] })).status).toBe(422);
    expect((await browser.post("/api/two-factor-challenge", { recovery_code: renewed.body.recovery_codes[0] })).status).toBe(200);
  });
});
