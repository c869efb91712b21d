import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { RequestEnv } from "./request-env";
import { redirectRevealing, takeRevealed } from "./reveal-once.server";

const env = { appKey: "test-app-key-for-reveal-cookies-0123", secureCookies: false } as RequestEnv;
const secret = z.object({ secret: z.string() });

/** The cookie a redirect set, as the browser sends it back. */
async function cookieOf(response: Response): Promise<string> {
  return (response.headers.get("Set-Cookie") ?? "").split(";")[0];
}

function arriving(path: string, cookie: string) {
  const url = new URL(path, "http://panel.test");
  return { request: new Request(url, { headers: { Cookie: cookie } }), url };
}

describe("a secret shown once across a redirect", () => {
  it("is read by the page it was sent to, removed as it is read, and kept from scripts", async () => {
    const response = await redirectRevealing(env, "/account/tokens", { secret: "lp_1" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/account/tokens");
    expect(response.headers.get("Set-Cookie")).toMatch(/HttpOnly/i);
    const { request, url } = arriving("/account/tokens", await cookieOf(response));
    const taken = await takeRevealed(env, request, url, secret);
    expect(taken.revealed).toEqual({ secret: "lp_1" });
    expect(taken.headers.get("Set-Cookie")).toMatch(/Max-Age=0/i);
  });

  it("is not shown on another page, nor when it was altered or is of another shape", async () => {
    const cookie = await cookieOf(await redirectRevealing(env, "/webhooks/4", { secret: "whsec_x" }));
    const elsewhere = arriving("/webhooks", cookie);
    expect((await takeRevealed(env, elsewhere.request, elsewhere.url, secret)).revealed).toBeNull();
    const [name, value] = cookie.split("=");
    const altered = arriving("/webhooks/4", `${name}=${value.slice(0, -3)}abc`);
    expect((await takeRevealed(env, altered.request, altered.url, secret)).revealed).toBeNull();
    const here = arriving("/webhooks/4", cookie);
    expect((await takeRevealed(env, here.request, here.url, z.object({ token: z.string() }))).revealed).toBeNull();
    expect((await takeRevealed(env, here.request, here.url, secret)).revealed).toEqual({ secret: "whsec_x" });
  });
});
