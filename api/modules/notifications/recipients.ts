import { and, asc, eq, exists, sql } from "drizzle-orm";
import type { Permission } from "#schemas/access.ts";
import type { Db } from "#api/db/client.ts";
import { permissions, rolePermissions, userRoles, users } from "#api/db/schema.ts";

/** Holds the permission through any of their roles (the same rule `authorize` applies to a request). */
const holds = (permission: Permission) =>
  exists(
    sql`(select 1 from ${userRoles}
      inner join ${rolePermissions} on ${rolePermissions.roleId} = ${userRoles.roleId}
      inner join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId}
      where ${userRoles.userId} = ${users.id} and ${permissions.name} = ${permission})`,
  );

/**
 * The active users of a startup or organization, optionally only those with a permission (an event's
 * applications go to those who may read its responses, as its live channel does).
 */
export async function startupUserIds(db: Db, startupId: number, permission?: Permission): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.startupId, startupId), eq(users.isActive, true), permission ? holds(permission) : undefined))
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
