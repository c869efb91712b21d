import { and, eq, exists, isNotNull, sql } from "drizzle-orm";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { organizationMembers } from "#api/db/organization-schema.ts";
import { users } from "#api/db/schema.ts";
import { fieldError, notFound } from "#api/lib/errors.ts";
import { actingFor } from "./users.ts";

export const ORGANIZATION_NOT_FOUND = "Organization not found.";
export const NO_PROFILE_OF_YOUR_OWN = "You have no co-founder profile of your own to act as.";

/**
 * Makes the account act for one of its organizations (`users.startup_id`), or, with null, as itself with its
 * own co-founder profile. The membership (or the profile) is checked by the update itself, so a membership
 * ended meanwhile cannot be switched to: an organization the account is not a member of is a 404, as one
 * that does not exist. Answers the caller as they are now.
 */
export async function switchOrganization(db: Db, user: AuthUser, organizationId: number | null): Promise<AuthUser> {
  const allowed =
    organizationId === null
      ? isNotNull(users.coFounderId)
      : exists(
          db
            .select({ one: sql`1` })
            .from(organizationMembers)
            .where(and(eq(organizationMembers.userId, users.id), eq(organizationMembers.organizationId, organizationId))),
        );
  const [switched] = await db
    .update(users)
    .set({ startupId: organizationId, updatedAt: sql`now()` })
    .where(and(eq(users.id, user.id), allowed))
    .returning({ id: users.id });
  if (!switched) throw organizationId === null ? fieldError("organization_id", NO_PROFILE_OF_YOUR_OWN) : notFound(ORGANIZATION_NOT_FOUND);
  const membership = user.organizations.find((m) => m.id === organizationId);
  return {
    ...user,
    ...actingFor(user.organizations, organizationId),
    startupId: organizationId,
    startupAccountType: membership?.accountType ?? null,
  };
}
