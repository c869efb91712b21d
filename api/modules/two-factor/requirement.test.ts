import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TWO_FACTOR_CANNOT_TURN_OFF, TWO_FACTOR_REQUIRED } from "#schemas/two-factor.ts";
import { createApi } from "#api/app.ts";
import { grantRole, PASSWORD, registered, setUpStartupProfile, superAdmin } from "#api/testing/fixtures.ts";
import { createTestApi, TestClient, type TestApi } from "#api/testing/harness.ts";
import { enableTwoFactor, totpCode } from "#api/testing/two-factor-fixtures.ts";

/** REQUIRE_2FA_FOR_ADMINS=true: super admins and admins set two-factor sign-in up before anything else. */
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ requireTwoFactorForAdmins: true });
});
afterAll(() => t.close());

const USERS = "/api/v1/admin/users";

describe("REQUIRE_2FA_FOR_ADMINS", () => {
  it("a super admin without it may only set it up: everything else is a 403 that says why", async () => {
    const admin = await superAdmin(t);
    const me = await admin.client.get("/api/user");
    expect(me.body).toMatchObject({ two_factor_enabled: false, two_factor_setup_required: true });
    const refused = await admin.client.get(USERS);
    expect(refused).toMatchObject({ status: 403, body: { message: TWO_FACTOR_REQUIRED } });
    expect((await admin.client.put("/api/user", { name: "Renamed", email: admin.email })).status).toBe(403);
    expect((await admin.client.post("/broadcasting/auth", { socket_id: "1.1", channel_name: "private-x" })).status).toBe(403);
    expect((await admin.client.get("/api/user/two-factor")).body).toMatchObject({ required: true, enabled: false });
    // The account page's one answer: the user and the setup, nothing else of the account.
    expect((await admin.client.get("/api/user/account")).body).toMatchObject({
      user: { two_factor_setup_required: true },
      two_factor: { required: true, enabled: false },
      pending_email_change: { pending_email: null },
    });

    await enableTwoFactor(admin.client);
    expect((await admin.client.get("/api/user")).body).toMatchObject({ two_factor_enabled: true, two_factor_setup_required: false });
    expect((await admin.client.get(USERS)).status).toBe(200);
  });

  it("an admin is held the same way, and a bearer token issued before is no way around it", async () => {
    const account = await registered(t);
    await setUpStartupProfile(account.client);
    await grantRole(t, account.id, "admin");
    // The token from before the setting was on (the same database, the setting off).
    const before = createApi({ db: t.database.db, config: { ...t.config, requireTwoFactorForAdmins: false }, log: () => {} });
    const issued = await new TestClient(before, "203.0.113.9").post("/sanctum/token", {
      email: account.email,
      password: PASSWORD,
      device_name: "cli",
    });
    expect(issued.status).toBe(201);
    const api = t.client();
    api.bearer = issued.body.token;
    expect((await api.get(USERS)).body.message).toBe(TWO_FACTOR_REQUIRED);
    expect((await api.get("/api/user")).body.two_factor_setup_required).toBe(true);
  });

  it("once on, it cannot be turned off by someone whose role requires it", async () => {
    const admin = await superAdmin(t);
    const { secret } = await enableTwoFactor(admin.client);
    const off = await admin.client.request("DELETE", "/api/user/two-factor", {
      current_password: PASSWORD,
      code: await totpCode(secret, 1),
    });
    expect(off).toMatchObject({ status: 403, body: { message: TWO_FACTOR_CANNOT_TURN_OFF } });
    expect((await admin.client.get("/api/user/two-factor")).body.enabled).toBe(true);
  });

  it("other roles are not held to it", async () => {
    const owner = await registered(t);
    await setUpStartupProfile(owner.client);
    expect((await owner.client.get("/api/user")).body.two_factor_setup_required).toBe(false);
    expect((await owner.client.get("/api/v1/admin/collections")).status).toBe(200);
  });

  it("off (the default), an admin without two-factor works as before", async () => {
    const relaxed = createApi({ db: t.database.db, config: { ...t.config, requireTwoFactorForAdmins: false }, log: () => {} });
    const admin = await superAdmin(t);
    const client = new TestClient(relaxed, "203.0.113.10");
    expect((await client.post("/api/login", { email: admin.email, password: PASSWORD })).status).toBe(200);
    expect((await client.get(USERS)).status).toBe(200);
    expect((await client.get("/api/user")).body.two_factor_setup_required).toBe(false);
  });
});
