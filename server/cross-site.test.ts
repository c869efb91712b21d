import { describe, expect, it } from "vitest";
import { createHttpApp } from "./http-app.ts";

/**
 * The outer server's answer to posts from another site: refused for the panel's forms, let through (and
 * without the foreign Origin React Router would refuse) for a mail's one-click unsubscribe address.
 */
const seen: { path: string; origin: string | null; body: string }[] = [];
const app = createHttpApp({
  api: { fetch: () => new Response("api") },
  apiPrefixes: ["/api/"],
  panel: async (request) => {
    seen.push({ path: new URL(request.url).pathname, origin: request.headers.get("Origin"), body: await request.text() });
    return new Response("panel");
  },
  maxBodyBytes: 1024,
  production: false,
  https: false,
  trustProxy: false,
  log: () => {},
});

const post = (path: string, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: "List-Unsubscribe=One-Click",
  });

describe("posts from another site", () => {
  it("are refused for a panel form", async () => {
    const foreign = { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" };
    expect((await post("/settings", foreign)).status).toBe(403);
    expect((await post("/unsubscribe/a/b", foreign)).status).toBe(403);
    expect(seen).toEqual([]);
  });

  it("reach a one-click unsubscribe address, as a mail provider sends them (with or without an Origin), minus the Origin", async () => {
    expect((await post("/unsubscribe/12.new_follower.sig")).status).toBe(200);
    expect(
      (await post("/unsubscribe/12.new_follower.sig", { Origin: "https://mail.example", "Sec-Fetch-Site": "cross-site" })).status,
    ).toBe(200);
    expect(seen).toEqual([
      { path: "/unsubscribe/12.new_follower.sig", origin: null, body: "List-Unsubscribe=One-Click" },
      { path: "/unsubscribe/12.new_follower.sig", origin: null, body: "List-Unsubscribe=One-Click" },
    ]);
  });
});
