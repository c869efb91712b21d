/**
 * Co-founders: the startup's team and the co-founder directory, under /api/v1/admin/co_founders.
 *
 * Ids: `/co_founders/{id}` is a co-founder *profile* id (what find returns, what invitations name);
 * `/co_founders/team/{id}` is a *team member* id (a row of the caller's team, which may be someone not on
 * the platform). So reading a profile and editing your team never mean the same number.
 *
 *   GET    /co_founders              the caller startup's team (paged) + its pending invitations
 *   POST   /co_founders              record a team member not on the platform
 *   GET    /co_founders/find         search profiles with the match score against the caller's startup
 *   GET    /co_founders/{id}         one profile
 *   GET    /co_founders/team/{id}    one team member
 *   PUT    /co_founders/team/{id}    change title, role, equity note
 *   DELETE /co_founders/team/{id}    remove from the team
 */
import { Hono } from "hono";
import {
  findFiltersSchema,
  teamMemberCreateSchema,
  teamMemberUpdateSchema,
  type JoinedTeams,
  type TeamPage,
} from "#schemas/co-founders.ts";
import type { AppEnv } from "#api/context.ts";
import { readBody } from "#api/lib/body.ts";
import { pathId } from "#api/lib/ids.ts";
import { page, parseListQuery } from "#api/lib/pagination.ts";
import { validate } from "#api/lib/validation.ts";
import { authorize } from "../access/authorize.ts";
import { currentUser } from "../auth/middleware.ts";
import { ownStartupId } from "#api/lib/owner.ts";
import { notFound } from "#api/lib/errors.ts";
import { cardsFor, findCoFounders, type Viewer } from "./match.ts";
import {
  TEAM_MEMBER_NOT_FOUND,
  createTeamMember,
  deleteTeamMember,
  getTeamMember,
  joinedTeams,
  listTeam,
  pendingInvitations,
  updateTeamMember,
} from "./team.ts";

export const CO_FOUNDER_NOT_FOUND = "Co-founder not found";
const BASE = "/api/v1/admin/co_founders";

export const coFounderRoutes = new Hono<AppEnv>();

const viewerOf = (user: { id: number; startupId: number | null; coFounderId: number | null }): Viewer => ({
  userId: user.id,
  startupId: user.startupId,
  coFounderId: user.coFounderId,
});

coFounderRoutes.get(BASE, authorize("co founder read"), async (c) => {
  const startupId = ownStartupId(c.get("user"), "organization.profile");
  const query = parseListQuery(c.req.url);
  const [team, invitations] = await Promise.all([listTeam(c.get("db"), startupId, query), pendingInvitations(c.get("db"), startupId)]);
  const answer: TeamPage = { ...page(c.req.url, query, team.total, team.data), pending_invitations: invitations };
  return c.json(answer);
});

coFounderRoutes.post(BASE, authorize("co founder write"), async (c) => {
  const startupId = ownStartupId(c.get("user"), "organization.profile");
  const member = await createTeamMember(c.get("db"), startupId, validate(teamMemberCreateSchema, await readBody(c)));
  return c.json({ team_member: member, message: "Team member added." }, 201);
});

coFounderRoutes.get(`${BASE}/find`, authorize("co founder read"), async (c) => {
  const url = new URL(c.req.url);
  const query = parseListQuery(c.req.url);
  const filters = findFiltersSchema.parse(Object.fromEntries(url.searchParams));
  const result = await findCoFounders(c.get("db"), viewerOf(currentUser(c)), query, filters, url.searchParams.has("sort_order"));
  return c.json(page(c.req.url, query, result.total, result.data));
});

coFounderRoutes.get(`${BASE}/my_teams`, authorize("co founder read"), async (c) => {
  const { coFounderId } = currentUser(c);
  const answer: JoinedTeams = coFounderId ? await joinedTeams(c.get("db"), coFounderId) : { data: [] };
  return c.json(answer);
});

coFounderRoutes.get(`${BASE}/team/:id`, authorize("co founder read"), async (c) => {
  const startupId = ownStartupId(c.get("user"), "organization.profile");
  return c.json({ team_member: await getTeamMember(c.get("db"), startupId, pathId(c.req.param("id"), TEAM_MEMBER_NOT_FOUND)) });
});

coFounderRoutes.put(`${BASE}/team/:id`, authorize("co founder write"), async (c) => {
  const startupId = ownStartupId(c.get("user"), "organization.profile");
  const id = pathId(c.req.param("id"), TEAM_MEMBER_NOT_FOUND);
  const member = await updateTeamMember(c.get("db"), startupId, id, validate(teamMemberUpdateSchema, await readBody(c)));
  return c.json({ team_member: member, message: "Team member updated." });
});

coFounderRoutes.delete(`${BASE}/team/:id`, authorize("co founder write"), async (c) => {
  const startupId = ownStartupId(c.get("user"), "organization.profile");
  await deleteTeamMember(c.get("db"), startupId, pathId(c.req.param("id"), TEAM_MEMBER_NOT_FOUND));
  return c.json({ message: "Team member removed." });
});

coFounderRoutes.get(`${BASE}/:id`, authorize("co founder read"), async (c) => {
  const id = pathId(c.req.param("id"), CO_FOUNDER_NOT_FOUND);
  const [profile] = await cardsFor(c.get("db"), viewerOf(currentUser(c)), [id], true);
  if (!profile) throw notFound(CO_FOUNDER_NOT_FOUND);
  return c.json({ co_founder: profile });
});
