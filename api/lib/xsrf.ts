import { createHmac, hkdfSync } from "node:crypto";
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { xsrfCookieName } from "../config.ts";
import type { AppEnv } from "../context.ts";
import type { Db } from "../db/client.ts";
import { appKey } from "../db/settings.ts";
import { readSessionCookie } from "./cookies.ts";
import { randomToken, safeEqual } from "./tokens.ts";

/**
 * XSRF tokens bound to what the browser holds, so a cookie/header pair is worth nothing anywhere else:
 *
 * - with a session cookie, the token is an HMAC of that session id under a key derived from the app key.
 *   Only the holder of the session cookie (HttpOnly) and the server can know it, a token read from one
 *   session is refused with another, and logging in (a new session id) changes it;
 * - without one (login, registration), it is `<random>.<HMAC of the random part>`, and
 *   the header must also equal the cookie: a pair made up by anyone but the server is refused.
 *
 * The key is the one kept in the database (as the sandbox checkout tokens use), so every instance on a
 * database accepts the others' tokens.
 */
const keys = new WeakMap<Db, Promise<Buffer>>();

function xsrfKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = appKey(db).then((secret) => Buffer.from(hkdfSync("sha256", Buffer.from(secret, "utf8"), Buffer.from("launchpad"), Buffer.from("xsrf tokens"), 32)));
    // A failed look-up (database down) is not remembered.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const sign = (key: Buffer, text: string) => createHmac("sha256", key).update(text).digest("base64url");

const sessionToken = (key: Buffer, sessionId: string) => sign(key, `session:${sessionId}`);

function guestToken(key: Buffer): string {
  const nonce = randomToken();
  return `${nonce}.${sign(key, `guest:${nonce}`)}`;
}

function isGuestToken(key: Buffer, token: string): boolean {
  const [nonce, signature, ...rest] = token.split(".");
  return !!nonce && !!signature && rest.length === 0 && safeEqual(signature, sign(key, `guest:${nonce}`));
}

/**
 * Whether `header` is the XSRF token of this request. The session cookie as sent counts, even when it
 * names an expired session: that request is then answered 401 like any other, not 419.
 */
export async function xsrfAccepted(c: Context<AppEnv>, header: string): Promise<boolean> {
  const key = await xsrfKey(c.var.db);
  const sessionId = readSessionCookie(c);
  if (sessionId) return safeEqual(header, sessionToken(key, sessionId));
  const cookie = getCookie(c, xsrfCookieName(c.var.config));
  return !!cookie && safeEqual(cookie, header) && isGuestToken(key, header);
}

/**
 * Sets the XSRF cookie for the session this response leaves the browser with (`sessionId`: the new one at
 * login, null after logout or without one). The cookie is readable by scripts on purpose: clients echo it
 * as X-XSRF-TOKEN.
 */
export async function issueXsrfCookie(c: Context<AppEnv>, sessionId: string | null): Promise<void> {
  const key = await xsrfKey(c.var.db);
  const config = c.var.config;
  const token = sessionId ? sessionToken(key, sessionId) : guestToken(key);
  setCookie(c, xsrfCookieName(config), token, { path: "/", sameSite: "Lax", secure: config.secureCookies, maxAge: 60 * 60 * 24 });
  c.set("xsrfIssued", true);
}

/** The live session of this request, if it was authenticated by one (after `authenticate`). */
export function liveSessionId(c: Context<AppEnv>): string | null {
  return c.var.sessionHash ? (readSessionCookie(c) ?? null) : null;
}

/**
 * After a request: the browser must hold the token of the session it now has. A missing cookie, a guest
 * token beside a live session, or a session's token once that session is gone is replaced. A bearer
 * client's cookies are not its credentials, so an existing cookie is left alone for it.
 */
export async function keepXsrfCookie(c: Context<AppEnv>): Promise<void> {
  if (c.var.xsrfIssued) return;
  const cookie = getCookie(c, xsrfCookieName(c.var.config));
  if (cookie && c.var.authMethod === "token") return;
  const sessionId = liveSessionId(c);
  if (cookie) {
    const key = await xsrfKey(c.var.db);
    if (sessionId ? safeEqual(cookie, sessionToken(key, sessionId)) : isGuestToken(key, cookie)) return;
  }
  await issueXsrfCookie(c, sessionId);
}
