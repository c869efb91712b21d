import type { Context, MiddlewareHandler } from "hono";
import type { Permission } from "#schemas/access.ts";
import type { AppEnv } from "#api/context.ts";
import { forbidden, unauthenticated } from "#api/lib/errors.ts";

/**
 * Throws 401 without a user and 403 without the permission. The permissions came with the caller in
 * `authenticate`'s one query on this very request, so they are fresh and cost no further round trip.
 * (Still async: callers await it, as they did when it queried.)
 */
export async function assertPermission(c: Context<AppEnv>, permission: Permission) {
  const user = c.var.user;
  if (!user) throw unauthenticated();
  if (!user.permissions.has(permission)) throw forbidden();
}

/** The one guard every permission-checked API route uses. */
export const authorize =
  (permission: Permission): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    await assertPermission(c, permission);
    await next();
  };
