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
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { coFounderInvitationRoutes as routes } from "#schemas/contract/co-founder-invitations.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { forbidden, notFound } from "#api/lib/errors.ts";
import { pathId } from "#api/lib/ids.ts";
import { page } from "#api/lib/pagination.ts";
import { BroadcastQueue, publishAfterCommit } from "#api/realtime/broadcaster.ts";
import { assertVerifiedEmail } from "../account-links/hold.ts";
import { currentUser } from "../auth/middleware.ts";
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

export const invitationRoutes = new Hono<AppEnv>();

/** The caller, refused unless they have a startup or a co-founder profile. */
function accountUser(c: Context<AppEnv>) {
  const user = currentUser(c);
  assertInvitationAccount(user);
  return user;
}

const invitationId = (value: string | undefined) => pathId(value, INVITATION_NOT_FOUND);
/** An invitation the caller is not party to does not exist for them (404, never 403). */
const notYours = () => notFound(INVITATION_NOT_FOUND);

/** Only a startup (or organization) with a verified address sends; refused before the body is read. */
function sender(c: Context<AppEnv>) {
  const user = accountUser(c);
  const startupId = sendingStartupId(user);
  if (!startupId) throw forbidden();
  assertVerifiedEmail(c, "invite");
  return { user, startupId };
}
const senderFirst: MiddlewareHandler<AppEnv> = async (c, next) => {
  sender(c);
  await next();
};

/** The caller's account and the invitation's id are checked before the reply's body is read. */
const answerFirst: MiddlewareHandler<AppEnv> = async (c, next) => {
  accountUser(c);
  invitationId(c.req.param("id"));
  await next();
};

serve(invitationRoutes, routes.listCoFounderInvitations, async (c, { query }) => {
  const user = accountUser(c);
  const box = boxFor(user, query.box);
  const result = await listInvitations(c.get("db"), user, box, query.status, query);
  return {
    ...page(c.req.url, query, result.total, result.data),
    box,
    can_send: sendingStartupId(user) !== null,
    can_receive: Boolean(user.coFounderId),
  };
});

serve(
  invitationRoutes,
  routes.sendCoFounderInvitation,
  async (c, { body }) => {
    const { user, startupId } = sender(c);
    const queue = new BroadcastQueue();
    const invitation = await sendInvitation(c.get("db"), startupId, user, body, queue);
    await publishAfterCommit(c.get("broadcaster"), queue.messages);
    return { invitation, message: "Invitation sent." };
  },
  { before: [senderFirst] },
);

/** The addressee's answer (accept or decline), with its realtime messages sent once it is stored. */
async function answerAs(
  c: Context<AppEnv>,
  rawId: string,
  responseMessage: string | undefined,
  answer: typeof acceptInvitation | typeof declineInvitation,
) {
  const user = accountUser(c);
  const id = invitationId(rawId);
  // Someone with no profile is addressed by no invitation: the same 404 as a stranger's.
  if (!user.coFounderId) throw notYours();
  const queue = new BroadcastQueue();
  const invitation = await answer(c.get("db"), { ...user, coFounderId: user.coFounderId }, id, responseMessage ?? null, queue);
  await publishAfterCommit(c.get("broadcaster"), queue.messages);
  return invitation;
}

serve(
  invitationRoutes,
  routes.acceptCoFounderInvitation,
  async (c, { params, body }) => ({
    invitation: await answerAs(c, params.id, body.response_message, acceptInvitation),
    message: "Invitation accepted. You are now on the team.",
  }),
  { before: [answerFirst] },
);

serve(
  invitationRoutes,
  routes.declineCoFounderInvitation,
  async (c, { params, body }) => ({
    invitation: await answerAs(c, params.id, body.response_message, declineInvitation),
    message: "Invitation declined.",
  }),
  { before: [answerFirst] },
);

serve(invitationRoutes, routes.withdrawCoFounderInvitation, async (c, { params }) => {
  const user = accountUser(c);
  const id = invitationId(params.id);
  const startupId = sendingStartupId(user);
  if (!startupId) throw notYours();
  const invitation = await withdrawInvitation(c.get("db"), startupId, id);
  return { invitation, message: "Invitation withdrawn." };
});
