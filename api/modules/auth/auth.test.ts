import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultApiConfig, STANDARD_PASSWORD_HASH_COST } from "#api/config.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import { PASSWORD, registered, uniqueEmail } from "#api/testing/fixtures.ts";
import { sessions } from "#api/db/schema.ts";
import { sha256 } from "#api/lib/tokens.ts";
import { waitTime } from "#schemas/plural.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

describe("GET /sanctum/csrf-cookie", () => {
  it("issues a script-readable XSRF-TOKEN cookie with 204", async () => {
    const res = await t.client().get("/sanctum/csrf-cookie");
    expect(res.status).toBe(204);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("XSRF-TOKEN="))!;
    expect(cookie).toMatch(/XSRF-TOKEN=[\w-]{40,}/);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/HttpOnly/i);
  });
});

describe("POST /api/register", () => {
  it("creates the user, logs them in and answers the user with co_founder_id and startup_id", async () => {
    const client = t.client();
    const email = uniqueEmail();
    const res = await client.post("/api/register", { name: "Ann", email, password: PASSWORD, password_confirmation: PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ name: "Ann", email, co_founder_id: null, startup_id: null, setup_complete: false });
    const me = await client.get("/api/user");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, co_founder_id: null, startup_id: null });
  });

  it("stores the password as an argon2id hash, at OWASP's minimum cost on every server", async () => {
    const { id } = await registered(t);
    const { userRow } = await import("#api/testing/fixtures.ts");
    expect((await userRow(t, id)).passwordHash).toMatch(/^\$argon2id\$/);
    // The suites hash at a small cost of their own; a server takes the API's default (server/config.test.ts).
    expect(defaultApiConfig.passwordHashCost).toEqual(STANDARD_PASSWORD_HASH_COST);
    const standard = await createTestApi({ passwordHashCost: defaultApiConfig.passwordHashCost });
    try {
      const user = await registered(standard);
      expect((await userRow(standard, user.id)).passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    } finally {
      await standard.close();
    }
  });

  it("answers 422 with a field errors map", async () => {
    const res = await t
      .client()
      .post("/api/register", { name: "", email: "not-an-email", password: "short", password_confirmation: "other" });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      name: ["The name field is required."],
      email: ["The email field must be a valid email address."],
      password: ["The password field must be at least 8 characters."],
      password_confirmation: ["The password field confirmation does not match."],
    });
    expect(res.body.message).toBe("The name field is required. (and 3 more errors)");
  });

  it("refuses an email that is taken, whatever its case", async () => {
    const { email } = await registered(t);
    const res = await t
      .client()
      .post("/api/register", { name: "B", email: email.toUpperCase(), password: PASSWORD, password_confirmation: PASSWORD });
    expect(res.status).toBe(422);
    expect(res.body.errors.email).toEqual(["The email has already been taken."]);
  });
});

describe("sessions", () => {
  it("uses a 256-bit random HttpOnly SameSite=Lax cookie, stored only as a hash", async () => {
    const { client, id } = await registered(t);
    const value = client.cookies.get("launchpad_session")!;
    expect(Buffer.from(value, "base64url").length).toBeGreaterThanOrEqual(16);
    const rows = await t.database.db.select().from(sessions);
    const mine = rows.filter((r) => r.userId === id);
    expect(mine).toHaveLength(1);
    expect(mine[0].idHash).toBe(sha256(value));
    expect(rows.some((r) => r.idHash === value)).toBe(false);
  });

  it("issues a new session id at login and destroys it at logout", async () => {
    const { client, email } = await registered(t);
    const before = client.cookies.get("launchpad_session");
    const login = await client.post("/api/login", { email, password: PASSWORD });
    expect(login.status).toBe(200);
    const after = client.cookies.get("launchpad_session");
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    const stale = t.client();
    stale.cookies.set("launchpad_session", before!);
    expect((await stale.get("/api/user")).status).toBe(401);

    const out = await client.post("/api/logout");
    expect(out.status).toBe(204);
    expect(client.cookies.has("launchpad_session")).toBe(false);
    const replay = t.client();
    replay.cookies.set("launchpad_session", after!);
    const res = await replay.get("/api/user");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Unauthenticated." });
  });

  it("expires an idle session", async () => {
    const idle = await createTestApi({ sessionIdleMinutes: 0 });
    try {
      const { client } = await registered(idle);
      const res = await client.get("/api/user");
      expect(res.status).toBe(401);
    } finally {
      await idle.close();
    }
  });

  it("sets Secure and the __Host- prefix when the app is served over https", async () => {
    const secure = await createTestApi({ secureCookies: true });
    try {
      const client = secure.client();
      const res = await client.post("/api/register", {
        name: "S",
        email: uniqueEmail(),
        password: PASSWORD,
        password_confirmation: PASSWORD,
      });
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__Host-launchpad_session="))!;
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/Path=\//);
    } finally {
      await secure.close();
    }
  });
});

describe("POST /api/login", () => {
  it("logs in with the right password and refuses a wrong one with 422", async () => {
    const { email } = await registered(t);
    const client = t.client("198.51.100.1");
    const bad = await client.post("/api/login", { email, password: "wrong password" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.email).toEqual(["These credentials do not match our records."]);
    const good = await client.post("/api/login", { email: email.toUpperCase(), password: PASSWORD });
    expect(good.status).toBe(200);
    expect(good.body.user.email).toBe(email);
  });

  it("throttles after 5 failures for one email and address, with Retry-After", async () => {
    const { email } = await registered(t);
    const client = t.client("198.51.100.2");
    for (let i = 0; i < 5; i++) {
      expect((await client.post("/api/login", { email, password: "nope nope" })).status).toBe(422);
    }
    const blocked = await client.post("/api/login", { email, password: PASSWORD });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(blocked.body.message).toBe(`Too many login attempts. Please try again in ${waitTime(retryAfter)}.`);
    // Another address is not affected.
    expect((await t.client("198.51.100.3").post("/api/login", { email, password: PASSWORD })).status).toBe(200);
  });
});

describe("CSRF", () => {
  it("answers 419 to a mutating call without X-XSRF-TOKEN", async () => {
    const client = t.client();
    await client.prime();
    client.sendXsrf = false;
    const res = await client.request("POST", "/api/logout");
    expect(res.status).toBe(419);
    expect(res.body).toEqual({ message: "CSRF token mismatch." });
  });

  it("answers 419 when the header does not equal the cookie", async () => {
    const { client } = await registered(t);
    const res = await client.request("PUT", "/api/user", { name: "X", email: "x@example.com" }, { "x-xsrf-token": "forged" });
    expect(res.status).toBe(419);
  });

  it("does not ask bearer-token clients for a CSRF token", async () => {
    const { email } = await registered(t);
    const tokenRes = await t.client().request("POST", "/sanctum/token", { email, password: PASSWORD, device_name: "cli" });
    expect(tokenRes.status).toBe(201);
    const client = t.client();
    client.bearer = tokenRes.body.token;
    const me = await client.request("GET", "/api/user");
    expect(me.body.email).toBe(email);
    const res = await client.request("PUT", "/api/user", { name: "Renamed", email });
    expect(res.status).toBe(200);
  });
});

describe("request size", () => {
  it("answers 413 to a body over the limit, before reading it all", async () => {
    const small = await createTestApi({ maxBodyBytes: 1024 });
    try {
      const client = small.client();
      const res = await client.post("/api/register", {
        name: "x".repeat(4096),
        email: uniqueEmail(),
        password: PASSWORD,
        password_confirmation: PASSWORD,
      });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ message: "The request is too large." });
    } finally {
      await small.close();
    }
  });
});
