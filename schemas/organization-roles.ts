/*
 * What each member of an organization may do there: one table, read by the API's where-builders and by the
 * panel's navigation. A member's role is per organization; the account-wide roles (permissions.ts) still
 * decide which features an account may use at all, and both must allow an action.
 */

/** A member's role in one organization (a startup or organization profile). */
export const ORGANIZATION_ROLES = ["owner", "admin", "reviewer", "door", "finance"] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

/** What a role may do in its organization. */
export const ORGANIZATION_PERMISSIONS = [
  /** Transfer ownership, delete the organization. */
  "organization.own",
  /** Edit the profile, its details, its co-founder team and invitations, its canvases. */
  "organization.profile",
  /** Invite, change and remove members. */
  "team.manage",
  /** Read the audit log. */
  "audit.read",
  /** Create, edit, publish, close and delete event forms and collections; set statuses; send announcements. */
  "forms.manage",
  /** Read event forms and their responses with their answers. */
  "forms.read",
  /** The check-in screen and its ticket list (name, ticket, status). */
  "check_in",
  /** Payments, refunds, coupon codes and the payments CSV. */
  "money",
] as const;
export type OrganizationPermission = (typeof ORGANIZATION_PERMISSIONS)[number];

const EVERYTHING = ORGANIZATION_PERMISSIONS;

export const ROLE_PERMISSIONS = {
  owner: EVERYTHING,
  admin: EVERYTHING.filter((p) => p !== "organization.own"),
  reviewer: ["forms.read"],
  door: ["check_in"],
  finance: ["money"],
} as const satisfies Record<OrganizationRole, readonly OrganizationPermission[]>;

/** The roles that may be limited to chosen event forms; owners and admins always see every form. */
export const SCOPABLE_ROLES = ["reviewer", "door", "finance"] as const satisfies readonly OrganizationRole[];

/** The roles an invitation or a change may give: ownership only changes hands by a transfer. */
export const ASSIGNABLE_ROLES = ["admin", "reviewer", "door", "finance"] as const satisfies readonly OrganizationRole[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const ROLE_LABELS: Record<OrganizationRole, string> = {
  owner: "Owner",
  admin: "Admin",
  reviewer: "Reviewer",
  door: "Door",
  finance: "Finance",
};

export function roleAllows(role: OrganizationRole | null | undefined, permission: OrganizationPermission): boolean {
  return role ? (ROLE_PERMISSIONS[role] as readonly OrganizationPermission[]).includes(permission) : false;
}

/** The roles that hold this permission. */
export function rolesWith(permission: OrganizationPermission): OrganizationRole[] {
  return ORGANIZATION_ROLES.filter((role) => roleAllows(role, permission));
}

export function isScopable(role: OrganizationRole): boolean {
  return (SCOPABLE_ROLES as readonly OrganizationRole[]).includes(role);
}
