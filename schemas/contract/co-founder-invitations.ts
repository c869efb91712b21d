/**
 * Invitations from a startup to a co-founder: the startup sends and may withdraw one, the co-founder accepts
 * or declines it. Only an account with a startup or a co-founder profile may use them; anyone but the
 * invitation's parties is told it is not there.
 */
import { z } from "zod";
import { listQuery } from "./list-query.ts";
import { apiPart, apiRoute } from "./route.ts";
import {
  INVITATION_BOXES,
  INVITATION_STATUSES,
  invitationCreateSchema,
  invitationPage,
  invitationResponseSchema,
  invitationView,
} from "../invitations.ts";

const invitationAnswer = z.object({ invitation: invitationView, message: z.string() });

/** Which box (the caller's default when not given or not theirs) and which status; an unknown value is no filter. */
export const invitationListQuery = listQuery.extend({
  box: z.enum(INVITATION_BOXES).optional().catch(undefined),
  status: z.enum(INVITATION_STATUSES).optional().catch(undefined),
});

export const coFounderInvitationRoutes = apiPart("Co-founder invitations", {
  listCoFounderInvitations: apiRoute({
    method: "GET",
    path: "/api/v1/admin/co_founder_invitations",
    summary: "List the caller's sent or received co-founder invitations, and which boxes they have",
    access: "user",
    query: invitationListQuery,
    answer: invitationPage,
  }),
  sendCoFounderInvitation: apiRoute({
    method: "POST",
    path: "/api/v1/admin/co_founder_invitations",
    summary: "Invite a co-founder to the caller's startup (a verified email address needed)",
    access: "user",
    body: invitationCreateSchema,
    answer: invitationAnswer,
    status: 201,
  }),
  acceptCoFounderInvitation: apiRoute({
    method: "POST",
    path: "/api/v1/admin/co_founder_invitations/{id}/accept",
    summary: "Accept an invitation addressed to the caller, with an optional reply: they join the startup's team",
    access: "user",
    body: invitationResponseSchema,
    answer: invitationAnswer,
    refusals: [404],
  }),
  declineCoFounderInvitation: apiRoute({
    method: "POST",
    path: "/api/v1/admin/co_founder_invitations/{id}/decline",
    summary: "Decline an invitation addressed to the caller, with an optional reply",
    access: "user",
    body: invitationResponseSchema,
    answer: invitationAnswer,
    refusals: [404],
  }),
  withdrawCoFounderInvitation: apiRoute({
    method: "POST",
    path: "/api/v1/admin/co_founder_invitations/{id}/withdraw",
    summary: "Take back a pending invitation the caller's startup sent",
    access: "user",
    answer: invitationAnswer,
    refusals: [404, 422],
  }),
});
