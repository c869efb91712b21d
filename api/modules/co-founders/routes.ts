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
import { Hono, type MiddlewareHandler } from "hono";
import { coFounderRoutes as routes } from "#schemas/contract/co-founders.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { pathId } from "#api/lib/ids.ts";
import { orderAsked, page } from "#api/lib/pagination.ts";
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

export const coFounderRoutes = new Hono<AppEnv>();

const viewerOf = (user: { id: number; startupId: number | null; coFounderId: number | null }): Viewer => ({
  userId: user.id,
  startupId: user.startupId,
  coFounderId: user.coFounderId,
});

const memberId = (value: string | undefined) => pathId(value, TEAM_MEMBER_NOT_FOUND);

/** A member id that can name nobody is "not found" before the body is looked at (and after the 403). */
const memberIdFirst: MiddlewareHandler<AppEnv> = async (c, next) => {
  ownStartupId(c.get("user"), "organization.profile");
  memberId(c.req.param("id"));
  await next();
};

serve(coFounderRoutes, routes.listCoFounderTeam, async (c, { query, organization }) => {
  const startupId = organization.organizationId;
  const [team, invitations] = await Promise.all([listTeam(c.get("db"), startupId, query), pendingInvitations(c.get("db"), startupId)]);
  return { ...page(c.req.url, query, team.total, team.data), pending_invitations: invitations };
});

serve(coFounderRoutes, routes.addCoFounderTeamMember, async (c, { body, organization }) => {
  const member = await createTeamMember(c.get("db"), organization.organizationId, body);
  return { team_member: member, message: "Team member added." };
});

serve(coFounderRoutes, routes.findCoFounders, async (c, { query }) => {
  const { skill, role, industry, commitment, country, city, ...list } = query;
  const filters = { skill, role, industry, commitment, country, city };
  // An order the caller names is kept; without one each sort has its own (best score first, names A to Z).
  const explicitOrder = orderAsked(c.req.url) !== undefined;
  const result = await findCoFounders(c.get("db"), viewerOf(currentUser(c)), list, filters, explicitOrder);
  return page(c.req.url, list, result.total, result.data);
});

serve(coFounderRoutes, routes.myCoFounderTeams, async (c) => {
  const { coFounderId } = currentUser(c);
  return coFounderId ? joinedTeams(c.get("db"), coFounderId) : { data: [] };
});

serve(coFounderRoutes, routes.showCoFounderTeamMember, async (c, { params, organization }) => ({
  team_member: await getTeamMember(c.get("db"), organization.organizationId, memberId(params.id)),
}));

serve(
  coFounderRoutes,
  routes.updateCoFounderTeamMember,
  async (c, { params, body, organization }) => {
    const member = await updateTeamMember(c.get("db"), organization.organizationId, memberId(params.id), body);
    return { team_member: member, message: "Team member updated." };
  },
  { before: [memberIdFirst] },
);

serve(coFounderRoutes, routes.removeCoFounderTeamMember, async (c, { params, organization }) => {
  await deleteTeamMember(c.get("db"), organization.organizationId, memberId(params.id));
  return { message: "Team member removed." };
});

serve(coFounderRoutes, routes.showCoFounder, async (c, { params }) => {
  const id = pathId(params.id, CO_FOUNDER_NOT_FOUND);
  const [profile] = await cardsFor(c.get("db"), viewerOf(currentUser(c)), [id], true);
  if (!profile) throw notFound(CO_FOUNDER_NOT_FOUND);
  return { co_founder: profile };
});
