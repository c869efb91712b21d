import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { JoinedTeams, PendingInvitationView, TeamMemberCreate, TeamMemberUpdate, TeamMemberView } from "#schemas/co-founders.ts";
import type { Db } from "#api/db/client.ts";
import { coFounderInvitations, teamMembers } from "#api/db/community-schema.ts";
import { coFounders, startups } from "#api/db/schema.ts";
import { notFound } from "#api/lib/errors.ts";
import { offset, type ListQuery, type PageRows } from "#api/lib/pagination.ts";
import { containsPattern } from "#api/lib/like.ts";
import { fileUrl } from "../files/service.ts";
import { startupCard } from "../applications/views.ts";

export const TEAM_MEMBER_NOT_FOUND = "Team member not found";

const memberColumns = {
  id: teamMembers.id,
  coFounderId: teamMembers.coFounderId,
  name: teamMembers.name,
  email: teamMembers.email,
  title: teamMembers.title,
  role: teamMembers.role,
  equityNote: teamMembers.equityNote,
  headline: coFounders.headline,
  avatarFileId: coFounders.avatarFileId,
  createdAt: teamMembers.createdAt,
  updatedAt: teamMembers.updatedAt,
};

type MemberRow = {
  id: number;
  coFounderId: number | null;
  name: string;
  email: string | null;
  title: string;
  role: string;
  equityNote: string | null;
  headline: string | null;
  avatarFileId: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const memberView = (r: MemberRow): TeamMemberView => ({
  id: r.id,
  co_founder_id: r.coFounderId,
  name: r.name,
  email: r.email,
  title: r.title,
  role: r.role,
  equity_note: r.equityNote,
  headline: r.headline,
  avatar_url: fileUrl(r.avatarFileId),
  on_platform: r.coFounderId !== null,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** The startup's team, oldest first (founding members on top), searchable by name, title or role. */
export async function listTeam(db: Db, startupId: number, query: ListQuery): Promise<PageRows<TeamMemberView>> {
  const search = query.search ? containsPattern(query.search) : null;
  const where = and(
    eq(teamMembers.startupId, startupId),
    search
      ? sql`(${teamMembers.name} ilike ${search} or ${teamMembers.title} ilike ${search} or ${teamMembers.role} ilike ${search})`
      : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(teamMembers).where(where);
  const rows = await db
    .select(memberColumns)
    .from(teamMembers)
    .leftJoin(coFounders, eq(coFounders.id, teamMembers.coFounderId))
    .where(where)
    .orderBy(asc(teamMembers.createdAt), asc(teamMembers.id))
    .limit(query.per_page)
    .offset(offset(query));
  return { total, data: rows.map(memberView) };
}

/** How many teams, and teammates in each, a co-founder's page shows: teams are a handful of people. */
const JOINED_TEAMS_LIMIT = 20;
const TEAMMATES_LIMIT = 100;

/**
 * The teams co-founder `coFounderId` is on (one row of theirs in each startup's team), most recently joined
 * first, each with its members oldest first. Teammates' emails stay with the startup that holds them.
 */
export async function joinedTeams(db: Db, coFounderId: number): Promise<JoinedTeams> {
  const joined = await db
    .select({ startup: { id: startups.id, name: startups.name, username: startups.username, logoFileId: startups.logoFileId } })
    .from(teamMembers)
    .innerJoin(startups, eq(startups.id, teamMembers.startupId))
    .where(eq(teamMembers.coFounderId, coFounderId))
    .orderBy(desc(teamMembers.createdAt), desc(teamMembers.id))
    .limit(JOINED_TEAMS_LIMIT);
  // Every team's members in one query, each team's oldest first, then split by team.
  const ids = joined.map(({ startup }) => startup.id);
  const rows = ids.length
    ? await db
        .select({ ...memberColumns, startupId: teamMembers.startupId })
        .from(teamMembers)
        .leftJoin(coFounders, eq(coFounders.id, teamMembers.coFounderId))
        .where(inArray(teamMembers.startupId, ids))
        .orderBy(asc(teamMembers.createdAt), asc(teamMembers.id))
        .limit(JOINED_TEAMS_LIMIT * TEAMMATES_LIMIT)
    : [];
  const data = joined.map(({ startup }) => ({
    startup: startupCard(startup),
    members: rows
      .filter((row) => row.startupId === startup.id)
      .slice(0, TEAMMATES_LIMIT)
      .map((row) => ({ ...memberView(row), email: null })),
  }));
  return { data };
}

/** The startup's pending invitations (at most 20 by rule, so never paged), newest first. */
export async function pendingInvitations(db: Db, startupId: number): Promise<PendingInvitationView[]> {
  const rows = await db
    .select({
      id: coFounderInvitations.id,
      coFounderId: coFounderInvitations.coFounderId,
      name: coFounders.name,
      headline: coFounders.headline,
      title: coFounderInvitations.title,
      role: coFounderInvitations.role,
      createdAt: coFounderInvitations.createdAt,
    })
    .from(coFounderInvitations)
    .innerJoin(coFounders, eq(coFounders.id, coFounderInvitations.coFounderId))
    .where(and(eq(coFounderInvitations.startupId, startupId), eq(coFounderInvitations.status, "pending")))
    .orderBy(desc(coFounderInvitations.createdAt), desc(coFounderInvitations.id));
  return rows.map((r) => ({
    id: r.id,
    co_founder_id: r.coFounderId,
    name: r.name,
    headline: r.headline,
    title: r.title,
    role: r.role,
    created_at: r.createdAt.toISOString(),
  }));
}

export async function getTeamMember(db: Db, startupId: number, id: number): Promise<TeamMemberView> {
  const [row] = await db
    .select(memberColumns)
    .from(teamMembers)
    .leftJoin(coFounders, eq(coFounders.id, teamMembers.coFounderId))
    .where(and(eq(teamMembers.id, id), eq(teamMembers.startupId, startupId)));
  if (!row) throw notFound(TEAM_MEMBER_NOT_FOUND);
  return memberView(row);
}

/** Records someone who is not on the platform (no co-founder profile). */
export async function createTeamMember(db: Db, startupId: number, input: TeamMemberCreate): Promise<TeamMemberView> {
  const [row] = await db
    .insert(teamMembers)
    .values({
      startupId,
      name: input.name,
      email: input.email ?? null,
      title: input.title,
      role: input.role,
      equityNote: input.equity_note ?? null,
    })
    .returning({ id: teamMembers.id });
  return getTeamMember(db, startupId, row.id);
}

export async function updateTeamMember(db: Db, startupId: number, id: number, input: TeamMemberUpdate): Promise<TeamMemberView> {
  const updated = await db
    .update(teamMembers)
    .set({ title: input.title, role: input.role, equityNote: input.equity_note ?? null, updatedAt: sql`now()` })
    .where(and(eq(teamMembers.id, id), eq(teamMembers.startupId, startupId)))
    .returning({ id: teamMembers.id });
  if (!updated.length) throw notFound(TEAM_MEMBER_NOT_FOUND);
  return getTeamMember(db, startupId, id);
}

export async function deleteTeamMember(db: Db, startupId: number, id: number) {
  const deleted = await db
    .delete(teamMembers)
    .where(and(eq(teamMembers.id, id), eq(teamMembers.startupId, startupId)))
    .returning({ id: teamMembers.id });
  if (!deleted.length) throw notFound(TEAM_MEMBER_NOT_FOUND);
}
