import { z } from "zod";
import { tryAgainIn } from "./plural.ts";
import { emailField, storableString } from "./fields.ts";
import { idField } from "./id-fields.ts";
import { ASSIGNABLE_ROLES, ORGANIZATION_ROLES } from "./organization-roles.ts";

/*
 * An organization's members and its invitations: what the API takes and answers for the /team screen and
 * the /team/join page.
 */

export const TEAM_MEMBER_NOT_FOUND = "This member was not found.";
export const TEAM_INVITATION_NOT_FOUND = "This invitation was not found.";
export const INVITATION_LIFETIME_DAYS = 7;

/** Invitation mails (resends included) an organization may send in the window: a large team's onboarding, not a flood. */
export const TEAM_INVITATION_RATE = { maxMails: 50, windowSeconds: 3600 } as const;
export const TEAM_INVITATIONS_THROTTLED = (seconds: number) =>
  `This organization has sent ${TEAM_INVITATION_RATE.maxMails} invitations in the last hour. ${tryAgainIn(seconds)}`;

const roleField = z.enum(ASSIGNABLE_ROLES, { error: "The selected role is invalid." });

/** The forms a scopable role is limited to; none given (or an empty list) means every form. */
const formIdsField = z
  .preprocess(
    (value) => (value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value]),
    z.array(idField("The selected event form is invalid.")),
  )
  .transform((ids) => [...new Set(ids)]);

export const teamInvitationSchema = z.object({ email: emailField, role: roleField, event_form_ids: formIdsField });
export type TeamInvitationInput = z.infer<typeof teamInvitationSchema>;

export const teamMemberUpdateSchema = z.object({ role: roleField, event_form_ids: formIdsField });
export type TeamMemberUpdate = z.infer<typeof teamMemberUpdateSchema>;

export const ownershipTransferSchema = z.object({
  user_id: idField("The selected member is invalid.", "The member field is required."),
  current_password: storableString({ error: "The current password field is required." }).min(1, "The current password field is required."),
});

/** One row of GET /api/v1/admin/team_members. */
export const teamMemberView = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ORGANIZATION_ROLES),
  /** The forms the member is limited to; null: every form. */
  event_form_ids: z.array(z.number().int()).nullable(),
  joined_at: z.string(),
});
export type TeamMemberView = z.output<typeof teamMemberView>;

export const TEAM_INVITATION_STATUSES = ["pending", "expired"] as const;
export type TeamInvitationStatus = (typeof TEAM_INVITATION_STATUSES)[number];

/** One row of GET /api/v1/admin/team_invitations: the invitations still open (not accepted, not revoked). */
export const teamInvitationView = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(ASSIGNABLE_ROLES),
  event_form_ids: z.array(z.number().int()).nullable(),
  status: z.enum(TEAM_INVITATION_STATUSES),
  expires_at: z.string(),
  created_at: z.string(),
});
export type TeamInvitationView = z.output<typeof teamInvitationView>;

/** POST /api/v1/admin/team_invitations (201) and its resend. */
export const teamInvitationAnswer = z.object({
  invitation: teamInvitationView.pick({ id: true, email: true, role: true, status: true, expires_at: true }),
});
export type TeamInvitationAnswer = z.output<typeof teamInvitationAnswer>;

/** GET /api/v1/team_invitations/{token}: what the join page shows, to anyone holding the link. */
export const invitationPreview = z.object({
  invitation: z.object({
    organization: z.object({ id: z.number().int(), name: z.string() }),
    email: z.string(),
    role: z.enum(ASSIGNABLE_ROLES),
    expires_at: z.string(),
  }),
});
export type InvitationPreview = z.output<typeof invitationPreview>;

/** POST /api/v1/team_invitations/{token}/accept, and GET /api/v1/team/membership. */
export const joinedOrganization = z.object({
  organization: z.object({ id: z.number().int(), name: z.string(), role: z.enum(ORGANIZATION_ROLES) }),
});
export type JoinedOrganization = z.output<typeof joinedOrganization>;

export const INVITATION_WRONG_ACCOUNT = "This invitation was sent to another email address. Log in with that address to accept it.";
export const OWNER_CANNOT_LEAVE = "The owner cannot leave the organization. Transfer the ownership first.";
export const OWNER_CANNOT_CHANGE = "The owner's role cannot be changed or removed. Transfer the ownership first.";
