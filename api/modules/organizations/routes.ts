import { Hono } from "hono";
import {
  ownershipTransferSchema,
  teamInvitationSchema,
  teamMemberUpdateSchema,
  TEAM_INVITATION_NOT_FOUND,
  TEAM_MEMBER_NOT_FOUND,
  type JoinedOrganization,
} from "#schemas/team.ts";
import type { AppEnv } from "#api/context.ts";
import { notFound } from "#api/lib/errors.ts";
import { limits } from "#api/lib/limits.ts";
import { hit } from "#api/lib/rate-limit.ts";
import { readBody } from "#api/lib/body.ts";
import { pathId } from "#api/lib/ids.ts";
import { organizationFor } from "#api/lib/owner.ts";
import { page, parseListQuery } from "#api/lib/pagination.ts";
import { validate } from "#api/lib/validation.ts";
import { currentUser, requireUser } from "../auth/middleware.ts";
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

const MEMBERS = "/api/v1/admin/team_members";
const INVITATIONS = "/api/v1/admin/team_invitations";
const memberId = (value: string | undefined) => pathId(value, TEAM_MEMBER_NOT_FOUND);
const invitationId = (value: string | undefined) => pathId(value, TEAM_INVITATION_NOT_FOUND);

teamRoutes.get(MEMBERS, requireUser, async (c) => {
  const access = organizationFor(currentUser(c), "team.manage");
  const query = parseListQuery(c.req.url);
  const { total, data } = await listMembers(c.get("db"), access, query);
  return c.json(page(c.req.url, query, total, data));
});

teamRoutes.put(`${MEMBERS}/:userId`, requireUser, async (c) => {
  const user = currentUser(c);
  const access = organizationFor(user, "team.manage");
  const userId = memberId(c.req.param("userId"));
  const queue = new BroadcastQueue();
  await updateMember(c.get("db"), access, user, userId, validate(teamMemberUpdateSchema, await readBody(c)), queue);
  await publishAfterCommit(c.get("broadcaster"), queue.messages);
  await recheckListeners(c, [userId]);
  return c.json({ message: "Member updated." });
});

teamRoutes.delete(`${MEMBERS}/:userId`, requireUser, async (c) => {
  const user = currentUser(c);
  const access = organizationFor(user, "team.manage");
  const userId = memberId(c.req.param("userId"));
  const queue = new BroadcastQueue();
  await removeMember(c.get("db"), access, user, userId, queue);
  await publishAfterCommit(c.get("broadcaster"), queue.messages);
  await recheckListeners(c, [userId]);
  return c.json({ message: "Member removed." });
});

/** The organization the caller acts for now and their role there (the /team screen of a member who manages nothing). */
teamRoutes.get("/api/v1/team/membership", requireUser, (c) => {
  const user = currentUser(c);
  const current = user.organizations.find((o) => o.id === user.startupId);
  if (!current) throw notFound("You are not a member of an organization.");
  return c.json({ organization: { id: current.id, name: current.name, role: current.role } } satisfies JoinedOrganization);
});

teamRoutes.post("/api/v1/team/leave", requireUser, async (c) => {
  const user = currentUser(c);
  const queue = new BroadcastQueue();
  await leaveTeam(c.get("db"), user, queue);
  await publishAfterCommit(c.get("broadcaster"), queue.messages);
  await recheckListeners(c, [user.id]);
  return c.json({ message: "You left the team." });
});

teamRoutes.post("/api/v1/admin/team/transfer", requireUser, async (c) => {
  const user = currentUser(c);
  const access = organizationFor(user, "organization.own");
  const input = validate(ownershipTransferSchema, await readBody(c));
  await transferOwnership(c.get("db"), c.get("config"), access, user, input);
  await recheckListeners(c, [user.id, input.user_id]);
  return c.json({ message: "Ownership transferred." });
});

teamRoutes.get(INVITATIONS, requireUser, async (c) => {
  const access = organizationFor(currentUser(c), "team.manage");
  const query = parseListQuery(c.req.url);
  const { total, data } = await listInvitations(c.get("db"), access, query);
  return c.json(page(c.req.url, query, total, data));
});

teamRoutes.post(INVITATIONS, requireUser, async (c) => {
  const user = currentUser(c);
  const access = organizationFor(user, "team.manage");
  const input = validate(teamInvitationSchema, await readBody(c));
  await hit(c.get("db"), limits(c.get("config")).teamInvitation, access.organizationId);
  return c.json(await invite(c.get("db"), c.get("config"), access, user, input), 201);
});

teamRoutes.post(`${INVITATIONS}/:id/resend`, requireUser, async (c) => {
  const user = currentUser(c);
  const access = organizationFor(user, "team.manage");
  await hit(c.get("db"), limits(c.get("config")).teamInvitation, access.organizationId);
  return c.json(await resend(c.get("db"), c.get("config"), access, user, invitationId(c.req.param("id"))));
});

teamRoutes.delete(`${INVITATIONS}/:id`, requireUser, async (c) => {
  const user = currentUser(c);
  const access = organizationFor(user, "team.manage");
  await revoke(c.get("db"), access, user, invitationId(c.req.param("id")));
  return c.json({ message: "Invitation revoked." });
});

teamRoutes.get("/api/v1/team_invitations/:token", async (c) => c.json(await previewInvitation(c.get("db"), c.req.param("token"))));

teamRoutes.post("/api/v1/team_invitations/:token/accept", requireUser, async (c) => {
  return c.json(await acceptInvitation(c.get("db"), currentUser(c), c.req.param("token")));
});
