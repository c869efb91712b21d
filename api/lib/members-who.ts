/**
 * Which members of an organization hold a permission there, for a form when one is named (a member limited
 * to other forms does not): the one rule for "who of the team may", as a where clause on the members table,
 * so who is told of a form's news and who may review its applications are the same people.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { rolesWith, type OrganizationPermission } from "#schemas/organization-roles.ts";
import { organizationMembers } from "#api/db/organization-schema.ts";

export function membersWho(organizationId: number, permission: OrganizationPermission, formId?: number) {
  const m = organizationMembers;
  return and(
    eq(m.organizationId, organizationId),
    inArray(m.role, rolesWith(permission)),
    formId === undefined ? undefined : sql`(${m.eventFormIds} is null or ${formId} = any(${m.eventFormIds}))`,
  );
}
