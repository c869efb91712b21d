import { and, asc, desc, eq, ilike, or, sql } from "drizzle-orm";
import {
  OWNER_CANNOT_CHANGE,
  OWNER_CANNOT_LEAVE,
  TEAM_MEMBER_NOT_FOUND,
  type TeamMemberUpdate,
  type TeamMemberView,
} from "#schemas/team.ts";
import type { ApiConfig } from "#api/config.ts";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import type { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { organizationMembers } from "#api/db/organization-schema.ts";
import { startups, users } from "#api/db/schema.ts";
import { fieldError, forbidden, notFound } from "#api/lib/errors.ts";
import { limits } from "#api/lib/limits.ts";
import { containsPattern } from "#api/lib/like.ts";
import type { OrganizationAccess } from "#api/lib/owner.ts";
import { offset, sortColumn, totalOf, totalOver, type ListQuery, type PageRows } from "#api/lib/pagination.ts";
import { checkCurrentPassword } from "../auth/service.ts";
import { changedFields, recordActivity } from "#api/lib/activity.ts";
import { asMemberView, selectMembers } from "./member-views.ts";
import { actorOf, checkedScope, lockTeam, moveOffOrganization } from "./team-access.ts";

/* An organization's members: the list, a change of role or forms, removal, leaving, and ownership changing hands. */

const SORTS = { name: users.name, email: users.email, role: organizationMembers.role, joined_at: organizationMembers.joinedAt } as const;

export async function listMembers(db: Db, access: OrganizationAccess, query: ListQuery): Promise<PageRows<TeamMemberView>> {
  const pattern = query.search ? containsPattern(query.search) : null;
  const where = and(
    eq(organizationMembers.organizationId, access.organizationId),
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
  );
  const column = SORTS[sortColumn(query.sort_by, Object.keys(SORTS) as (keyof typeof SORTS)[], "joined_at")];
  const rows = await selectMembers(db, { listTotal: totalOver() })
    .where(where)
    .orderBy(query.sort_order === "desc" ? desc(column) : asc(column), asc(organizationMembers.id))
    .limit(query.per_page)
    .offset(offset(query));
  const total = await totalOf(rows, query, async () => {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(where);
    return row.n;
  });
  return { total, data: rows.map(({ listTotal: _total, ...row }) => asMemberView(row)) };
}

/** The member's row in the organization, locked for the change; another organization's member is not found. */
async function memberOf(tx: Db, organizationId: number, userId: number) {
  const [member] = await tx
    .select({
      id: organizationMembers.id,
      role: organizationMembers.role,
      eventFormIds: organizationMembers.eventFormIds,
      name: users.name,
    })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
    .for("update", { of: organizationMembers });
  if (!member) throw notFound(TEAM_MEMBER_NOT_FOUND);
  return member;
}

export async function updateMember(
  db: Db,
  access: OrganizationAccess,
  caller: AuthUser,
  userId: number,
  input: TeamMemberUpdate,
  queue: BroadcastQueue,
) {
  await db.transaction(async (tx) => {
    const locked = await lockTeam(tx, access.organizationId, caller.id, "team.manage");
    const before = await memberOf(tx, locked.id, userId);
    if (before.role === "owner") throw fieldError("role", OWNER_CANNOT_CHANGE);
    const after = { role: input.role, eventFormIds: await checkedScope(tx, locked.id, input.role, input.event_form_ids) };
    await tx.update(organizationMembers).set(after).where(eq(organizationMembers.id, before.id));
    const changes = changedFields(before, { ...before, ...after }, { role: "role", eventFormIds: "event_form_ids" });
    if (Object.keys(changes).length)
      await recordActivity(
        tx,
        {
          organizationId: locked.id,
          actor: actorOf(caller),
          kind: "member.role_changed",
          subject: { id: userId, label: before.name },
          changes,
        },
        queue,
      );
  });
}

export async function removeMember(db: Db, access: OrganizationAccess, caller: AuthUser, userId: number, queue: BroadcastQueue) {
  await db.transaction(async (tx) => {
    const locked = await lockTeam(tx, access.organizationId, caller.id, "team.manage");
    const member = await memberOf(tx, locked.id, userId);
    if (member.role === "owner") throw forbidden(OWNER_CANNOT_CHANGE);
    await tx.delete(organizationMembers).where(eq(organizationMembers.id, member.id));
    await moveOffOrganization(tx, userId, locked.id);
    await recordActivity(
      tx,
      {
        organizationId: locked.id,
        actor: actorOf(caller),
        kind: "member.removed",
        subject: { id: userId, label: member.name },
        changes: { role: { from: member.role, to: null } },
      },
      queue,
    );
  });
}

/** The caller leaves the organization they act for now; its owner cannot (the ownership goes first). */
export async function leaveTeam(db: Db, caller: AuthUser, queue: BroadcastQueue) {
  const organizationId = caller.startupId;
  if (organizationId === null || caller.organizationRole === null) throw forbidden();
  await db.transaction(async (tx) => {
    await tx.select({ id: startups.id }).from(startups).where(eq(startups.id, organizationId)).for("update");
    const member = await memberOf(tx, organizationId, caller.id).catch(() => {
      throw forbidden();
    });
    if (member.role === "owner") throw forbidden(OWNER_CANNOT_LEAVE);
    await tx.delete(organizationMembers).where(eq(organizationMembers.id, member.id));
    await moveOffOrganization(tx, caller.id, organizationId);
    await recordActivity(
      tx,
      {
        organizationId,
        actor: actorOf(caller),
        kind: "member.left",
        subject: { id: caller.id, label: caller.name },
        changes: { role: { from: member.role, to: null } },
      },
      queue,
    );
  });
}

/**
 * The owner hands the organization to another member, after giving their password (under the same limit
 * as every other check of it); the old owner stays on as an admin.
 */
export async function transferOwnership(
  db: Db,
  config: ApiConfig,
  access: OrganizationAccess,
  caller: AuthUser,
  input: { user_id: number; current_password: string },
) {
  const [own] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, caller.id));
  await checkCurrentPassword(db, limits(config).currentPassword, caller.id, own.passwordHash, input.current_password);
  await db.transaction(async (tx) => {
    const locked = await lockTeam(tx, access.organizationId, caller.id, "organization.own");
    if (input.user_id === caller.id) throw fieldError("user_id", "You already own this organization.");
    const next = await memberOf(tx, locked.id, input.user_id).catch(() => {
      throw fieldError("user_id", "The selected member is invalid.");
    });
    // The old owner steps down first: the database holds one owner at a time.
    await tx
      .update(organizationMembers)
      .set({ role: "admin", eventFormIds: null })
      .where(and(eq(organizationMembers.organizationId, locked.id), eq(organizationMembers.userId, caller.id)));
    await tx.update(organizationMembers).set({ role: "owner", eventFormIds: null }).where(eq(organizationMembers.id, next.id));
    await tx
      .update(startups)
      .set({ ownerUserId: input.user_id, updatedAt: sql`now()` })
      .where(eq(startups.id, locked.id));
    await recordActivity(tx, {
      organizationId: locked.id,
      actor: actorOf(caller),
      kind: "ownership.transferred",
      subject: { id: input.user_id, label: next.name },
      changes: { owner: { from: caller.id, to: input.user_id }, role: { from: next.role, to: "owner" } },
    });
  });
}
