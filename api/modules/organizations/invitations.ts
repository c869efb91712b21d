import { and, eq, gt, ilike, isNull, sql } from "drizzle-orm";
import { LINK_INVALID } from "#schemas/account-links.ts";
import type { AssignableRole } from "#schemas/organization-roles.ts";
import {
  INVITATION_LIFETIME_DAYS,
  INVITATION_WRONG_ACCOUNT,
  TEAM_INVITATION_NOT_FOUND,
  type InvitationPreview,
  type JoinedOrganization,
  type TeamInvitationAnswer,
  type TeamInvitationInput,
  type TeamInvitationView,
} from "#schemas/team.ts";
import type { ApiConfig } from "#api/config.ts";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { organizationMembers, teamInvitations } from "#api/db/organization-schema.ts";
import { startups, users } from "#api/db/schema.ts";
import { fieldError, forbidden, notFound } from "#api/lib/errors.ts";
import { containsPattern } from "#api/lib/like.ts";
import type { OrganizationAccess } from "#api/lib/owner.ts";
import { offset, totalOf, totalOver, type ListQuery, type PageRows } from "#api/lib/pagination.ts";
import { randomToken, sha256 } from "#api/lib/tokens.ts";
import { readerDates } from "#api/mail/format.ts";
import { queueMail } from "#api/mail/outbox.ts";
import { renderMail } from "#api/mail/render.tsx";
import { TeamInvitation, teamInvitationSubject } from "#api/mail/templates/team-invitation.tsx";
import { recordActivity } from "#api/lib/activity.ts";
import { addMember } from "./members.ts";
import { actorOf, checkedScope, lockTeam, roleOf, type LockedOrganization } from "./team-access.ts";

/*
 * Invitations to an organization's team. The token is 256 random bits mailed in the link; only its SHA-256
 * is kept. An invitation is open until it is accepted or revoked; a resend gives it a new token and expiry,
 * so the older link stops working.
 */

const open = and(isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt));
const live = and(open, gt(teamInvitations.expiresAt, sql`now()`));
const linkInvalid = () => notFound(LINK_INVALID);

const invitationView = (row: typeof teamInvitations.$inferSelect): TeamInvitationView => ({
  id: row.id,
  email: row.email,
  role: row.role as AssignableRole,
  event_form_ids: row.eventFormIds,
  status: row.expiresAt.getTime() > Date.now() ? "pending" : "expired",
  expires_at: row.expiresAt.toISOString(),
  created_at: row.createdAt.toISOString(),
});

const answerOf = (row: typeof teamInvitations.$inferSelect): TeamInvitationAnswer => {
  const { id, email, role, status, expires_at } = invitationView(row);
  return { invitation: { id, email, role, status, expires_at } };
};

export async function listInvitations(db: Db, access: OrganizationAccess, query: ListQuery): Promise<PageRows<TeamInvitationView>> {
  const where = and(
    eq(teamInvitations.organizationId, access.organizationId),
    open,
    query.search ? ilike(teamInvitations.email, containsPattern(query.search)) : undefined,
  );
  const rows = await db
    .select({ row: teamInvitations, listTotal: totalOver() })
    .from(teamInvitations)
    .where(where)
    .orderBy(sql`${teamInvitations.createdAt} desc`, teamInvitations.id)
    .limit(query.per_page)
    .offset(offset(query));
  const total = await totalOf(
    rows,
    query,
    async () =>
      (
        await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(teamInvitations)
          .where(where)
      )[0].n,
  );
  return { total, data: rows.map((r) => invitationView(r.row)) };
}

/** A new link and its mail, rendered before the transaction that stores them. */
async function mailFor(db: Db, config: ApiConfig, organization: { name: string }, inviter: AuthUser, role: AssignableRole) {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + INVITATION_LIFETIME_DAYS * 86_400_000);
  const mail = await renderMail(
    TeamInvitation({
      appUrl: config.appUrl,
      organizationName: organization.name,
      inviterName: inviter.name,
      role,
      token,
      expiresAt,
      dates: await readerDates(db, null),
    }),
  );
  return { token, expiresAt, mail };
}

const queueInvitation = (tx: Db, organization: LockedOrganization, email: string, mail: Awaited<ReturnType<typeof mailFor>>["mail"]) =>
  queueMail(tx, { to: email, kind: "team_invitation", subject: teamInvitationSubject(organization.name), ...mail });

/** Invites an address; one with an open invitation already gets it again, with a new link. */
export async function invite(
  db: Db,
  config: ApiConfig,
  access: OrganizationAccess,
  caller: AuthUser,
  input: TeamInvitationInput,
): Promise<TeamInvitationAnswer> {
  const [organization] = await db.select({ name: startups.name }).from(startups).where(eq(startups.id, access.organizationId));
  const issued = await mailFor(db, config, organization, caller, input.role);
  return db.transaction(async (tx) => {
    const locked = await lockTeam(tx, access.organizationId, caller.id, "team.manage");
    const eventFormIds = await checkedScope(tx, locked.id, input.role, input.event_form_ids);
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(organizationMembers, and(eq(organizationMembers.userId, users.id), eq(organizationMembers.organizationId, locked.id)))
      .where(eq(sql`lower(${users.email})`, input.email));
    if (member) throw fieldError("email", "This address is already a member of the team.");
    const fields = { role: input.role, eventFormIds, tokenHash: sha256(issued.token), expiresAt: issued.expiresAt, invitedBy: caller.id };
    const [resent] = await tx
      .update(teamInvitations)
      .set(fields)
      .where(and(eq(teamInvitations.organizationId, locked.id), eq(sql`lower(${teamInvitations.email})`, input.email), open))
      .returning();
    const row =
      resent ??
      (
        await tx
          .insert(teamInvitations)
          .values({ ...fields, organizationId: locked.id, email: input.email })
          .returning()
      )[0];
    await recordActivity(tx, {
      organizationId: locked.id,
      actor: actorOf(caller),
      kind: resent ? "invitation.resent" : "member.invited",
      subject: { id: row.id, label: row.email },
      changes: { role: { from: null, to: row.role }, event_form_ids: { from: null, to: row.eventFormIds } },
    });
    await queueInvitation(tx, locked, row.email, issued.mail);
    return answerOf(row);
  });
}

async function openInvitation(tx: Db, organizationId: number, id: number) {
  const [row] = await tx
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.id, id), eq(teamInvitations.organizationId, organizationId), open))
    .for("update");
  if (!row) throw notFound(TEAM_INVITATION_NOT_FOUND);
  return row;
}

export async function resend(
  db: Db,
  config: ApiConfig,
  access: OrganizationAccess,
  caller: AuthUser,
  id: number,
): Promise<TeamInvitationAnswer> {
  const [found] = await db
    .select({ name: startups.name, role: teamInvitations.role })
    .from(teamInvitations)
    .innerJoin(startups, eq(startups.id, teamInvitations.organizationId))
    .where(and(eq(teamInvitations.id, id), eq(teamInvitations.organizationId, access.organizationId), open));
  if (!found) throw notFound(TEAM_INVITATION_NOT_FOUND);
  const issued = await mailFor(db, config, found, caller, found.role as AssignableRole);
  return db.transaction(async (tx) => {
    const locked = await lockTeam(tx, access.organizationId, caller.id, "team.manage");
    await openInvitation(tx, locked.id, id);
    const [row] = await tx
      .update(teamInvitations)
      .set({ tokenHash: sha256(issued.token), expiresAt: issued.expiresAt })
      .where(eq(teamInvitations.id, id))
      .returning();
    await recordActivity(tx, {
      organizationId: locked.id,
      actor: actorOf(caller),
      kind: "invitation.resent",
      subject: { id, label: row.email },
    });
    await queueInvitation(tx, locked, row.email, issued.mail);
    return answerOf(row);
  });
}

export async function revoke(db: Db, access: OrganizationAccess, caller: AuthUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockTeam(tx, access.organizationId, caller.id, "team.manage");
    const row = await openInvitation(tx, locked.id, id);
    await tx
      .update(teamInvitations)
      .set({ revokedAt: sql`now()` })
      .where(eq(teamInvitations.id, id));
    await recordActivity(tx, {
      organizationId: locked.id,
      actor: actorOf(caller),
      kind: "invitation.revoked",
      subject: { id, label: row.email },
    });
  });
}

/** What the join page shows: anyone holding a live link may see it. */
export async function previewInvitation(db: Db, token: string): Promise<InvitationPreview> {
  const [row] = await db
    .select({ invitation: teamInvitations, name: startups.name })
    .from(teamInvitations)
    .innerJoin(startups, eq(startups.id, teamInvitations.organizationId))
    .where(and(eq(teamInvitations.tokenHash, sha256(token)), live));
  if (!row) throw linkInvalid();
  const { invitation } = row;
  return {
    invitation: {
      organization: { id: invitation.organizationId, name: row.name },
      email: invitation.email,
      role: invitation.role as AssignableRole,
      expires_at: invitation.expiresAt.toISOString(),
    },
  };
}

/**
 * Joins the organization with the link, as the account it was sent to. The link was mailed to the address,
 * so opening it proves the address too. An account acting for no organization acts for this one from now
 * on (and may use what its type of account uses): an invited volunteer never sets up a profile.
 */
export async function acceptInvitation(db: Db, caller: AuthUser, token: string): Promise<JoinedOrganization> {
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(teamInvitations)
      .where(and(eq(teamInvitations.tokenHash, sha256(token)), live))
      .for("update");
    if (!invitation) throw linkInvalid();
    if (invitation.email.toLowerCase() !== caller.email.toLowerCase()) throw forbidden(INVITATION_WRONG_ACCOUNT);
    const [organization] = await tx
      .select({ id: startups.id, name: startups.name, accountType: startups.accountType })
      .from(startups)
      .where(eq(startups.id, invitation.organizationId))
      .for("update");
    await tx
      .update(teamInvitations)
      .set({ acceptedAt: sql`now()` })
      .where(eq(teamInvitations.id, invitation.id));
    const already = await roleOf(tx, organization.id, caller.id);
    if (already) return { organization: { id: organization.id, name: organization.name, role: already } };
    await addMember(tx, {
      organizationId: organization.id,
      userId: caller.id,
      role: invitation.role,
      eventFormIds: invitation.eventFormIds,
    });
    await tx
      .update(users)
      .set({
        startupId: sql`coalesce(${users.startupId}, ${organization.id})`,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, caller.id));
    await recordActivity(tx, {
      organizationId: organization.id,
      actor: actorOf(caller),
      kind: "member.joined",
      subject: { id: caller.id, label: caller.name },
      changes: { role: { from: null, to: invitation.role }, event_form_ids: { from: null, to: invitation.eventFormIds } },
    });
    return { organization: { id: organization.id, name: organization.name, role: invitation.role } };
  });
}
