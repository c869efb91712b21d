import { z } from "zod";
import { optionalRoleField } from "./co-founders.ts";
import { optionalText } from "./fields.ts";
import { idField } from "./ids.ts";

export const INVITATION_STATUSES = ["pending", "accepted", "declined", "withdrawn"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

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
