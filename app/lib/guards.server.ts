import { data, type RouterContextProvider } from "react-router";
import { SUPER_ADMIN, type Permission } from "#schemas/access";
import { userContext } from "./contexts";
import type { CurrentUser } from "#schemas/auth";
import { can, canInOrganization } from "./permissions";

// Loaders and actions take both the guard and the checks from here.
export { can, canInOrganization };

export const FORBIDDEN = "Access Forbidden";

/** The one permission guard for loaders and actions: 403 'Access Forbidden' without it. */
export function requirePermission(context: Readonly<RouterContextProvider>, permission: Permission): CurrentUser {
  const user = context.get(userContext);
  if (!can(user, permission)) throw data(FORBIDDEN, { status: 403 });
  return user;
}

/** For what no permission grants, only the super admin role (the mail outbox): 403 'Access Forbidden' for anyone else. */
export function requireSuperAdmin(context: Readonly<RouterContextProvider>): CurrentUser {
  const user = context.get(userContext);
  if (!user.roles.includes(SUPER_ADMIN)) throw data(FORBIDDEN, { status: 403 });
  return user;
}
