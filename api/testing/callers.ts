import type { OrganizationRole } from "#schemas/organization-roles.ts";
import type { Db } from "../db/client.ts";
import { permissionsOf } from "../modules/access/service.ts";

/**
 * A caller as the API sees one after authentication, acting for `startupId` with `role` there (the owner's
 * by default): the permissions are those the account's roles really grant.
 */
export async function callerAs(db: Db, id: number, startupId: number | null, role: OrganizationRole | null = startupId ? "owner" : null) {
  return { id, startupId, organizationRole: role, formScope: null, permissions: await permissionsOf(db, id) };
}
