import { and, count, desc, eq, sql } from "drizzle-orm";
import {
  MAX_PENDING_INVITATIONS,
  type InvitationBox,
  type InvitationCreate,
  type InvitationStatus,
  type InvitationView,
} from "#schemas/invitations.ts";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { coFounderInvitations as inv, teamMembers } from "#api/db/community-schema.ts";
import { isUniqueViolation } from "#api/db/errors.ts";
import { coFounders, startups } from "#api/db/schema.ts";
import { fieldError, forbidden, notFound, validationFailed } from "#api/lib/errors.ts";
import { offset, type ListQuery, type PageRows } from "#api/lib/pagination.ts";
import type { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { fileUrl } from "../files/service.ts";
import { recordActivity, type Actor } from "#api/lib/activity.ts";
import { organizationAccess, type OrganizationCaller } from "#api/lib/owner.ts";

export const INVITATION_NOT_FOUND = "Invitation not found";
const ALREADY_PENDING = "You have already invited this person; that invitation is still pending.";
const ON_TEAM = "This person is already on your team.";
const UNKNOWN_CO_FOUNDER = "The selected co-founder is invalid.";
export const PENDING_LIMIT = `You can have at most ${MAX_PENDING_INVITATIONS} pending invitations. Withdraw one before sending another.`;

/**
 * The organization that sends the caller's invitations: the one they act for, when their role there may
 * speak for its profile (a door volunteer does not invite co-founders on its behalf).
 */
export const sendingStartupId = (user: OrganizationCaller): number | null =>
  organizationAccess(user, "organization.profile")?.organizationId ?? null;

/** Invitations are for startups (sending) and co-founders (receiving); anyone else is refused. */
export function assertInvitationAccount(user: AuthUser) {
  if (!sendingStartupId(user) && !user.coFounderId) throw forbidden();
}

/** The box a list shows: as asked if the caller has that side, else the side they have (a startup's sent first). */
export function boxFor(user: AuthUser, asked: string | undefined): InvitationBox {
  if (asked === "received" && user.coFounderId) return "received";
  if (asked === "sent" && sendingStartupId(user)) return "sent";
  return sendingStartupId(user) ? "sent" : "received";
}

const columns = {
  id: inv.id,
  status: inv.status,
  message: inv.message,
  responseMessage: inv.responseMessage,
  title: inv.title,
  role: inv.role,
  createdAt: inv.createdAt,
  respondedAt: inv.respondedAt,
  startupId: startups.id,
  startupName: startups.name,
  startupUsername: startups.username,
  startupLogo: startups.logoFileId,
  coFounderId: coFounders.id,
  coFounderName: coFounders.name,
  coFounderHeadline: coFounders.headline,
  coFounderAvatar: coFounders.avatarFileId,
};

const selectInvitations = (db: Db) =>
  db
    .select(columns)
    .from(inv)
    .innerJoin(startups, eq(startups.id, inv.startupId))
    .innerJoin(coFounders, eq(coFounders.id, inv.coFounderId));
type Row = Awaited<ReturnType<typeof selectInvitations>>[number];

const view = (r: Row): InvitationView => ({
  id: r.id,
  status: r.status,
  message: r.message,
  response_message: r.responseMessage,
  title: r.title,
  role: r.role,
  created_at: r.createdAt.toISOString(),
  responded_at: r.respondedAt?.toISOString() ?? null,
  startup: { id: r.startupId, name: r.startupName, username: r.startupUsername, logo_url: fileUrl(r.startupLogo) },
  co_founder: { id: r.coFounderId, name: r.coFounderName, headline: r.coFounderHeadline, avatar_url: fileUrl(r.coFounderAvatar) },
});

/** Sent or received invitations, newest first, optionally of one status. Scoped to the caller's side in WHERE. */
export async function listInvitations(
  db: Db,
  user: AuthUser,
  box: InvitationBox,
  status: InvitationStatus | undefined,
  query: ListQuery,
): Promise<PageRows<InvitationView>> {
  const where = and(
    box === "sent" ? eq(inv.startupId, sendingStartupId(user) ?? 0) : eq(inv.coFounderId, user.coFounderId ?? 0),
    status ? eq(inv.status, status) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(inv).where(where);
  const rows = await selectInvitations(db)
    .where(where)
    .orderBy(desc(inv.createdAt), desc(inv.id))
    .limit(query.per_page)
    .offset(offset(query));
  return { total, data: rows.map(view) };
}

async function getInvitation(db: Db, id: number): Promise<InvitationView> {
  const [row] = await selectInvitations(db).where(eq(inv.id, id));
  return view(row);
}

/**
 * Sends an invitation. The startup row is locked first, so two invitations sent at once are counted one
 * after the other and the cap of 20 pending holds; the partial unique index (one pending per startup and
 * person) is the final word on duplicates. The invited person's notification is written with it.
 */
export async function sendInvitation(
  db: Db,
  startupId: number,
  sender: NonNullable<Actor>,
  input: InvitationCreate,
  queue: BroadcastQueue,
): Promise<InvitationView> {
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      await tx.select({ id: startups.id }).from(startups).where(eq(startups.id, startupId)).for("no key update");
      const [person] = await tx
        .select({ id: coFounders.id, name: coFounders.name })
        .from(coFounders)
        .where(eq(coFounders.id, input.co_founder_id));
      if (!person) throw fieldError("co_founder_id", UNKNOWN_CO_FOUNDER);
      const [member] = await tx
        .select({ id: teamMembers.id })
        .from(teamMembers)
        .where(and(eq(teamMembers.startupId, startupId), eq(teamMembers.coFounderId, input.co_founder_id)));
      if (member) throw fieldError("co_founder_id", ON_TEAM);
      const [{ pending }] = await tx
        .select({ pending: count() })
        .from(inv)
        .where(and(eq(inv.startupId, startupId), eq(inv.status, "pending")));
      if (pending >= MAX_PENDING_INVITATIONS) throw fieldError("co_founder_id", PENDING_LIMIT);
      const [row] = await tx
        .insert(inv)
        .values({
          startupId,
          coFounderId: input.co_founder_id,
          senderUserId: sender.id,
          message: input.message ?? null,
          title: input.title ?? null,
          role: input.role ?? null,
        })
        .returning({ id: inv.id });
      await recordActivity(
        tx,
        { organizationId: startupId, actor: sender, kind: "co_founder_invitation.sent", subject: { id: row.id, label: person.name } },
        queue,
      );
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError("co_founder_id", ALREADY_PENDING);
    throw error;
  }
  return getInvitation(db, id);
}

const answered = (status: string) => validationFailed({ status: [`This invitation has already been ${status}.`] });

/**
 * Moves a pending invitation to its answer. `scope` names the only party allowed (the addressee or the
 * sender startup) in the WHERE clause: for anyone else the invitation does not exist (404). The update
 * itself requires `pending`, so two answers racing cannot both win.
 */
async function answer(
  tx: Db,
  id: number,
  scope: ReturnType<typeof eq>,
  status: Exclude<InvitationStatus, "pending">,
  responseMessage: string | null,
) {
  const [row] = await tx
    .update(inv)
    .set({ status, respondedAt: sql`now()`, ...(status === "withdrawn" ? {} : { responseMessage }) })
    .where(and(eq(inv.id, id), scope, eq(inv.status, "pending")))
    .returning({ startupId: inv.startupId, coFounderId: inv.coFounderId, title: inv.title, role: inv.role });
  if (row) return row;
  const [existing] = await tx
    .select({ status: inv.status })
    .from(inv)
    .where(and(eq(inv.id, id), scope));
  if (!existing) throw notFound(INVITATION_NOT_FOUND);
  throw answered(existing.status);
}

/** The answer, on the inviting organization's record: the person answering is not of it. */
function recordAnswer(
  tx: Db,
  queue: BroadcastQueue,
  user: AuthUser,
  id: number,
  startupId: number,
  coFounderName: string,
  status: "accepted" | "declined",
) {
  return recordActivity(
    tx,
    { organizationId: startupId, actor: user, kind: `co_founder_invitation.${status}`, subject: { id, label: coFounderName } },
    queue,
  );
}

/**
 * The addressee accepts: the invitation, the new team member and the startup's notification are written in
 * one transaction.
 */
export async function acceptInvitation(
  db: Db,
  user: AuthUser & { coFounderId: number },
  id: number,
  responseMessage: string | null,
  queue: BroadcastQueue,
): Promise<InvitationView> {
  const { coFounderId } = user;
  await db.transaction(async (tx) => {
    const accepted = await answer(tx, id, eq(inv.coFounderId, coFounderId), "accepted", responseMessage);
    const [profile] = await tx
      .select({ name: coFounders.name, roles: coFounders.roles })
      .from(coFounders)
      .where(eq(coFounders.id, coFounderId));
    await tx
      .insert(teamMembers)
      .values({
        startupId: accepted.startupId,
        coFounderId,
        name: profile.name,
        title: accepted.title ?? "Co-founder",
        // Without a role in the invitation, the first role the person says they can take.
        role: accepted.role ?? profile.roles[0] ?? "Business",
      })
      .onConflictDoNothing();
    await recordAnswer(tx, queue, user, id, accepted.startupId, profile.name, "accepted");
  });
  return getInvitation(db, id);
}

export async function declineInvitation(
  db: Db,
  user: AuthUser & { coFounderId: number },
  id: number,
  responseMessage: string | null,
  queue: BroadcastQueue,
): Promise<InvitationView> {
  await db.transaction(async (tx) => {
    const declined = await answer(tx, id, eq(inv.coFounderId, user.coFounderId), "declined", responseMessage);
    const [profile] = await tx.select({ name: coFounders.name }).from(coFounders).where(eq(coFounders.id, user.coFounderId));
    await recordAnswer(tx, queue, user, id, declined.startupId, profile.name, "declined");
  });
  return getInvitation(db, id);
}

export async function withdrawInvitation(db: Db, startupId: number, id: number): Promise<InvitationView> {
  await db.transaction((tx) => answer(tx, id, eq(inv.startupId, startupId), "withdrawn", null));
  return getInvitation(db, id);
}
