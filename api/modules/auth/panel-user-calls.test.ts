import { RouterContextProvider, createRequestHandler, type ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RequestEnv } from "../../../app/lib/request-env.ts";
import { ApiClient } from "../../../app/lib/api.server.ts";
import { API } from "#schemas/contract/index.ts";
import { PASSWORD, registered, superAdmin } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi, type TestClient } from "#api/testing/harness.ts";

/**
 * Who is calling, the panel's half: one panel request asks the API "who are you" (GET /api/user) at most once,
 * however many of its middleware, loaders and actions need the user. The real route modules render
 * through React Router's request handler, as server.ts's renderPanel does, with `apiFetch` counting every
 * call into the API. Vite compiles the current sources (no dependency on the shared build/ directory).
 */
let t: TestApi;
let vite: ViteDevServer;
let handler: ReturnType<typeof createRequestHandler>;
let build: ServerBuild;

beforeAll(async () => {
  t = await createTestApi();
  vite = await createServer({
    configFile: new URL("../../../vite.config.ts", import.meta.url).pathname,
    root: new URL("../../..", import.meta.url).pathname,
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
    logLevel: "error",
  });
  build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  handler = createRequestHandler(build, "production");
}, 120_000);
afterAll(async () => {
  await vite?.close();
  await t?.close();
});

/** Renders one panel request as `client`'s browser would send it; answers the response and the API calls it made. */
async function render(client: TestClient, path: string, init: RequestInit = {}) {
  const calls: string[] = [];
  const env: RequestEnv = {
    apiFetch: async (request) => {
      calls.push(`${request.method} ${new URL(request.url).pathname}`);
      return t.api.fetch(request, { clientIp: "203.0.113.5" });
    },
    cspNonce: "test-nonce",
    appKey: "test-app-key-for-flash-cookies-0123456789",
    secureCookies: false,
    sessionCookieName: "launchpad_session",
    xsrfCookieName: "XSRF-TOKEN",
    realtime: null,
  };
  const context = new RouterContextProvider();
  // The very context key the routes read, as server.ts takes it from the server entry.
  const { requestEnvContext } = build.entry.module as unknown as { requestEnvContext: Parameters<typeof context.set>[0] };
  context.set(requestEnvContext, env);
  const headers = new Headers(init.headers);
  headers.set("cookie", [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
  const response = await handler(new Request(`http://localhost${path}`, { ...init, headers }), context);
  const body = await response.text();
  // Who is calling: GET /api/user, or on /account the page's answer that carries the user.
  return { response, body, calls, userCalls: calls.filter((c) => c === "GET /api/user" || c === "GET /api/user/account").length };
}

describe("one GET /api/user per panel request", () => {
  it("an admin page: the layout's middleware, the layout loader and the route loader share one call", async () => {
    const root = await superAdmin(t);
    const page = await render(root.client, "/user-management/users");
    expect(page.response.status).toBe(200);
    expect(page.userCalls).toBe(1);
    // The route's own data still comes from the API (its list calls), just not the user again.
    expect(page.calls).toContain("GET /api/v1/admin/users");
  });

  it("a client-side navigation (single-fetch .data request) makes one call too", async () => {
    const root = await superAdmin(t);
    for (const path of ["/user-management/users.data", "/account.data", "/_root.data"]) {
      const page = await render(root.client, path);
      expect(page.response.status, path).toBe(200);
      expect(page.userCalls, path).toBe(1);
    }
  });

  it("home and account pages make one call", async () => {
    const root = await superAdmin(t);
    for (const path of ["/", "/account"]) {
      const page = await render(root.client, path);
      expect(page.response.status, path).toBe(200);
      expect(page.userCalls, path).toBe(1);
    }
  });

  it("the account page asks the API once: the user, two-factor sign-in and a pending address change in one answer", async () => {
    const root = await superAdmin(t);
    const changed = await root.client.put("/api/user", {
      name: "Root Admin",
      email: "root.moving@launchpad.test",
      current_password: PASSWORD,
    });
    expect(changed.status).toBe(200);
    for (const path of ["/account", "/account.data"]) {
      const page = await render(root.client, path);
      expect(page.response.status, path).toBe(200);
      expect(page.calls, path).toEqual(["GET /api/user/account"]);
      expect(page.body, path).toContain("root.moving@launchpad.test");
    }
    expect((await render(root.client, "/account")).body).toContain("Set up two-factor authentication");
  });

  it("a refused form post: the action and the loaders after it share one call", async () => {
    const fresh = await registered(t, "Newcomer");
    const form = new URLSearchParams({ account_type: "startup" });
    const page = await render(fresh.client, "/setup?type=startup", {
      method: "POST",
      body: form,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(page.response.status).toBe(422);
    expect(page.userCalls).toBe(1);
  });

  it("a guest page for a visitor with no session makes one call and sends them on", async () => {
    const { client } = await registered(t);
    client.cookies.clear();
    const page = await render(client, "/");
    expect(page.response.status).toBe(302);
    expect(page.userCalls).toBe(1);
  });

  it("a successful write makes the next look-up ask again: logging in changes who the caller is", async () => {
    const { email } = await registered(t);
    const calls: string[] = [];
    const env = {
      apiFetch: async (request: Request) => (calls.push(`${request.method} ${new URL(request.url).pathname}`), t.api.fetch(request)),
    };
    const api = new ApiClient(new Request("http://localhost/login"), new URL("http://localhost/login"), {
      ...env,
      cspNonce: "",
      appKey: "k",
      secureCookies: false,
      sessionCookieName: "launchpad_session",
      xsrfCookieName: "XSRF-TOKEN",
      realtime: null,
    });
    const [first, second] = await Promise.all([api.currentUser(), api.currentUser()]);
    expect([first, second]).toEqual([null, null]);
    expect((await api.request(API.login, { body: { email, password: "wrong password" } })).ok).toBe(false);
    expect(await api.currentUser()).toBeNull();
    expect(calls.filter((c) => c === "GET /api/user")).toHaveLength(1);
    expect((await api.request(API.login, { body: { email, password: PASSWORD } })).ok).toBe(true);
    expect(await api.currentUser()).toMatchObject({ email });
    expect(calls.filter((c) => c === "GET /api/user")).toHaveLength(2);
  });
});
