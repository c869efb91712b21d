import type { Permission } from "#schemas/access";
import type { CurrentUser } from "#schemas/auth";

/**
 * The one permission check of the panel, for loaders and for what the browser shows (the navigation).
 * It takes only the permissions the access model declares, so a misspelt one fails typecheck instead of
 * quietly hiding a screen.
 */
export function can(user: Pick<CurrentUser, "permissions">, permission: Permission): boolean {
  return user.permissions.includes(permission);
}
