import type { EventStartup } from "./event-form-views.ts";
import { z } from "zod";
import { emailField, optionalText, requiredText, storableString } from "./fields.ts";
import type { Page } from "./answers.ts";
import { CO_FOUNDER_ROLES, type Commitment } from "./profile-kinds.ts";
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
  /** `max`: the most the viewer startup's wants can score ("11 of 15"); `percent`: matchPercent of the two. */
  match: MatchParts & { explanation: string[]; max: number; percent: number };
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
