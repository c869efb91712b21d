import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { readSessionCookie, readXsrfCookie, writeXsrfCookie } from "./cookies.ts";
import { secretBox, type SecretBox } from "./encryption.ts";
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
 * The key is derived (`secretBox`, purpose "xsrf tokens") from the app key kept in the database (as the
 * sandbox checkout tokens use), so every instance on a database accepts the others' tokens.
 */
const PURPOSE = "xsrf tokens";

const sessionToken = (box: SecretBox, sessionId: string) => box.mac(`session:${sessionId}`);

function guestToken(box: SecretBox): string {
  const nonce = randomToken();
  return `${nonce}.${box.mac(`guest:${nonce}`)}`;
}

function isGuestToken(box: SecretBox, token: string): boolean {
  const [nonce, signature, ...rest] = token.split(".");
  return !!nonce && !!signature && rest.length === 0 && safeEqual(signature, box.mac(`guest:${nonce}`));
}

/**
 * Whether `header` is the XSRF token of this request. The session cookie as sent counts, even when it
 * names an expired session: that request is then answered 401 like any other, not 419.
 */
export async function xsrfAccepted(c: Context<AppEnv>, header: string): Promise<boolean> {
  const box = await secretBox(c.get("db"), PURPOSE);
  const sessionId = readSessionCookie(c);
  if (sessionId) return safeEqual(header, sessionToken(box, sessionId));
  const cookie = readXsrfCookie(c);
  return !!cookie && safeEqual(cookie, header) && isGuestToken(box, header);
}

/**
 * Sets the XSRF cookie for the session this response leaves the browser with (`sessionId`: the new one at
 * login, null after logout or without one).
 */
export async function issueXsrfCookie(c: Context<AppEnv>, sessionId: string | null): Promise<void> {
  const box = await secretBox(c.get("db"), PURPOSE);
  writeXsrfCookie(c, sessionId ? sessionToken(box, sessionId) : guestToken(box));
  c.set("xsrfIssued", true);
}

/** The live session of this request, if it was authenticated by one (after `authenticate`). */
export function liveSessionId(c: Context<AppEnv>): string | null {
  return c.get("sessionHash") ? (readSessionCookie(c) ?? null) : null;
}

/**
 * After a request: the browser must hold the token of the session it now has. A missing cookie, a guest
 * token beside a live session, or a session's token once that session is gone is replaced. A bearer
 * client's cookies are not its credentials, so an existing cookie is left alone for it.
 */
export async function keepXsrfCookie(c: Context<AppEnv>): Promise<void> {
  if (c.get("xsrfIssued")) return;
  const cookie = readXsrfCookie(c);
  if (cookie && c.get("authMethod") === "token") return;
  const sessionId = liveSessionId(c);
  if (cookie) {
    const box = await secretBox(c.get("db"), PURPOSE);
    if (sessionId ? safeEqual(cookie, sessionToken(box, sessionId)) : isGuestToken(box, cookie)) return;
  }
  await issueXsrfCookie(c, sessionId);
}
