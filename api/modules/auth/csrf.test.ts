/**
 * The CSRF check trusts one decision: "authenticated by a valid bearer token". A request authenticated by
 * its session cookie is XSRF-checked whatever Authorization header it also carries.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, registered, superAdmin } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(async () => t.close());

const LOOKALIKES = ["Bearer\u00a0x", "Bearer\u00a0", "Bearer\tabc", "Bearer  abc", "bearer abc", "Bearer abc def", "Bearer", "Bearer "];

describe("CSRF and bearer-looking headers", () => {
  it("a cookie-authenticated write with any bearer lookalike and no XSRF token is refused with 419, and changes nothing", async () => {
    const admin = await superAdmin(t);
    const victim = await registered(t, "Victim");
    admin.client.sendXsrf = false;
    for (const authorization of LOOKALIKES) {
      const headers = { authorization, origin: "https://evil.example", "content-type": "application/json" };
      const roles = await admin.client.request(
        "PUT",
        `/api/v1/admin/users/${victim.id}/status`,
        undefined,
        headers,
        JSON.stringify({ is_active: false }),
      );
      expect(roles.status, JSON.stringify(authorization)).toBe(419);
      const account = await admin.client.request("PUT", "/api/user", undefined, headers, JSON.stringify({ name: "Hijacked" }));
      expect(account.status, JSON.stringify(authorization)).toBe(419);
    }
    admin.client.sendXsrf = true;
    const me = await admin.client.get("/api/user");
    expect(me.body.name).toBe("Root");
    const list = await admin.client.get(`/api/v1/admin/users?search=${encodeURIComponent(victim.email)}`);
    expect(list.body.data[0].is_active).toBe(true);
  });

  it("an invalid bearer token beside a session cookie does not skip the check either", async () => {
    const user = await registered(t);
    user.client.sendXsrf = false;
    const res = await user.client.request(
      "PUT",
      "/api/user",
      undefined,
      { authorization: "Bearer not-a-real-token", "content-type": "application/json" },
      JSON.stringify({ name: "X" }),
    );
    expect(res.status).toBe(419);
  });

  it("a valid bearer token needs no XSRF token, and acts as the token's user, not the cookie's", async () => {
    const owner = await registered(t, "Token Owner");
    const issued = await t.client().request("POST", "/sanctum/token", { email: owner.email, password: PASSWORD, device_name: "cli" });
    const other = await registered(t, "Cookie Holder");
    other.client.sendXsrf = false;
    const res = await other.client.request(
      "PUT",
      "/api/user",
      undefined,
      { authorization: `Bearer ${issued.body.token}`, "content-type": "application/json" },
      JSON.stringify({ name: "Renamed By Token", email: owner.email }),
    );
    expect(res.status).toBe(200);
    const asToken = t.client();
    asToken.bearer = issued.body.token;
    expect((await asToken.get("/api/user")).body.name).toBe("Renamed By Token");
    other.client.sendXsrf = true;
    expect((await other.client.get("/api/user")).body.name).toBe("Cookie Holder");
  });
});
