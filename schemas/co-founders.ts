import type { EventStartup } from "./event-form-views.ts";
import { z } from "zod";
import { emailField, optionalText, requiredText, storableString } from "./fields.ts";
import type { Page } from "./answers.ts";
import { CO_FOUNDER_ROLES, type Commitment } from "./setup.ts";

// The choices live beside the setup form that first asks for them; re-exported for the co-founder screens.
export { CO_FOUNDER_ROLES, COMMITMENTS, COMMITMENT_LABELS, INDUSTRIES, STAGES, type CoFounderRole, type Commitment } from "./setup.ts";

/** What a skill is compared by: trimmed and lower-cased (co_founders.skill_keys, startups.wanted_skill_keys). */
export const skillKey = (skill: string) => skill.trim().toLowerCase();
export const skillKeys = (skills: readonly string[]) => [...new Set(skills.map(skillKey).filter(Boolean))];

export const FIND_SORTS = ["score", "created_at", "name"] as const;
export type FindSort = (typeof FIND_SORTS)[number];

/** The parts of a match score, as the API returns them for each card. */
export interface MatchParts {
  score: number;
  shared_skills: string[];
  matching_roles: string[];
  same_industry: boolean;
  same_stage: boolean;
  same_city: boolean;
  same_country: boolean;
}

/**
 * What the match score counts, with its points: the SQL functions co_founder_match_score and
 * co_founder_match_max (api/db/migrations) use these weights; the screens show this as the score's legend.
 */
export const MATCH_LEGEND = [
  { points: "3", what: "each skill the startup wants that the co-founder has" },
  { points: "2", what: "a role the startup wants that the co-founder takes" },
  { points: "2", what: "the startup's industry among the co-founder's" },
  { points: "1", what: "the stage the co-founder wants" },
  { points: "3", what: "the same city (1 for the same country)" },
] as const;

/**
 * The match score in words, for a startup looking at a co-founder, e.g. ["3 shared skills: TypeScript,
 * sales, robotics", "same city"].
 */
export function explainMatch(parts: Omit<MatchParts, "score">): string[] {
  const words: string[] = [];
  const n = parts.shared_skills.length;
  if (n) words.push(`${n} shared skill${n === 1 ? "" : "s"}: ${parts.shared_skills.join(", ")}`);
  if (parts.matching_roles.length) words.push(`can take the ${parts.matching_roles.join(" or ")} role you want`);
  if (parts.same_industry) words.push("same industry");
  if (parts.same_stage) words.push("wants your stage");
  if (parts.same_city) words.push("same city");
  else if (parts.same_country) words.push("same country");
  return words;
}

/**
 * The same parts in words for a co-founder looking at a startup, e.g. ["wants 2 of your skills:
 * TypeScript, sales", "wants the Technical role you take"].
 */
export function explainStartupMatch(parts: Omit<MatchParts, "score">): string[] {
  const words: string[] = [];
  const n = parts.shared_skills.length;
  if (n) words.push(`wants ${n === 1 ? "1 of your skills" : `${n} of your skills`}: ${parts.shared_skills.join(", ")}`);
  if (parts.matching_roles.length) words.push(`wants the ${parts.matching_roles.join(" or ")} role you take`);
  if (parts.same_industry) words.push("in an industry you want");
  if (parts.same_stage) words.push("at the stage you want");
  if (parts.same_city) words.push("same city");
  else if (parts.same_country) words.push("same country");
  return words;
}

/** A startup's fit for a co-founder viewer (`match` on GET /api/v1/site/startups items): the score of `max`. */
export interface StartupMatch {
  score: number;
  /** The most this startup's wants can score (co_founder_match_max). */
  max: number;
  reasons: string[];
}

const ROLE_INVALID = "The selected role is invalid.";

/** A required role: one of CO_FOUNDER_ROLES. */
export const roleField = z.enum(CO_FOUNDER_ROLES, {
  error: (issue) => (issue.input === undefined || issue.input === "" ? "The role field is required." : ROLE_INVALID),
});

/** An optional role: blank means none. */
export const optionalRoleField = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.enum(CO_FOUNDER_ROLES, { error: ROLE_INVALID }).optional(),
);

const optionalEmail = z.preprocess((v) => (v === "" || v === null ? undefined : v), emailField.optional());

/** An off-platform team member (POST /co_founders). */
export const teamMemberCreateSchema = z.object({
  name: requiredText("name", 120),
  email: optionalEmail,
  title: requiredText("title", 120),
  role: roleField,
  equity_note: optionalText("equity note", 500),
});
export type TeamMemberCreate = z.output<typeof teamMemberCreateSchema>;

/** A team member's title, role and equity note (PUT /co_founders/team/{id}). */
export const teamMemberUpdateSchema = z.object({
  title: requiredText("title", 120),
  role: roleField,
  equity_note: optionalText("equity note", 500),
});
export type TeamMemberUpdate = z.output<typeof teamMemberUpdateSchema>;

const filterText = storableString().trim().max(120).optional().catch(undefined);

/** The filters of GET /co_founders/find besides the standard list query. Blank means "any". */
export const findFiltersSchema = z.object({
  skill: filterText,
  role: filterText,
  industry: filterText,
  commitment: filterText,
  country: filterText,
  city: filterText,
});
export type FindFilters = z.output<typeof findFiltersSchema>;

// ---- what the API answers ----

/** A co-founder as the search and the profile page show them to a viewer, with the match to the viewer's startup. */
export interface CoFounderCardView {
  id: number;
  user_id: number;
  name: string;
  headline: string;
  skills: string[];
  roles: string[];
  industries: string[];
  commitment: Commitment;
  desired_stage: string | null;
  looking_for: string;
  country: string;
  cityName: string;
  avatar_url: string | null;
  followers_count: number;
  created_at: string;
  /** `max`: the most the viewer startup's wants can score, so the score reads "11 of 15". */
  match: MatchParts & { explanation: string[]; max: number };
  is_favorited: boolean;
  /** The pending invitation from the viewer's startup to this person, if any. */
  invitation_status: "pending" | null;
  pending_invitation_id: number | null;
  /** Profile pages only. */
  bio?: string;
  links?: string[];
}

/** A member of a startup's team, on the platform (with a co-founder profile) or not. */
export interface TeamMemberView {
  id: number;
  /** The co-founder profile behind the member, or null for someone not on the platform. */
  co_founder_id: number | null;
  name: string;
  email: string | null;
  title: string;
  role: string;
  equity_note: string | null;
  headline: string | null;
  avatar_url: string | null;
  on_platform: boolean;
  created_at: string;
  updated_at: string;
}

/** An invitation the startup sent that is still waiting for an answer. */
export interface PendingInvitationView {
  id: number;
  co_founder_id: number;
  name: string;
  headline: string;
  title: string | null;
  role: string | null;
  created_at: string;
}

/** `GET /api/v1/admin/co_founders`: a page of the startup's team, and every invitation still pending (never paged). */
export type TeamPage = Page<TeamMemberView> & { pending_invitations: PendingInvitationView[] };

/** A startup team a co-founder belongs to, as that co-founder sees it: teammates without their email. */
export interface JoinedTeamView {
  startup: EventStartup;
  members: TeamMemberView[];
}

/** GET /co_founders/my_teams: the teams the caller's co-founder profile is on, most recently joined first. */
export interface JoinedTeams {
  data: JoinedTeamView[];
}
