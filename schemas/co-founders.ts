import type { EventStartup } from "./event-form-views.ts";
import { z } from "zod";
import { emailField, optionalText, requiredText, storableString } from "./fields.ts";
import { pageOf } from "./contract/answers.ts";
import { CO_FOUNDER_ROLES, COMMITMENTS } from "./profile-kinds.ts";
import type { MatchParts } from "./co-founder-match.ts";

// The profile's choices and the match's words stand without the form library; re-exported for the forms and the API.
export * from "./profile-kinds.ts";
export * from "./co-founder-match.ts";

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

/**
 * The parts of a match score as a card carries them; `max`: the most the viewer startup's wants can score
 * ("11 of 15"); `percent`: matchPercent of the two. (MatchParts stays a plain type in co-founder-match.ts,
 * whose screens load no validation library; `satisfies` keeps the two the same.)
 */
const cardMatch = z.object({
  score: z.number(),
  shared_skills: z.array(z.string()),
  matching_roles: z.array(z.string()),
  same_industry: z.boolean(),
  same_stage: z.boolean(),
  same_city: z.boolean(),
  same_country: z.boolean(),
  explanation: z.array(z.string()),
  max: z.number(),
  percent: z.number(),
}) satisfies z.ZodType<MatchParts>;

/** A co-founder as the search shows them to a viewer, with the match to the viewer's startup. */
export const coFounderCard = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  headline: z.string(),
  skills: z.array(z.string()),
  roles: z.array(z.string()),
  industries: z.array(z.string()),
  commitment: z.enum(COMMITMENTS),
  desired_stage: z.string().nullable(),
  looking_for: z.string(),
  country: z.string(),
  cityName: z.string(),
  avatar_url: z.string().nullable(),
  followers_count: z.number().int(),
  created_at: z.string(),
  match: cardMatch,
  is_favorited: z.boolean(),
  /** The pending invitation from the viewer's startup to this person, if any. */
  invitation_status: z.literal("pending").nullable(),
  pending_invitation_id: z.number().int().nullable(),
});
export type CoFounderCardView = z.output<typeof coFounderCard>;

/** A co-founder's profile page: the card with its bio and links. */
export const coFounderProfileCard = coFounderCard.extend({ bio: z.string(), links: z.array(z.string()) });
export type CoFounderProfileView = z.output<typeof coFounderProfileCard>;

/** A member of a startup's team, on the platform (with a co-founder profile) or not. */
export const teamMemberView = z.object({
  id: z.number().int(),
  /** The co-founder profile behind the member, or null for someone not on the platform. */
  co_founder_id: z.number().int().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  title: z.string(),
  role: z.string(),
  equity_note: z.string().nullable(),
  headline: z.string().nullable(),
  avatar_url: z.string().nullable(),
  on_platform: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TeamMemberView = z.output<typeof teamMemberView>;

/** An invitation the startup sent that is still waiting for an answer. */
export const pendingInvitationView = z.object({
  id: z.number().int(),
  co_founder_id: z.number().int(),
  name: z.string(),
  headline: z.string(),
  title: z.string().nullable(),
  role: z.string().nullable(),
  created_at: z.string(),
});
export type PendingInvitationView = z.output<typeof pendingInvitationView>;

/** `GET /api/v1/admin/co_founders`: a page of the startup's team, and every invitation still pending (never paged). */
export const teamPage = pageOf(teamMemberView).extend({ pending_invitations: z.array(pendingInvitationView) });
export type TeamPage = z.output<typeof teamPage>;

/** A startup team a co-founder belongs to, as that co-founder sees it: teammates without their email. */
export const joinedTeamView = z.object({
  startup: z.object({
    id: z.number().int(),
    name: z.string(),
    username: z.string(),
    logo_url: z.string().nullable(),
  }) satisfies z.ZodType<EventStartup>,
  members: z.array(teamMemberView),
});
export type JoinedTeamView = z.output<typeof joinedTeamView>;

/** GET /co_founders/my_teams: the teams the caller's co-founder profile is on, most recently joined first. */
export const joinedTeams = z.object({ data: z.array(joinedTeamView) });
export type JoinedTeams = z.output<typeof joinedTeams>;
