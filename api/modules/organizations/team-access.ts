import { and, eq, inArray, sql } from "drizzle-orm";
import { isScopable, roleAllows, type OrganizationPermission, type OrganizationRole } from "#schemas/organization-roles.ts";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { eventForms } from "#api/db/events-schema.ts";
import { organizationMembers } from "#api/db/organization-schema.ts";
import { startups, users } from "#api/db/schema.ts";
import { fieldError, forbidden } from "#api/lib/errors.ts";
import type { Actor } from "#api/lib/activity.ts";

/*
 * What every change to a team does first, inside its transaction: it locks the organization's row, so the
 * team's changes run one after another, and asks again whether the caller still may make it. Two admins
 * removing each other at once: the second finds its caller gone and is refused, and a team remains.
 */

export interface LockedOrganization {
  id: number;
  name: string;
  accountType: "startup" | "organization";
}

export async function lockTeam(
  tx: Db,
  organizationId: number,
  callerId: number,
  permission: OrganizationPermission,
): Promise<LockedOrganization> {
  const [organization] = await tx
    .select({ id: startups.id, name: startups.name, accountType: startups.accountType })
    .from(startups)
    .where(eq(startups.id, organizationId))
    .for("update");
  if (!organization) throw forbidden();
  if (!roleAllows(await roleOf(tx, organizationId, callerId), permission)) throw forbidden();
  return organization;
}

/** The account's role in the organization, or null when it is not a member. */
export async function roleOf(tx: Db, organizationId: number, userId: number): Promise<OrganizationRole | null> {
  const [member] = await tx
    .select({ role: organizationMembers.role })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)));
  return member?.role ?? null;
}

/**
 * The forms a role is limited to, as stored: null (every form) for an empty list; only the scopable roles
 * may be limited, and only to forms of this organization.
 */
export async function checkedScope(tx: Db, organizationId: number, role: OrganizationRole, ids: number[]): Promise<number[] | null> {
  if (!ids.length) return null;
  if (!isScopable(role))
    throw fieldError(
      "event_form_ids",
      "Owners and admins always reach every form; only reviewers, door and finance members can be limited.",
    );
  const found = await tx
    .select({ id: eventForms.id })
    .from(eventForms)
    .where(and(eq(eventForms.startupId, organizationId), inArray(eventForms.id, ids)));
  if (found.length !== ids.length) throw fieldError("event_form_ids", "The selected event form is invalid.");
  return [...ids].sort((a, b) => a - b);
}

/**
 * After an account left an organization: when it was the one the account acted for, it acts for another
 * of its organizations (the one it joined first), or none.
 */
export async function moveOffOrganization(tx: Db, userId: number, organizationId: number): Promise<void> {
  await tx
    .update(users)
    .set({
      startupId: sql`(select ${organizationMembers.organizationId} from ${organizationMembers}
        where ${organizationMembers.userId} = ${userId} order by ${organizationMembers.joinedAt}, ${organizationMembers.id} limit 1)`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, userId), eq(users.startupId, organizationId)));
}

export const actorOf = (user: Pick<AuthUser, "id" | "name">): Actor => ({ id: user.id, name: user.name });
