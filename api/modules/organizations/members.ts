import { eq } from "drizzle-orm";
import type { OrganizationRole } from "#schemas/organization-roles.ts";
import type { Db } from "#api/db/client.ts";
import { organizationMembers } from "#api/db/organization-schema.ts";
import { startups } from "#api/db/schema.ts";
import { ROLE_FOR_ACCOUNT_TYPE, assignRoleByName } from "../access/service.ts";

/**
 * Makes the account a member of the organization. The one who creates an organization is its owner; the
 * others join by invitation. `eventFormIds` limits the member to those forms (null: every form).
 *
 * A member also holds the account-wide role of the organization's type (startup or organization), which
 * lets the account use those features at all; their role here decides what of it they reach. An invited
 * volunteer has no such role of their own until they join.
 */
export async function addMember(
  db: Db,
  member: { organizationId: number; userId: number; role: OrganizationRole; eventFormIds?: number[] | null },
) {
  await db.insert(organizationMembers).values({ ...member, eventFormIds: member.eventFormIds ?? null });
  const [organization] = await db
    .select({ accountType: startups.accountType })
    .from(startups)
    .where(eq(startups.id, member.organizationId));
  await assignRoleByName(db, member.userId, ROLE_FOR_ACCOUNT_TYPE[organization.accountType]);
}
