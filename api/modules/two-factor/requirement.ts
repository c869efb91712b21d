import type { MiddlewareHandler } from "hono";
import { TWO_FACTOR_REQUIRED } from "#schemas/two-factor.ts";
import type { ApiConfig } from "#api/config.ts";
import type { AppEnv, AuthUser } from "#api/context.ts";
import { HttpError } from "#api/lib/errors.ts";
import { SUPER_ADMIN } from "../access/service.ts";

/** The roles REQUIRE_2FA_FOR_ADMINS is about: those that can manage users, roles and everyone's data. */
const ADMIN_ROLES = new Set([SUPER_ADMIN, "admin"]);

/** The setting is on and the user holds an admin role: two-factor sign-in is not optional for them. */
export function twoFactorRequired(user: Pick<AuthUser, "roles">, config: Pick<ApiConfig, "requireTwoFactorForAdmins">): boolean {
  return config.requireTwoFactorForAdmins && user.roles.some((role) => ADMIN_ROLES.has(role));
}

/** Required and not on yet: setting it up comes before anything else. */
export function mustSetUpTwoFactor(
  user: Pick<AuthUser, "roles" | "twoFactorEnabledAt">,
  config: Pick<ApiConfig, "requireTwoFactorForAdmins">,
): boolean {
  return user.twoFactorEnabledAt === null && twoFactorRequired(user, config);
}

/**
 * What such a user may still call: who they are (alone or with the account page's answer), the XSRF cookie, logging out, and the setup itself
 * (status with the QR code, a new secret, the confirming code). The sign-in routes are open too, so a
 * logged-in caller can still log in as someone else.
 */
const ALLOWED = new Set([
  "GET /api/user",
  "GET /api/user/account",
  "GET /sanctum/csrf-cookie",
  "POST /api/logout",
  "POST /api/login",
  "POST /api/register",
  "POST /sanctum/token",
  "GET /api/two-factor-challenge",
  "POST /api/two-factor-challenge",
  "GET /api/user/two-factor",
  "POST /api/user/two-factor",
  "POST /api/user/two-factor/confirm",
]);

/**
 * REQUIRE_2FA_FOR_ADMINS: a super admin or admin without two-factor sign-in gets 403 on everything but
 * its setup, however they authenticated (a session, or a bearer token issued before the setting was on).
 */
export const twoFactorRequirement: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get("user");
  // HEAD is a GET without the body; OPTIONS only lists a path's methods.
  const method = c.req.method === "HEAD" ? "GET" : c.req.method;
  if (user && method !== "OPTIONS" && mustSetUpTwoFactor(user, c.get("config")) && !ALLOWED.has(`${method} ${c.req.path}`)) {
    throw new HttpError(403, TWO_FACTOR_REQUIRED);
  }
  await next();
};
