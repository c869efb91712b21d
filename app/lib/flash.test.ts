/**
 * A flash toast is removed only by the page that showed it: a newer toast written by a redirect that landed
 * in between stays for its own page.
 */
import { describe, expect, it } from "vitest";
import { FLASH_COOKIE, flashRemoval } from "./flash";
import { flashHeader, readFlash } from "./flash.server";
import type { RequestEnv } from "./request-env";

const env = { appKey: "test-key", secureCookies: false } as RequestEnv;

/** The cookie a browser keeps from a Set-Cookie header: its name=value pair. */
const stored = (setCookie: string) => setCookie.split(";")[0];

async function arrived(cookies: string) {
  return readFlash(env, new Request("http://localhost/account", { headers: { Cookie: cookies } }));
}

describe("the flash toast", () => {
  it("arrives with the cookie value it came in", async () => {
    const saved = stored(await flashHeader(env, { type: "success", message: "Saved" }));
    const flash = await arrived(`theme=dark; ${saved}`);
    expect(flash).toMatchObject({ type: "success", message: "Saved" });
    expect(flash?.cookie).toBe(decodeURIComponent(saved.slice(FLASH_COOKIE.length + 1)));
    expect(await arrived("theme=dark")).toBeNull();
  });

  it("is removed once shown, unless a newer toast took its place meanwhile", async () => {
    const first = stored(await flashHeader(env, { type: "success", message: "Saved" }));
    const shown = (await arrived(first))!.cookie;
    expect(flashRemoval(`theme=dark; ${first}`, shown)).toBe(`${FLASH_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`);

    const newer = stored(await flashHeader(env, { type: "info", message: "Invitation sent" }));
    expect(flashRemoval(`theme=dark; ${newer}`, shown)).toBeNull();
    // Already gone (another tab showed it): nothing to remove.
    expect(flashRemoval("theme=dark", shown)).toBeNull();
  });
});
