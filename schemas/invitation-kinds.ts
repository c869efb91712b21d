/*
 * The statuses an invitation goes through, without the invitation forms' rules (invitations.ts): the
 * invitations list filters by them and has no form to check, so it loads no validation library.
 */

export const INVITATION_STATUSES = ["pending", "accepted", "declined", "withdrawn"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
