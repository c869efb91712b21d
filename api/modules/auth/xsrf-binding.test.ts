/**
 * The XSRF token is bound to the session it was issued for (an HMAC of the session id) or, before login,
 * signed by the server: a cookie/header pair is worth nothing with another session, and a pair made up by
 * the caller is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, registered, uniqueEmail } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi, type TestClient } from "#api/testing/harness.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

/** An account update: a write that needs nothing but the XSRF token. */
const rename = ({ client, email }: { client: TestClient; email: string }, name: string) =>
  client.request("PUT", "/api/user", { name, email });
const cookieValue = (setCookies: string[], name: string) =>
  setCookies
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0]
    .slice(name.length + 1);

describe("an XSRF token bound to its session", () => {
  it("a token taken from session A is refused with session B's cookie (419), and B's own token works", async () => {
    const a = await registered(t, "Session A");
    const b = await registered(t, "Session B");
    const stolen = a.client.cookies.get("XSRF-TOKEN")!;
    const ownToken = b.client.cookies.get("XSRF-TOKEN")!;
    b.client.cookies.set("XSRF-TOKEN", stolen);
    const refused = await rename(b, "Hijacked");
    expect(refused.status).toBe(419);
    expect(refused.body).toEqual({ message: "CSRF token mismatch." });
    b.client.cookies.set("XSRF-TOKEN", ownToken);
    expect((await rename(b, "Still B")).status).toBe(200);
    expect((await b.client.get("/api/user")).body.name).toBe("Still B");
  });

  it("a matching cookie/header pair made up by the caller is refused, with a session and without one", async () => {
    const user = await registered(t, "Forged Pair");
    user.client.cookies.set("XSRF-TOKEN", "made-up-value");
    expect((await rename(user, "Forged")).status).toBe(419);

    const guest = t.client();
    guest.cookies.set("XSRF-TOKEN", "made-up-value");
    const login = await guest.request("POST", "/api/login", { email: user.email, password: PASSWORD });
    expect(login.status).toBe(419);
    // Even in the shape the server issues (random part, dot, signature), a signature it did not make fails.
    guest.cookies.set("XSRF-TOKEN", `${"a".repeat(43)}.${"b".repeat(43)}`);
    expect((await guest.request("POST", "/api/login", { email: user.email, password: PASSWORD })).status).toBe(419);
  });

  it("a guest token must equal the cookie: another guest's valid token in the header is refused", async () => {
    const user = await registered(t, "Guest Pair");
    const other = await t.client().prime();
    const guest = await t.client().prime();
    const res = await guest.request(
      "POST",
      "/api/login",
      { email: user.email, password: PASSWORD },
      { "x-xsrf-token": decodeURIComponent(other.cookies.get("XSRF-TOKEN")!) },
    );
    expect(res.status).toBe(419);
    expect((await guest.post("/api/login", { email: user.email, password: PASSWORD })).status).toBe(200);
  });

  it("login issues the new session's token; the guest token before it and the old session's token are refused after", async () => {
    const email = uniqueEmail();
    const client = t.client();
    expect(
      (await client.post("/api/register", { name: "Rotates", email, password: PASSWORD, password_confirmation: PASSWORD })).status,
    ).toBe(201);
    const firstSession = client.cookies.get("XSRF-TOKEN")!;
    expect((await client.post("/api/logout")).status).toBe(204);
    const guestToken = client.cookies.get("XSRF-TOKEN")!;
    expect(guestToken).not.toBe(firstSession);
    expect((await client.post("/api/login", { email, password: PASSWORD })).status).toBe(200);
    const secondSession = client.cookies.get("XSRF-TOKEN")!;
    expect(new Set([firstSession, guestToken, secondSession]).size).toBe(3);
    for (const old of [guestToken, firstSession]) {
      client.cookies.set("XSRF-TOKEN", old);
      expect((await rename({ client, email }, "Old Token")).status).toBe(419);
    }
    client.cookies.set("XSRF-TOKEN", secondSession);
    expect((await rename({ client, email }, "New Token")).status).toBe(200);
  });

  it("a browser whose cookie holds a guest token beside a live session gets the session's token on its next call", async () => {
    const user = await registered(t, "Stale Cookie");
    const sessionToken = user.client.cookies.get("XSRF-TOKEN")!;
    const stale = (await t.client().prime()).cookies.get("XSRF-TOKEN")!;
    user.client.cookies.set("XSRF-TOKEN", stale);
    const read = await user.client.get("/api/user");
    expect(cookieValue(read.headers.getSetCookie(), "XSRF-TOKEN")).toBe(sessionToken);
    expect((await rename(user, "Recovered")).status).toBe(200);
  });

  it("a write with an expired session's own token is answered 401, not 419, and the browser gets a guest token", async () => {
    const user = await registered(t, "Ended Elsewhere");
    const sessionToken = user.client.cookies.get("XSRF-TOKEN")!;
    const sessionCookie = user.client.cookies.get("launchpad_session")!;
    expect((await user.client.post("/api/logout")).status).toBe(204);
    user.client.cookies.set("launchpad_session", sessionCookie);
    user.client.cookies.set("XSRF-TOKEN", sessionToken);
    const res = await rename(user, "After Logout");
    expect(res.status).toBe(401);
    expect(user.client.cookies.has("launchpad_session")).toBe(false);
    expect(user.client.cookies.get("XSRF-TOKEN")).not.toBe(sessionToken);
  });
});

describe("under https", () => {
  let secure: TestApi;
  beforeAll(async () => {
    secure = await createTestApi({ appUrl: "https://launchpad.example.com", secureCookies: true });
  });
  afterAll(() => secure.close());

  it("the cookie is __Host-XSRF-TOKEN (Secure, Path=/, no Domain), and writes echoing it work", async () => {
    const res = await secure.client().get("/sanctum/csrf-cookie");
    const setCookies = res.headers.getSetCookie();
    const cookie = setCookies.find((c) => c.startsWith("__Host-XSRF-TOKEN="))!;
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(setCookies.some((c) => c.startsWith("XSRF-TOKEN="))).toBe(false);

    const user = await registered(secure, "Secure User");
    expect(user.client.xsrfCookie).toBe("__Host-XSRF-TOKEN");
    expect(user.client.cookies.has("__Host-launchpad_session")).toBe(true);
    expect((await rename(user, "Renamed Securely")).status).toBe(200);
  });

  it("an unprefixed XSRF-TOKEN cookie (one a sibling host could plant) is not read", async () => {
    const user = await registered(secure, "Planted");
    const guest = await secure.client().prime();
    const token = guest.cookies.get("__Host-XSRF-TOKEN")!;
    guest.cookies.delete("__Host-XSRF-TOKEN");
    guest.cookies.set("XSRF-TOKEN", token);
    const res = await guest.request(
      "POST",
      "/api/login",
      { email: user.email, password: PASSWORD },
      { "x-xsrf-token": decodeURIComponent(token) },
    );
    expect(res.status).toBe(419);
  });
});
