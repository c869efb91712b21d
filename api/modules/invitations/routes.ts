/**
 * Co-founder invitations, under /api/v1/admin/co_founder_invitations. Only users with a startup or a
 * co-founder profile may use them (403 "Access Forbidden" otherwise).
 *
 *   GET  /co_founder_invitations?box=sent|received&status=   the caller's sent or received invitations
 *   POST /co_founder_invitations                             a startup sends one (co_founder_id, message, title, role)
 *   POST /co_founder_invitations/{id}/accept | /decline      the addressee answers (optional response_message)
 *   POST /co_founder_invitations/{id}/withdraw               the sender startup takes a pending one back
 *
 * Anyone but the addressee (accept, decline) or the sender (withdraw) gets 404: the WHERE clause scopes it.
 */
import { Hono, type Context } from "hono";
import {
  INVITATION_STATUSES,
  invitationCreateSchema,
  invitationResponseSchema,
  type InvitationPage,
  type InvitationStatus,
} from "#schemas/invitations.ts";
import type { AppEnv } from "#api/context.ts";
import { readBody } from "#api/lib/body.ts";
import { forbidden, notFound } from "#api/lib/errors.ts";
import { pathId } from "#api/lib/ids.ts";
import { page, parseListQuery } from "#api/lib/pagination.ts";
import { validate } from "#api/lib/validation.ts";
import { BroadcastQueue, publishAfterCommit } from "#api/realtime/broadcaster.ts";
import { assertVerifiedEmail } from "../account-links/hold.ts";
import { currentUser, requireUser } from "../auth/middleware.ts";
import {
  INVITATION_NOT_FOUND,
  acceptInvitation,
  assertInvitationAccount,
  boxFor,
  declineInvitation,
  listInvitations,
  sendInvitation,
  sendingStartupId,
  withdrawInvitation,
} from "./service.ts";

const BASE = "/api/v1/admin/co_founder_invitations";
export const invitationRoutes = new Hono<AppEnv>();

/** The caller, refused unless they have a startup or a co-founder profile. */
function accountUser(c: Context<AppEnv>) {
  const user = currentUser(c);
  assertInvitationAccount(user);
  return user;
}

const invitationId = (c: Context<AppEnv>) => pathId(c.req.param("id"), INVITATION_NOT_FOUND);
/** An invitation the caller is not party to does not exist for them (404, never 403). */
const notYours = () => notFound(INVITATION_NOT_FOUND);

invitationRoutes.get(BASE, requireUser, async (c) => {
  const user = accountUser(c);
  const query = parseListQuery(c.req.url);
  const box = boxFor(user, c.req.query("box"));
  const asked = c.req.query("status");
  const status = (INVITATION_STATUSES as readonly string[]).includes(asked ?? "") ? (asked as InvitationStatus) : undefined;
  const result = await listInvitations(c.get("db"), user, box, status, query);
  const answer: InvitationPage = {
    ...page(c.req.url, query, result.total, result.data),
    box,
    can_send: sendingStartupId(user) !== null,
    can_receive: Boolean(user.coFounderId),
  };
  return c.json(answer);
});

invitationRoutes.post(BASE, requireUser, async (c) => {
  const user = accountUser(c);
  // Only a startup (or organization) sends; a co-founder without one may only answer.
  const startupId = sendingStartupId(user);
  if (!startupId) throw forbidden();
  assertVerifiedEmail(c, "invite");
  const queue = new BroadcastQueue();
  const invitation = await sendInvitation(c.get("db"), startupId, user, validate(invitationCreateSchema, await readBody(c)), queue);
  await publishAfterCommit(c.get("broadcaster"), queue.messages);
  return c.json({ invitation, message: "Invitation sent." }, 201);
});

invitationRoutes.post(`${BASE}/:id/accept`, requireUser, async (c) => {
  const user = accountUser(c);
  const id = invitationId(c);
  const input = validate(invitationResponseSchema, await readBody(c));
  // Someone with no profile is addressed by no invitation: the same 404 as a stranger's.
  if (!user.coFounderId) throw notYours();
  const queue = new BroadcastQueue();
  const invitation = await acceptInvitation(
    c.get("db"),
    { ...user, coFounderId: user.coFounderId },
    id,
    input.response_message ?? null,
    queue,
  );
  await publishAfterCommit(c.get("broadcaster"), queue.messages);
  return c.json({ invitation, message: "Invitation accepted. You are now on the team." });
});

invitationRoutes.post(`${BASE}/:id/decline`, requireUser, async (c) => {
  const user = accountUser(c);
  const id = invitationId(c);
  const input = validate(invitationResponseSchema, await readBody(c));
  if (!user.coFounderId) throw notYours();
  const queue = new BroadcastQueue();
  const invitation = await declineInvitation(
    c.get("db"),
    { ...user, coFounderId: user.coFounderId },
    id,
    input.response_message ?? null,
    queue,
  );
  await publishAfterCommit(c.get("broadcaster"), queue.messages);
  return c.json({ invitation, message: "Invitation declined." });
});

invitationRoutes.post(`${BASE}/:id/withdraw`, requireUser, async (c) => {
  const user = accountUser(c);
  const id = invitationId(c);
  const startupId = sendingStartupId(user);
  if (!startupId) throw notYours();
  const invitation = await withdrawInvitation(c.get("db"), startupId, id);
  return c.json({ invitation, message: "Invitation withdrawn." });
});
