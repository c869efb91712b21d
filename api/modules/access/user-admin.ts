/** Administering users: the list, their roles and whether they may log in (the last super admin kept). */
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql } from "drizzle-orm";
import type { Permission, UserListItem } from "#schemas/access.ts";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { permissions, rolePermissions, roles, userRoles, users } from "#api/db/schema.ts";
import { fieldError, forbidden, notFound } from "#api/lib/errors.ts";
import { offset, sortColumn, type ListQuery, type PageRows } from "#api/lib/pagination.ts";
import { destroyUserSessions } from "../auth/sessions.ts";
import { containsPattern } from "#api/lib/like.ts";
import { SUPER_ADMIN, permissionsOf, roleNamesOf } from "./service.ts";

/**
 * Who may do what to whom, the one rule: an actor may give or take away only a role whose permissions they
 * hold themselves, and change the status only of a user who holds no permission they lack (so only a super
 * admin can make, unmake or deactivate a super admin). The routes refuse by it and the list's `can` says it.
 */
export const holdsAll = (actor: ReadonlySet<Permission>, granted: Iterable<string>) =>
  [...granted].every((permission) => actor.has(permission as Permission));

/** Every role's permissions (a role with none has an empty list). */
async function permissionsByRole(db: Db): Promise<Map<number, string[]>> {
  const rows = await db
    .select({ roleId: roles.id, name: permissions.name })
    .from(roles)
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .leftJoin(permissions, eq(permissions.id, rolePermissions.permissionId));
  const byRole = new Map<number, string[]>();
  for (const row of rows) {
    const list = byRole.get(row.roleId) ?? [];
    if (row.name) list.push(row.name);
    byRole.set(row.roleId, list);
  }
  return byRole;
}

/** What `actor` may do to each user of a page: `can` of UserListItem, by holdsAll. */
function abilities(actor: AuthUser, byRole: Map<number, string[]>) {
  const writes = actor.permissions.has("user write");
  const assignable = writes ? [...byRole].filter(([, granted]) => holdsAll(actor.permissions, granted)).map(([id]) => id) : [];
  return (userId: number, roleIds: number[]): UserListItem["can"] => ({
    set_status:
      writes &&
      userId !== actor.id &&
      holdsAll(
        actor.permissions,
        roleIds.flatMap((id) => byRole.get(id) ?? []),
      ),
    roles: assignable,
  });
}

const USER_SORTS = ["name", "email", "created_at"] as const;

export async function listUsers(db: Db, actor: AuthUser, query: ListQuery & { role?: number }): Promise<PageRows<UserListItem>> {
  const search = query.search ? containsPattern(query.search) : null;
  const where = and(
    search ? or(ilike(users.name, search), ilike(users.email, search)) : undefined,
    query.role ? inArray(users.id, db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, query.role))) : undefined,
  );
  const sortBy = sortColumn(query.sort_by, USER_SORTS, "created_at");
  const column = { name: users.name, email: users.email, created_at: users.createdAt }[sortBy];
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, isActive: users.isActive, createdAt: users.createdAt })
    .from(users)
    .where(where)
    .orderBy(query.sort_order === "desc" ? desc(column) : asc(column), asc(users.id))
    .limit(query.per_page)
    .offset(offset(query));
  const assigned = rows.length
    ? await db
        .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(
          inArray(
            userRoles.userId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(roles.name))
    : [];
  const may = abilities(actor, await permissionsByRole(db));
  const data: UserListItem[] = rows.map((r) => {
    const held = assigned.filter((a) => a.userId === r.id).map(({ id, name }) => ({ id, name }));
    return {
      id: r.id,
      name: r.name,
      email: r.email,
      is_active: r.isActive,
      roles: held,
      created_at: r.createdAt.toISOString(),
      can: may(
        r.id,
        held.map((role) => role.id),
      ),
    };
  });
  return { total, data };
}

/** Active users holding super admin, other than `exceptUserId`. */
async function otherActiveSuperAdmins(db: Db, exceptUserId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(roles.name, SUPER_ADMIN), eq(users.isActive, true), ne(users.id, exceptUserId)));
  return n;
}

async function assertUserExists(db: Db, userId: number) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!row) throw notFound("User not found");
}

/**
 * Changes that could leave nobody holding super admin run one at a time: the super admin role row is
 * locked for the transaction, so two admins demoting each other cannot both pass the check.
 */
async function withSuperAdminLock<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, SUPER_ADMIN)).for("update");
    return work(tx);
  });
}

const CANNOT_DELEGATE = "You cannot grant or remove a role that has permissions you do not hold yourself.";

async function rolePermissionNames(db: Db, roleIds: number[]) {
  if (!roleIds.length) return [];
  const rows = await db
    .selectDistinct({ name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, roleIds));
  return rows.map((r) => r.name);
}

/** No escalation: the roles given or taken away follow holdsAll. */
export async function setUserRoles(db: Db, actorId: number, userId: number, roleIds: number[]) {
  await assertUserExists(db, userId);
  const wanted = [...new Set(roleIds)];
  const found = wanted.length ? await db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, wanted)) : [];
  if (found.length !== wanted.length) throw fieldError("roles", "The selected roles are invalid.");
  const current = (await db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.roleId);
  const changed = [...wanted.filter((id) => !current.includes(id)), ...current.filter((id) => !wanted.includes(id))];
  const actorPermissions = await permissionsOf(db, actorId);
  if (!holdsAll(actorPermissions, await rolePermissionNames(db, changed))) throw forbidden(CANNOT_DELEGATE);

  await withSuperAdminLock(db, async (tx) => {
    const keepsSuperAdmin = found.some((r) => r.name === SUPER_ADMIN);
    if (!keepsSuperAdmin && (await roleNamesOf(tx, userId)).includes(SUPER_ADMIN) && (await otherActiveSuperAdmins(tx, userId)) === 0) {
      throw fieldError("roles", "The last super admin cannot lose the super admin role.");
    }
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    if (found.length) await tx.insert(userRoles).values(found.map((r) => ({ userId, roleId: r.id })));
  });
}

export async function setUserActive(db: Db, actorId: number, userId: number, isActive: boolean) {
  await assertUserExists(db, userId);
  if (actorId === userId && !isActive) throw fieldError("is_active", "You cannot deactivate your own account.");
  const [actorPermissions, targetPermissions] = await Promise.all([permissionsOf(db, actorId), permissionsOf(db, userId)]);
  if (!holdsAll(actorPermissions, targetPermissions)) {
    throw forbidden("You cannot change the status of a user who has permissions you do not hold yourself.");
  }
  await withSuperAdminLock(db, async (tx) => {
    if (!isActive && (await roleNamesOf(tx, userId)).includes(SUPER_ADMIN) && (await otherActiveSuperAdmins(tx, userId)) === 0) {
      throw fieldError("is_active", "The last super admin cannot be deactivated.");
    }
    await tx
      .update(users)
      .set({ isActive, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    // A deactivated user is logged out everywhere at once, bearer tokens included.
    if (!isActive) await destroyUserSessions(tx, userId);
  });
}
