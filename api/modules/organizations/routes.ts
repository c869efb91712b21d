import { Hono, type MiddlewareHandler } from "hono";
import { TEAM_INVITATION_NOT_FOUND, TEAM_MEMBER_NOT_FOUND } from "#schemas/team.ts";
import { teamRoutes as routes } from "#schemas/contract/team.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { notFound } from "#api/lib/errors.ts";
import { limits } from "#api/lib/limits.ts";
import { hit } from "#api/lib/rate-limit.ts";
import { pathId } from "#api/lib/ids.ts";
import { organizationFor } from "#api/lib/owner.ts";
import { page } from "#api/lib/pagination.ts";
import { currentUser } from "../auth/middleware.ts";
import { BroadcastQueue, publishAfterCommit } from "#api/realtime/broadcaster.ts";
import { recheckListeners } from "../broadcasting/recheck.ts";
import { acceptInvitation, invite, listInvitations, previewInvitation, resend, revoke } from "./invitations.ts";
import { leaveTeam, listMembers, removeMember, transferOwnership, updateMember } from "./team.ts";

/*
 * The organization's team. A change that may end someone's right to listen on the organization's forms'
 * channels asks their sockets to check again once it has committed; the caller cache empties on every
 * write by itself (caller-cache.ts), so the next request already sees the new role.
 */
export const teamRoutes = new Hono<AppEnv>();

const memberId = (value: string | undefined) => pathId(value, TEAM_MEMBER_NOT_FOUND);
const invitationId = (value: string | undefined) => pathId(value, TEAM_INVITATION_NOT_FOUND);

/** A member id that can name nobody is "not found" before the body is looked at (and after the 403). */
const memberIdFirst: MiddlewareHandler<AppEnv> = async (c, next) => {
  organizationFor(currentUser(c), "team.manage");
  memberId(c.req.param("userId"));
  await next();
};

serve(teamRoutes, routes.listTeamMembers, async (c, { query, organization }) => {
  const { total, data } = await listMembers(c.get("db"), organization, query);
  return page(c.req.url, query, total, data);
});

serve(
  teamRoutes,
  routes.updateTeamMember,
  async (c, { params, body, organization }) => {
    const userId = memberId(params.userId);
    const queue = new BroadcastQueue();
    await updateMember(c.get("db"), organization, currentUser(c), userId, body, queue);
    await publishAfterCommit(c.get("broadcaster"), queue.messages);
    await recheckListeners(c, [userId]);
    return { message: "Member updated." };
  },
  { before: [memberIdFirst] },
);

serve(teamRoutes, routes.removeTeamMember, async (c, { params, organization }) => {
  const userId = memberId(params.userId);
  const queue = new BroadcastQueue();
  await removeMember(c.get("db"), organization, currentUser(c), userId, queue);
  await publishAfterCommit(c.get("broadcaster"), queue.messages);
  await recheckListeners(c, [userId]);
  return { message: "Member removed." };
});

/** The organization the caller acts for now and their role there (the /team screen of a member who manages nothing). */
serve(teamRoutes, routes.teamMembership, async (c) => {
  const user = currentUser(c);
  const current = user.organizations.find((o) => o.id === user.startupId);
  if (!current) throw notFound("You are not a member of an organization.");
  return { organization: { id: current.id, name: current.name, role: current.role } };
});

serve(teamRoutes, routes.leaveTeam, async (c) => {
  const user = currentUser(c);
  const queue = new BroadcastQueue();
  await leaveTeam(c.get("db"), user, queue);
  await publishAfterCommit(c.get("broadcaster"), queue.messages);
  await recheckListeners(c, [user.id]);
  return { message: "You left the team." };
});

serve(teamRoutes, routes.transferOwnership, async (c, { body, organization }) => {
  const user = currentUser(c);
  await transferOwnership(c.get("db"), c.get("config"), organization, user, body);
  await recheckListeners(c, [user.id, body.user_id]);
  return { message: "Ownership transferred." };
});

serve(teamRoutes, routes.listTeamInvitations, async (c, { query, organization }) => {
  const { total, data } = await listInvitations(c.get("db"), organization, query);
  return page(c.req.url, query, total, data);
});

// The mail limit counts only invitations whose body was valid, so it is hit after the body is read.
serve(teamRoutes, routes.inviteTeamMember, async (c, { body, organization }) => {
  await hit(c.get("db"), limits(c.get("config")).teamInvitation, organization.organizationId);
  return invite(c.get("db"), c.get("config"), organization, currentUser(c), body);
});

serve(teamRoutes, routes.resendTeamInvitation, async (c, { params, organization }) => {
  await hit(c.get("db"), limits(c.get("config")).teamInvitation, organization.organizationId);
  return resend(c.get("db"), c.get("config"), organization, currentUser(c), invitationId(params.id));
});

serve(teamRoutes, routes.revokeTeamInvitation, async (c, { params, organization }) => {
  await revoke(c.get("db"), organization, currentUser(c), invitationId(params.id));
  return { message: "Invitation revoked." };
});

serve(teamRoutes, routes.previewTeamInvitation, async (c, { params }) => previewInvitation(c.get("db"), params.token));

serve(teamRoutes, routes.acceptTeamInvitation, async (c, { params }) => acceptInvitation(c.get("db"), currentUser(c), params.token));
