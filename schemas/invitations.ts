import { z } from "zod";
import type { Page } from "./answers.ts";
import { optionalRoleField } from "./co-founders.ts";
import { optionalText } from "./fields.ts";
import { idField } from "./id-fields.ts";
import type { InvitationStatus } from "./invitation-kinds.ts";

export * from "./invitation-kinds.ts";

/** At most this many pending invitations per startup. */
export const MAX_PENDING_INVITATIONS = 20;

/** Which invitations a list shows: the ones the caller's startup sent, or the ones their profile received. */
export const INVITATION_BOXES = ["sent", "received"] as const;
export type InvitationBox = (typeof INVITATION_BOXES)[number];

export const invitationCreateSchema = z.object({
  co_founder_id: idField("The selected co-founder is invalid.", "The co-founder field is required."),
  message: optionalText("message", 1000),
  title: optionalText("title", 120),
  role: optionalRoleField,
});
export type InvitationCreate = z.output<typeof invitationCreateSchema>;

/** Accepting or declining, with an optional note to the startup. */
export const invitationResponseSchema = z.object({
  response_message: optionalText("response message", 1000),
});
export type InvitationResponse = z.output<typeof invitationResponseSchema>;

/** An invitation from a startup to a co-founder, as both of them see it. */
export interface InvitationView {
  id: number;
  status: InvitationStatus;
  message: string | null;
  response_message: string | null;
  title: string | null;
  role: string | null;
  created_at: string;
  responded_at: string | null;
  startup: { id: number; name: string; username: string; logo_url: string | null };
  co_founder: { id: number; name: string; headline: string; avatar_url: string | null };
}

/** `GET /api/v1/admin/co_founder_invitations`: a page of one box, and which boxes the caller has. */
export type InvitationPage = Page<InvitationView> & { box: InvitationBox; can_send: boolean; can_receive: boolean };
