import { and, asc, count, desc, eq, ilike, inArray, ne, sql } from "drizzle-orm";
import { PERMISSIONS, SUPER_ADMIN, type Permission, type PermissionItem, type RoleView } from "#schemas/access.ts";
import type { AccountType } from "#schemas/setup.ts";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { permissions, rolePermissions, roles, userRoles } from "#api/db/schema.ts";
import { HttpError, fieldError, notFound, validationFailed } from "#api/lib/errors.ts";
import { offset, sortColumn, totalOf, totalOver, type ListQuery, type PageRows } from "#api/lib/pagination.ts";
import { containsPattern } from "#api/lib/like.ts";

export { SUPER_ADMIN };

/** Startup and organization owners: every feature permission, but not user or role management. */
const OWNER_PERMISSIONS = PERMISSIONS.filter((p) => !p.startsWith("user ") && !p.startsWith("role "));

/** The built-in roles and what they start with. Admins may change all but super admin's. */
export const SYSTEM_ROLES: Record<string, readonly Permission[]> = {
  [SUPER_ADMIN]: PERMISSIONS,
  admin: PERMISSIONS.filter((p) => p !== "role write"),
  startup: OWNER_PERMISSIONS,
  organization: OWNER_PERMISSIONS,
  "co-founder": ["co founder read", "resource center read"],
};

/** The account type picked at setup decides the starting role. */
export const ROLE_FOR_ACCOUNT_TYPE: Record<AccountType, string> = {
  startup: "startup",
  organization: "organization",
  "co-founder": "co-founder",
};

/** Makes sure every permission and built-in role exists; safe to run at every start. */
export async function ensureAccessModel(db: Db) {
  await db
    .insert(permissions)
    .values(PERMISSIONS.map((name) => ({ name })))
    .onConflictDoNothing();
  const allPermissions = await db.select().from(permissions);
  const idOf = new Map(allPermissions.map((p) => [p.name, p.id]));
  for (const [name, granted] of Object.entries(SYSTEM_ROLES)) {
    const [created] = await db.insert(roles).values({ name, isSystem: true }).onConflictDoNothing().returning({ id: roles.id });
    // Only a role created just now gets its default permissions; an admin's later edits are kept.
    if (created && granted.length) {
      await db.insert(rolePermissions).values(granted.map((p) => ({ roleId: created.id, permissionId: idOf.get(p)! })));
    }
  }
  // Super admin always holds everything, including permissions added by later releases.
  const [superAdmin] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, SUPER_ADMIN));
  await db
    .insert(rolePermissions)
    .values(allPermissions.map((p) => ({ roleId: superAdmin.id, permissionId: p.id })))
    .onConflictDoNothing();
}

/**
 * Read fresh on every request, so a change to a role takes effect at once. For the caller, pass
 * `c.get("user")`: its permissions were loaded with the session on this request, so no query is needed.
 * A user id (anyone else, e.g. the target of a change) is looked up.
 */
export async function permissionsOf(db: Db, who: number | Pick<AuthUser, "permissions">): Promise<ReadonlySet<Permission>> {
  if (typeof who !== "number") return who.permissions;
  const userId = who;
  const rows = await db
    .selectDistinct({ name: permissions.name })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(userRoles.userId, userId));
  return new Set(rows.map((r) => r.name as Permission));
}

export async function roleNamesOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(roles.name));
  return rows.map((r) => r.name);
}

/** The users holding a role. */
export async function roleHolders(db: Db, roleId: number): Promise<number[]> {
  const rows = await db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, roleId));
  return rows.map((row) => row.userId);
}

export async function assignRoleByName(db: Db, userId: number, roleName: string) {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, roleName));
  if (!role) throw new HttpError(500, `Role ${roleName} is missing`);
  await db.insert(userRoles).values({ userId, roleId: role.id }).onConflictDoNothing();
}

// ---- roles -------------------------------------------------------------------------------------

async function roleViews(db: Db, rows: { id: number; name: string; isSystem: boolean; createdAt: Date }[]): Promise<RoleView[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const granted = await db
    .select({ roleId: rolePermissions.roleId, name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, ids))
    .orderBy(asc(permissions.id));
  const counts = await db
    .select({ roleId: userRoles.roleId, n: count() })
    .from(userRoles)
    .where(inArray(userRoles.roleId, ids))
    .groupBy(userRoles.roleId);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    is_system: r.isSystem,
    permissions: granted.filter((g) => g.roleId === r.id).map((g) => g.name),
    users_count: counts.find((c) => c.roleId === r.id)?.n ?? 0,
    created_at: r.createdAt.toISOString(),
  }));
}

const ROLE_SORTS = ["name", "created_at"] as const;

export async function listRoles(db: Db, query: ListQuery): Promise<PageRows<RoleView>> {
  const where = query.search ? ilike(roles.name, containsPattern(query.search)) : undefined;
  const column = sortColumn(query.sort_by, ROLE_SORTS, "name") === "name" ? roles.name : roles.createdAt;
  const order = query.sort_order === "desc" ? desc(column) : asc(column);
  const rows = await db
    .select({ id: roles.id, name: roles.name, isSystem: roles.isSystem, createdAt: roles.createdAt, listTotal: totalOver() })
    .from(roles)
    .where(where)
    .orderBy(order, asc(roles.id))
    .limit(query.per_page)
    .offset(offset(query));
  const total = await totalOf(rows, query, async () => (await db.select({ n: count() }).from(roles).where(where))[0].n);
  return { total, data: await roleViews(db, rows) };
}

export async function getRole(db: Db, id: number): Promise<RoleView> {
  const rows = await db
    .select({ id: roles.id, name: roles.name, isSystem: roles.isSystem, createdAt: roles.createdAt })
    .from(roles)
    .where(eq(roles.id, id));
  if (!rows.length) throw notFound("Role not found");
  return (await roleViews(db, rows))[0];
}

async function assertNameFree(db: Db, name: string, exceptId?: number) {
  const clash = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(sql`lower(${roles.name}) = lower(${name})`, exceptId ? ne(roles.id, exceptId) : undefined));
  if (clash.length) throw fieldError("name", "The name has already been taken.");
}

async function setRolePermissions(db: Db, roleId: number, names: readonly string[]) {
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (!names.length) return;
  const ids = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.name, [...names]));
  await db.insert(rolePermissions).values(ids.map((p) => ({ roleId, permissionId: p.id })));
}

export async function createRole(db: Db, input: { name: string; permissions: string[] }) {
  await assertNameFree(db, input.name);
  const id = await db.transaction(async (tx) => {
    const [role] = await tx.insert(roles).values({ name: input.name }).returning({ id: roles.id });
    await setRolePermissions(tx, role.id, input.permissions);
    return role.id;
  });
  return getRole(db, id);
}

export async function updateRole(db: Db, id: number, input: { name: string; permissions: string[] }) {
  const role = await getRole(db, id);
  if (role.name === SUPER_ADMIN) {
    throw new HttpError(403, "The super admin role always has every permission and cannot be changed.");
  }
  if (role.is_system && input.name !== role.name) {
    throw fieldError("name", "A built-in role cannot be renamed.");
  }
  await assertNameFree(db, input.name, id);
  await db.transaction(async (tx) => {
    await tx.update(roles).set({ name: input.name }).where(eq(roles.id, id));
    await setRolePermissions(tx, id, input.permissions);
  });
  return getRole(db, id);
}

export async function deleteRole(db: Db, id: number) {
  const role = await getRole(db, id);
  if (role.is_system) throw new HttpError(403, "A built-in role cannot be deleted.");
  if (role.users_count > 0) {
    throw validationFailed({
      role: [`The role is assigned to ${role.users_count} user${role.users_count === 1 ? "" : "s"}. Remove it from them first.`],
    });
  }
  await db.delete(roles).where(eq(roles.id, id));
}

export async function listPermissions(db: Db): Promise<PermissionItem[]> {
  return db.select({ id: permissions.id, name: permissions.name }).from(permissions).orderBy(asc(permissions.id));
}
