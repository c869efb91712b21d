import { data, type RouterContextProvider } from "react-router";
import { userContext } from "./contexts";
import type { CurrentUser } from "../../schemas/auth";

export const FORBIDDEN = "Access Forbidden";

export function can(user: Pick<CurrentUser, "permissions">, permission: string): boolean {
  return user.permissions.includes(permission);
}

/** The one permission guard for loaders and actions: 403 'Access Forbidden' without it. */
export function requirePermission(context: Readonly<RouterContextProvider>, permission: string): CurrentUser {
  const user = context.get(userContext);
  if (!can(user, permission)) throw data(FORBIDDEN, { status: 403 });
  return user;
}
