import { roleAllows, type OrganizationPermission } from "#schemas/organization-roles.ts";
import type { AuthUser } from "../context.ts";
import { forbidden, notFound } from "./errors.ts";

/**
 * What the caller may reach in the organization they act for now, for one permission: the organization, and
 * the event forms they are limited to (null: every form). Named apart from the user's own fields, so a
 * where-builder can only be handed an access that `organizationFor` granted, never the caller as such.
 */
export interface OrganizationAccess {
  organizationId: number;
  formScope: number[] | null;
}

/**
 * Every form of an organization, for a check that is about the data rather than the caller (a coupon and
 * the event it is used for belong to one organization), or a caller already known to hold it.
 */
export const everyForm = (organizationId: number): OrganizationAccess => ({ organizationId, formScope: null });

/** The caller as far as their organization goes: loaded with them on every request. */
export type OrganizationCaller = Pick<AuthUser, "startupId" | "organizationRole" | "formScope">;

/** The caller's access for this permission in their current organization, or null when their role lacks it. */
export function organizationAccess(user: OrganizationCaller | null, permission: OrganizationPermission): OrganizationAccess | null {
  if (!user?.startupId || !roleAllows(user.organizationRole, permission)) return null;
  return { organizationId: user.startupId, formScope: user.formScope };
}

/** A key naming what an access reaches, for answers shared by everyone who reaches the same. */
export function accessKey(access: OrganizationAccess): string {
  return `organization:${access.organizationId}/forms:${access.formScope?.join(",") ?? "all"}`;
}

/** As `organizationAccess`, but a caller without it is refused (403). */
export function organizationFor(user: AuthUser | null, permission: OrganizationPermission): OrganizationAccess {
  const access = organizationAccess(user, permission);
  if (!access) throw forbidden();
  return access;
}

/**
 * As `organizationFor`, but a caller without it is told the thing is not there (404 with `message`): for one
 * application or review, whose existence a member whose role reads no forms has no business learning.
 */
export function organizationOrNotFound(user: AuthUser | null, permission: OrganizationPermission, message: string): OrganizationAccess {
  const access = organizationAccess(user, permission);
  if (!access) throw notFound(message);
  return access;
}

/** The organization's id when the caller's role allows this permission there (403 otherwise). */
export function ownStartupId(user: AuthUser | null, permission: OrganizationPermission): number {
  return organizationFor(user, permission).organizationId;
}
