import { describe, expect, it } from "vitest";
import type { CurrentUser } from "#schemas/auth";
import { API } from "#schemas/contract/index";
import { ApiClient } from "./api.server";
import type { RequestEnv } from "./request-env";

/** An ApiClient under https, its upstream answering `answer`; records every request it sends. */
function client(cookie: string | null, answer: (request: Request) => Response) {
  const sent: Request[] = [];
  const env: RequestEnv = {
    apiFetch: async (request) => (sent.push(request), answer(request)),
    cspNonce: "",
    appKey: "test-app-key-for-flash-cookies-0123456789",
    secureCookies: true,
    sessionCookieName: "__Host-launchpad_session",
    xsrfCookieName: "__Host-XSRF-TOKEN",
    realtime: null,
  };
  const here = new URL("https://panel.example/account");
  const request = new Request(here, { headers: cookie ? { Cookie: cookie } : {} });
  return { api: new ApiClient(request, here, env), sent };
}

const ok = () => Response.json({ message: "Sent." });
const RESET = { body: { email: "ada@example.com" } };

describe("ApiClient's XSRF header", () => {
  it("echoes a Laravel upstream's XSRF-TOKEN under https, where the configured name is __Host-XSRF-TOKEN", async () => {
    const { api, sent } = client(null, (call) => {
      const headers = new Headers({ "content-type": "application/json" });
      if (new URL(call.url).pathname === "/sanctum/csrf-cookie") headers.append("Set-Cookie", "XSRF-TOKEN=ab%3D%3D; Path=/; SameSite=Lax");
      return new Response(JSON.stringify({ message: "Sent." }), { status: 200, headers });
    });
    expect((await api.request(API.forgotPassword, RESET)).ok).toBe(true);
    expect(sent.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(["GET /sanctum/csrf-cookie", "POST /api/forgot-password"]);
    expect(sent[1].headers.get("X-XSRF-TOKEN")).toBe("ab==");
    // The next write uses the cookie it already has.
    await api.request(API.forgotPassword, RESET);
    expect(sent).toHaveLength(3);
    expect(sent[2].headers.get("X-XSRF-TOKEN")).toBe("ab==");
  });

  it("prefers the configured cookie when the browser has both", async () => {
    const { api, sent } = client("XSRF-TOKEN=planted; __Host-XSRF-TOKEN=real", ok);
    await api.request(API.forgotPassword, RESET);
    expect(sent).toHaveLength(1);
    expect(sent[0].headers.get("X-XSRF-TOKEN")).toBe("real");
  });

  it("sends a cookie that is not valid percent-encoding as it is, rather than failing the write", async () => {
    const { api, sent } = client("XSRF-TOKEN=%", ok);
    expect((await api.request(API.forgotPassword, RESET)).ok).toBe(true);
    expect(sent[0].headers.get("X-XSRF-TOKEN")).toBe("%");
  });
});

describe("ApiClient's cookies", () => {
  it("passes the browser's cookies on as they were sent", async () => {
    const { api, sent } = client("a=1; launchpad_flash=x%20y; b = 2 ", ok);
    await api.request(API.forgotPassword, RESET);
    expect(sent[0].headers.get("Cookie")).toBe("a=1; launchpad_flash=x%20y; b=2");
  });

  it("tells a browser that came with a session cookie from one that did not", () => {
    expect(client("a=1; __Host-launchpad_session=abc", ok).api.hadSession).toBe(true);
    expect(client("a=1; launchpad_session=abc", ok).api.hadSession).toBe(false);
    expect(client(null, ok).api.hadSession).toBe(false);
  });
});

describe("ApiClient's screen answers", () => {
  const USER: CurrentUser = {
    id: 1,
    name: "Ada",
    email: "ada@example.com",
    avatar_url: null,
    is_active: true,
    startup_id: null,
    co_founder_id: null,
    account_type: null,
    setup_complete: false,
    has_own_profile: false,
    roles: [],
    permissions: [],
    created_at: "2026-01-01T00:00:00.000Z",
    organizations: [],
    current_organization_id: null,
    organization_role: null,
    organization_permissions: [],
  };
  const SCREEN = {
    user: USER,
    two_factor: { enabled: false, enabled_at: null, required: false, recovery_codes_left: 0, setup: null },
    pending_email_change: { pending_email: null, expires_at: null },
  };

  it("asks a screen's one answer once, and its user is the request's current user", async () => {
    const { api, sent } = client(null, () => Response.json(SCREEN));
    const [screen, again] = await Promise.all([api.screenWithUser(API.accountScreen), api.screenWithUser(API.accountScreen)]);
    expect(screen).toEqual(SCREEN);
    expect(again).toBe(screen);
    expect(await api.currentUser()).toEqual(USER);
    expect(sent.map((r) => new URL(r.url).pathname)).toEqual(["/api/user/account"]);
  });

  it("falls back to GET /api/user on an API without the screen's path, without waiting on itself", async () => {
    const { api, sent } = client(null, (call) =>
      new URL(call.url).pathname === "/api/user" ? Response.json(USER) : Response.json({ message: "Not Found" }, { status: 404 }),
    );
    expect(await api.screenWithUser(API.accountScreen)).toEqual({ user: USER });
    expect(await api.currentUser()).toEqual(USER);
    expect(sent.map((r) => new URL(r.url).pathname)).toEqual(["/api/user/account", "/api/user"]);
  });

  it("takes a user answered in a shape it does not know for the API's failure (502), not for a user", async () => {
    const { api } = client(null, () => Response.json({ id: 1, name: "Ada" }));
    await expect(api.currentUser()).rejects.toMatchObject({ init: { status: 502 } });
  });
});
