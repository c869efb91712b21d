/**
 * An organization's team: its members and their roles, the invitations it has sent, the ownership, and the
 * join page an invited person opens from the mail.
 */
import { messageAnswer, pageOf } from "./answers.ts";
import { listQuery } from "./list-query.ts";
import { apiPart, apiRoute } from "./route.ts";
import {
  invitationPreview,
  joinedOrganization,
  ownershipTransferSchema,
  teamInvitationAnswer,
  teamInvitationSchema,
  teamInvitationView,
  teamMemberUpdateSchema,
  teamMemberView,
} from "../team.ts";

const managesTeam = { organization: "team.manage" } as const;

export const teamRoutes = apiPart("Team", {
  listTeamMembers: apiRoute({
    method: "GET",
    path: "/api/v1/admin/team_members",
    summary: "List the organization's members and their roles (search by name or email)",
    access: managesTeam,
    query: listQuery,
    answer: pageOf(teamMemberView),
  }),
  updateTeamMember: apiRoute({
    method: "PUT",
    path: "/api/v1/admin/team_members/{userId}",
    summary: "Change a member's role and the forms it is limited to (the owner's role cannot change)",
    access: managesTeam,
    body: teamMemberUpdateSchema,
    answer: messageAnswer,
    refusals: [404],
  }),
  removeTeamMember: apiRoute({
    method: "DELETE",
    path: "/api/v1/admin/team_members/{userId}",
    summary: "Remove a member from the organization (not its owner)",
    access: managesTeam,
    answer: messageAnswer,
    refusals: [404],
  }),
  teamMembership: apiRoute({
    method: "GET",
    path: "/api/v1/team/membership",
    summary: "Show the organization the caller acts for now and their role in it",
    access: "user",
    answer: joinedOrganization,
    refusals: [404],
  }),
  leaveTeam: apiRoute({
    method: "POST",
    path: "/api/v1/team/leave",
    summary: "Leave the organization the caller acts for (its owner must transfer the ownership first)",
    access: "user",
    answer: messageAnswer,
  }),
  transferOwnership: apiRoute({
    method: "POST",
    path: "/api/v1/admin/team/transfer",
    summary: "Hand the organization's ownership to another member, confirmed with the caller's password",
    access: { organization: "organization.own" },
    body: ownershipTransferSchema,
    answer: messageAnswer,
  }),
  listTeamInvitations: apiRoute({
    method: "GET",
    path: "/api/v1/admin/team_invitations",
    summary: "List the organization's open invitations (pending or expired, not accepted or revoked)",
    access: managesTeam,
    query: listQuery,
    answer: pageOf(teamInvitationView),
  }),
  inviteTeamMember: apiRoute({
    method: "POST",
    path: "/api/v1/admin/team_invitations",
    summary: "Invite an address to the team with a role; an open invitation to it is sent again with a new link",
    access: managesTeam,
    body: teamInvitationSchema,
    answer: teamInvitationAnswer,
    status: 201,
  }),
  resendTeamInvitation: apiRoute({
    method: "POST",
    path: "/api/v1/admin/team_invitations/{id}/resend",
    summary: "Send an open invitation again, with a new link and a new expiry",
    access: managesTeam,
    answer: teamInvitationAnswer,
    refusals: [404, 429],
  }),
  revokeTeamInvitation: apiRoute({
    method: "DELETE",
    path: "/api/v1/admin/team_invitations/{id}",
    summary: "Revoke an open invitation: its link stops working",
    access: managesTeam,
    answer: messageAnswer,
    refusals: [404],
  }),
  previewTeamInvitation: apiRoute({
    method: "GET",
    path: "/api/v1/team_invitations/{token}",
    summary: "Show what an invitation link is for (the organization, the address and the role), to anyone holding it",
    access: "public",
    answer: invitationPreview,
    refusals: [404],
  }),
  acceptTeamInvitation: apiRoute({
    method: "POST",
    path: "/api/v1/team_invitations/{token}/accept",
    summary: "Join the organization an invitation link is for, as the account it was sent to",
    access: "user",
    answer: joinedOrganization,
    refusals: [404],
  }),
});
