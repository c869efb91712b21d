import { and, asc, eq, exists, sql } from "drizzle-orm";
import type { Permission } from "#schemas/access.ts";
import type { OrganizationPermission } from "#schemas/organization-roles.ts";
import type { Db } from "#api/db/client.ts";
import { organizationMembers } from "#api/db/organization-schema.ts";
import { permissions, rolePermissions, userRoles, users } from "#api/db/schema.ts";
import { membersWho } from "#api/lib/members-who.ts";

/** Holds the permission through any of their roles (the same rule `authorize` applies to a request). */
const holds = (permission: Permission) =>
  exists(
    sql`(select 1 from ${userRoles}
      inner join ${rolePermissions} on ${rolePermissions.roleId} = ${userRoles.roleId}
      inner join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId}
      where ${userRoles.userId} = ${users.id} and ${permissions.name} = ${permission})`,
  );

/** Who of an organization is told: the role's permission there, the account's permission, and the form. */
export interface Audience {
  /** What their role in the organization must allow. */
  role: OrganizationPermission;
  /** What their account-wide roles must allow, as `authorize` would ask it. */
  account?: Permission;
  /** The event form concerned: a member limited to other forms is not told. */
  formId?: number;
}

/**
 * The active members of a startup or organization who may see what they are told of (an event's
 * applications go to those who may read its responses, as its live channel does).
 */
export async function startupUserIds(db: Db, startupId: number, audience: Audience): Promise<number[]> {
  const m = organizationMembers;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(m, and(eq(m.userId, users.id), membersWho(startupId, audience.role, audience.formId)))
    .where(and(eq(users.isActive, true), audience.account ? holds(audience.account) : undefined))
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}

/** The users whose co-founder profile this is. */
export async function coFounderUserIds(db: Db, coFounderId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.coFounderId, coFounderId), eq(users.isActive, true)))
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}
