import type { Context, MiddlewareHandler } from "hono";
import { SUPER_ADMIN, type Permission } from "#schemas/access.ts";
import type { AppEnv } from "#api/context.ts";
import { forbidden, unauthenticated } from "#api/lib/errors.ts";

/**
 * Throws 401 without a user and 403 without the permission. The permissions came with the caller in
 * `authenticate`'s one query on this very request, so they are fresh and cost no further round trip.
 * (Still async: callers await it, as they did when it queried.)
 */
export async function assertPermission(c: Context<AppEnv>, permission: Permission) {
  const user = c.get("user");
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

/**
 * The guard for what only super admins see (the mail outbox): 401 without a user, 403 for anyone without
 * the role. A role, not a permission: no admin can grant it to another role by ticking a box.
 */
export const superAdminOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get("user");
  if (!user) throw unauthenticated();
  if (!user.roles.includes(SUPER_ADMIN)) throw forbidden();
  await next();
};
