import type { OrganizationRole } from "#schemas/organization-roles.ts";
import type { Db } from "#api/db/client.ts";
import { organizationMembers } from "#api/db/organization-schema.ts";

/**
 * Makes the account a member of the organization. The one who creates an organization is its owner; the
 * others join by invitation. `eventFormIds` limits the member to those forms (null: every form).
 */
export async function addMember(
  db: Db,
  member: { organizationId: number; userId: number; role: OrganizationRole; eventFormIds?: number[] | null },
) {
  await db.insert(organizationMembers).values({ ...member, eventFormIds: member.eventFormIds ?? null });
}
