/** A member as the team list shows them: read apart from the team's changes, so a reader of members needs none of them. */
import { and, eq, type SQL } from "drizzle-orm";
import type { TeamMemberView } from "#schemas/team.ts";
import type { Db } from "#api/db/client.ts";
import { organizationMembers } from "#api/db/organization-schema.ts";
import { users } from "#api/db/schema.ts";

/** Members with their accounts, plus any `extra` columns: add `where`, order and paging. */
export const selectMembers = <Extra extends Record<string, SQL.Aliased | SQL>>(db: Db, extra: Extra = {} as Extra) =>
  db
    .select({
      ...extra,
      user_id: users.id,
      name: users.name,
      email: users.email,
      role: organizationMembers.role,
      event_form_ids: organizationMembers.eventFormIds,
      joinedAt: organizationMembers.joinedAt,
    })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId));

export const asMemberView = ({ joinedAt, ...row }: { joinedAt: Date } & Omit<TeamMemberView, "joined_at">): TeamMemberView => ({
  ...row,
  joined_at: joinedAt.toISOString(),
});

/** One member as the list shows them, or null once they are off the team. */
export async function memberView(db: Db, organizationId: number, userId: number): Promise<TeamMemberView | null> {
  const [row] = await selectMembers(db).where(
    and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)),
  );
  return row ? asMemberView(row) : null;
}
