import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv, AuthUser, CallerMemo, SessionCaller } from "#api/context.ts";
import { clearSessionCookie, readSessionCookie } from "#api/lib/cookies.ts";
import { HttpError, unauthenticated } from "#api/lib/errors.ts";
import { sha256 } from "#api/lib/tokens.ts";
import { keepXsrfCookie, xsrfAccepted } from "#api/lib/xsrf.ts";
import { STRIPE_WEBHOOK_PATH } from "#api/payments/stripe.ts";
import { findSessionUser, findTokenUser } from "./sessions.ts";

/**
 * A bearer credential as RFC 6750 spells it: "Bearer", one space, a b64token. Anything looser (a tab,
 * a non-breaking space, a trailing blank) is not a bearer credential at all.
 */
const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/;

/**
 * Works out who is calling, once: a valid bearer token ("token"), else the session cookie ("session").
 * `authMethod` is the only thing the CSRF check trusts, so a request that merely carries a bearer-looking
 * header but is authenticated by its cookie is still XSRF-checked.
 * Either look-up is one round trip that also brings the user's roles, permissions and account type
 * (sessions.ts), so `authorize()` and GET /api/user need no query of their own.
 */
export const authenticate: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("user", null);
  c.set("sessionHash", null);
  c.set("tokenHash", null);
  c.set("authMethod", null);
  c.set("tokenAbilities", null);
  const bearer = BEARER.exec(c.req.header("authorization") ?? "")?.[1];
  const byToken = bearer ? await findTokenUser(c.get("db"), bearer, c.env?.clientIp ?? null) : null;
  if (byToken && bearer) {
    c.set("user", byToken.user);
    c.set("tokenHash", sha256(bearer));
    c.set("authMethod", "token");
    c.set("tokenAbilities", byToken.abilities);
    return next();
  }
  const sessionId = readSessionCookie(c);
  const memo = c.env?.callerMemo;
  const reading = SAFE_METHODS.has(c.req.method);
  // A write may change who the caller is (logout, roles, account), so it is looked up afresh and
  // makes the page's later reads look up again too.
  if (memo && !reading) memo.clear();
  if (sessionId) {
    const found = await sessionCaller(c, sessionId, reading ? memo : undefined);
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
  if (memo && !reading) memo.clear();
};

/** One session look-up per panel page: the page's API calls (all reads) share the first one's answer. */
function sessionCaller(c: Context<AppEnv>, sessionId: string, memo: CallerMemo | undefined): Promise<SessionCaller> {
  const find = () => findSessionUser(c.get("db"), sessionId, c.get("config").sessionIdleMinutes);
  const cache = c.get("callerCache");
  const lookUp = () => (cache ? cache.through(sha256(sessionId), find) : find());
  if (!memo) return lookUp();
  let found = memo.get(sessionId);
  if (!found) memo.set(sessionId, (found = lookUp()));
  return found;
}

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
 * What the API answers to anyone (an event's public page and its files) is read by people and other sites'
 * servers with nothing to send back, so reading it leaves the XSRF cookie alone: a shared link sets no
 * cookie. The forms a visitor goes on to (log in, register) and every other answer see to theirs.
 */
const PUBLIC_READS_PREFIX = "/api/v1/public/";
const isPublicRead = (c: Context<AppEnv>) => SAFE_METHODS.has(c.req.method) && c.req.path.startsWith(PUBLIC_READS_PREFIX);

/**
 * CSRF check as Laravel Sanctum does it: a mutating call not authenticated by a valid bearer token (see
 * `authenticate`, which runs first) must carry the XSRF token in X-XSRF-TOKEN. The token is bound to the
 * caller's session (api/lib/xsrf.ts), so a matching cookie/header pair made anywhere else is refused.
 * Every response makes sure the browser holds the token of the session it is left with.
 */
export const csrf: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("xsrfIssued", false);
  const byToken = c.get("authMethod") === "token";
  if (!SAFE_METHODS.has(c.req.method) && !byToken && !CSRF_EXEMPT.has(c.req.path) && !c.req.path.startsWith(CSRF_EXEMPT_PREFIX)) {
    const headerToken = c.req.header("x-xsrf-token");
    const decoded = headerToken ? safeDecode(headerToken) : "";
    if (!decoded || !(await xsrfAccepted(c, decoded))) {
      throw new HttpError(419, "CSRF token mismatch.");
    }
  }
  await next();
  if (!isPublicRead(c)) await keepXsrfCookie(c);
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
  const user = c.get("user");
  if (!user) throw unauthenticated();
  return user;
}
