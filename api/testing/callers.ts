import type { OrganizationRole } from "#schemas/organization-roles.ts";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { addMember } from "../modules/organizations/members.ts";
import type { TestApi } from "./harness.ts";
import { permissionsOf } from "../modules/access/service.ts";

/**
 * A caller as the API sees one after authentication, acting for `startupId` with `role` there (the owner's
 * by default): the permissions are those the account's roles really grant.
 */
export async function callerAs(db: Db, id: number, startupId: number | null, role: OrganizationRole | null = startupId ? "owner" : null) {
  return { id, startupId, organizationRole: role, formScope: null, permissions: await permissionsOf(db, id) };
}

/** Makes the account a member of the organization with `role` (admin by default), acting for it now. */
export async function joinOrganization(t: TestApi, userId: number, organizationId: number, role: OrganizationRole = "admin") {
  await addMember(t.database.db, { organizationId, userId, role });
  await t.database.db.update(users).set({ startupId: organizationId }).where(eq(users.id, userId));
}
