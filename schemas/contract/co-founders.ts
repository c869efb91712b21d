/**
 * Co-founders: a startup's own team (members on the platform or not) and the co-founder directory with each
 * profile's match to the caller's startup. `/co_founders/{id}` is a profile id; `/co_founders/team/{id}` a
 * team member's.
 */
import { z } from "zod";
import { messageAnswer, pageOf } from "./answers.ts";
import { listQuery } from "./list-query.ts";
import { apiPart, apiRoute } from "./route.ts";
import {
  coFounderCard,
  coFounderProfileCard,
  findFiltersSchema,
  joinedTeams,
  teamMemberCreateSchema,
  teamMemberUpdateSchema,
  teamMemberView,
  teamPage,
} from "../co-founders.ts";

const readsTeam = { feature: "co founder read", organization: "organization.profile" } as const;
const writesTeam = { feature: "co founder write", organization: "organization.profile" } as const;
const teamMemberSaved = z.object({ team_member: teamMemberView, message: z.string() });

/** The search's filters beyond the basics; sorted by score (the match to the caller's startup), created_at or name. */
export const coFounderFindQuery = listQuery.extend(findFiltersSchema.shape);

export const coFounderRoutes = apiPart("Co-founders", {
  listCoFounderTeam: apiRoute({
    method: "GET",
    path: "/api/v1/admin/co_founders",
    summary: "List the caller's startup team and every invitation it has pending",
    access: readsTeam,
    query: listQuery,
    answer: teamPage,
  }),
  addCoFounderTeamMember: apiRoute({
    method: "POST",
    path: "/api/v1/admin/co_founders",
    summary: "Record a team member who is not on the platform",
    access: writesTeam,
    body: teamMemberCreateSchema,
    answer: teamMemberSaved,
    status: 201,
  }),
  findCoFounders: apiRoute({
    method: "GET",
    path: "/api/v1/admin/co_founders/find",
    summary: "Search co-founder profiles with their match to the caller's startup (filter by skill, role, industry, commitment, place)",
    access: { feature: "co founder read" },
    query: coFounderFindQuery,
    answer: pageOf(coFounderCard),
  }),
  myCoFounderTeams: apiRoute({
    method: "GET",
    path: "/api/v1/admin/co_founders/my_teams",
    summary: "List the startup teams the caller's co-founder profile is on, most recently joined first",
    access: { feature: "co founder read" },
    answer: joinedTeams,
  }),
  showCoFounderTeamMember: apiRoute({
    method: "GET",
    path: "/api/v1/admin/co_founders/team/{id}",
    summary: "Show one member of the caller's startup team",
    access: readsTeam,
    answer: z.object({ team_member: teamMemberView }),
    refusals: [404],
  }),
  updateCoFounderTeamMember: apiRoute({
    method: "PUT",
    path: "/api/v1/admin/co_founders/team/{id}",
    summary: "Change a team member's title, role and equity note",
    access: writesTeam,
    body: teamMemberUpdateSchema,
    answer: teamMemberSaved,
    refusals: [404],
  }),
  removeCoFounderTeamMember: apiRoute({
    method: "DELETE",
    path: "/api/v1/admin/co_founders/team/{id}",
    summary: "Remove a member from the caller's startup team",
    access: writesTeam,
    answer: messageAnswer,
    refusals: [404],
  }),
  showCoFounder: apiRoute({
    method: "GET",
    path: "/api/v1/admin/co_founders/{id}",
    summary: "Show one co-founder profile with its bio, links and match to the caller's startup",
    access: { feature: "co founder read" },
    answer: z.object({ co_founder: coFounderProfileCard }),
    refusals: [404],
  }),
});
