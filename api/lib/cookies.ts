import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { sessionCookieName, twoFactorCookieName, xsrfCookieName, type ApiConfig } from "../config.ts";
import type { AppEnv } from "../context.ts";

const cookieBase = (config: ApiConfig) => ({ path: "/", sameSite: "Lax" as const, secure: config.secureCookies });

export function readSessionCookie(c: Context<AppEnv>): string | undefined {
  return getCookie(c, sessionCookieName(c.get("config")));
}

export function writeSessionCookie(c: Context<AppEnv>, value: string) {
  const config = c.get("config");
  // A browser-session cookie: the server's idle expiry decides how long it is worth anything.
  setCookie(c, sessionCookieName(config), value, { ...cookieBase(config), httpOnly: true });
}

export function clearSessionCookie(c: Context<AppEnv>) {
  const config = c.get("config");
  deleteCookie(c, sessionCookieName(config), { ...cookieBase(config), httpOnly: true });
}

export function readXsrfCookie(c: Context<AppEnv>): string | undefined {
  return getCookie(c, xsrfCookieName(c.get("config")));
}

/** Readable by scripts on purpose: clients echo it as X-XSRF-TOKEN (`api/lib/xsrf.ts` decides its value). */
export function writeXsrfCookie(c: Context<AppEnv>, token: string) {
  const config = c.get("config");
  setCookie(c, xsrfCookieName(config), token, { ...cookieBase(config), maxAge: 60 * 60 * 24 });
}

export function readTwoFactorCookie(c: Context<AppEnv>): string | undefined {
  return getCookie(c, twoFactorCookieName(c.get("config")));
}

/** A sign-in waiting for its second factor: HttpOnly, and gone with the few minutes it is worth anything. */
export function writeTwoFactorCookie(c: Context<AppEnv>, value: string, maxAgeSeconds: number) {
  const config = c.get("config");
  setCookie(c, twoFactorCookieName(config), value, { ...cookieBase(config), httpOnly: true, maxAge: maxAgeSeconds });
}

export function clearTwoFactorCookie(c: Context<AppEnv>) {
  const config = c.get("config");
  deleteCookie(c, twoFactorCookieName(config), { ...cookieBase(config), httpOnly: true });
}
