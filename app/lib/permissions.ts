import type { Permission } from "#schemas/access";
import type { CurrentUser } from "#schemas/auth";
import type { OrganizationPermission } from "#schemas/organization-roles";

/**
 * The one permission check of the panel, for loaders and for what the browser shows (the navigation).
 * It takes only the permissions the access model declares, so a misspelt one fails typecheck instead of
 * quietly hiding a screen.
 */
export function can(user: Pick<CurrentUser, "permissions">, permission: Permission): boolean {
  return user.permissions.includes(permission);
}

/** The member's role allows this in the organization the account acts for now (ROLE_PERMISSIONS). */
export function roleCan(user: Pick<CurrentUser, "organization_permissions">, permission: OrganizationPermission): boolean {
  return user.organization_permissions.includes(permission);
}

/**
 * What a screen's button for an organization's data asks: the account may use the feature at all, and its
 * role where it acts now allows it there. Both must allow it, as the API checks both.
 */
export function canInOrganization(
  user: Pick<CurrentUser, "permissions" | "organization_permissions">,
  permission: Permission,
  role: OrganizationPermission,
): boolean {
  return can(user, permission) && roleCan(user, role);
}
