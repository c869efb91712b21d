import type { Context, MiddlewareHandler } from "hono";
import type { Permission } from "../../../schemas/access.ts";
import type { AppEnv } from "../../context.ts";
import { forbidden, unauthenticated } from "../../lib/errors.ts";
import { permissionsOf } from "./service.ts";

/** Throws 401 without a user and 403 without the permission. */
export async function assertPermission(c: Context<AppEnv>, permission: Permission) {
  const user = c.var.user;
  if (!user) throw unauthenticated();
  const granted = await permissionsOf(c.var.db, user.id);
  if (!granted.has(permission)) throw forbidden();
}

/** The one guard every permission-checked API route uses. */
export const authorize =
  (permission: Permission): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    await assertPermission(c, permission);
    await next();
  };
