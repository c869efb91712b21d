import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv, AuthUser } from "../../context.ts";
import { XSRF_COOKIE, clearSessionCookie, issueXsrfCookie, readSessionCookie } from "../../lib/cookies.ts";
import { HttpError, unauthenticated } from "../../lib/errors.ts";
import { safeEqual } from "../../lib/tokens.ts";
import { STRIPE_WEBHOOK_PATH } from "../../payments/stripe.ts";
import { findSessionUser, findTokenUser } from "./sessions.ts";

/** Works out who is calling: a bearer token, or the session cookie. */
export const authenticate: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("user", null);
  c.set("sessionHash", null);
  c.set("authMethod", null);
  const bearer = c.req.header("authorization")?.match(/^Bearer\s+(.+)$/i)?.[1];
  if (bearer) {
    const user = await findTokenUser(c.var.db, bearer.trim());
    if (user) {
      c.set("user", user);
      c.set("authMethod", "token");
    }
    return next();
  }
  const sessionId = readSessionCookie(c);
  if (sessionId) {
    const found = await findSessionUser(c.var.db, sessionId, c.var.config.sessionIdleMinutes);
    if (found) {
      c.set("user", found.user);
      c.set("sessionHash", found.idHash);
      c.set("authMethod", "session");
    } else {
      // The cookie points at nothing (expired, logged out elsewhere, deactivated): drop it.
      clearSessionCookie(c);
    }
  }
  await next();
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * Token issuance is for non-browser clients, which have no cookies to protect. Stripe's webhook is called
 * server to server with no cookie at all; its Stripe-Signature header (HMAC of the raw body with the
 * webhook secret, checked in api/modules/billing/webhook.ts) authenticates it instead.
 */
const CSRF_EXEMPT = new Set(["/sanctum/token", STRIPE_WEBHOOK_PATH]);
/**
 * The sandbox payment provider's hosted checkout posts plain HTML forms (Pay, Decline) that cannot send
 * X-XSRF-TOKEN. Those POSTs are instead protected by a per-checkout signed token (HMAC of the payment id
 * with the app key, see api/payments/sandbox.ts) that only the payer's payment_url carries.
 */
const CSRF_EXEMPT_PREFIX = "/api/v1/payments/sandbox/";

/**
 * Double-submit CSRF check as Laravel Sanctum does it: a mutating call that is not bearer-authenticated
 * must echo the XSRF-TOKEN cookie in X-XSRF-TOKEN. Every response makes sure the cookie exists.
 */
export const csrf: MiddlewareHandler<AppEnv> = async (c, next) => {
  const cookieToken = getCookie(c, XSRF_COOKIE);
  const isBearer = /^Bearer\s/i.test(c.req.header("authorization") ?? "");
  if (!SAFE_METHODS.has(c.req.method) && !isBearer && !CSRF_EXEMPT.has(c.req.path) && !c.req.path.startsWith(CSRF_EXEMPT_PREFIX)) {
    const headerToken = c.req.header("x-xsrf-token");
    const decoded = headerToken ? safeDecode(headerToken) : "";
    if (!cookieToken || !decoded || !safeEqual(cookieToken, decoded)) {
      throw new HttpError(419, "CSRF token mismatch.");
    }
  }
  await next();
  if (!cookieToken) issueXsrfCookie(c);
};

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  currentUser(c);
  await next();
};

/**
 * The caller of a route behind `requireUser` or `authorize`. Hono cannot narrow a variable's type
 * through middleware without making every shared helper generic, so the check is repeated here,
 * where it costs nothing and answers 401 rather than crashing if a guard is ever left off.
 */
export function currentUser(c: Context<AppEnv>): AuthUser {
  const user = c.var.user;
  if (!user) throw unauthenticated();
  return user;
}
