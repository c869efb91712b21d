import { z } from "zod";
import { pageOf } from "./contract/answers.ts";
import { optionalRoleField } from "./co-founders.ts";
import { optionalText } from "./fields.ts";
import { idField } from "./id-fields.ts";
import { INVITATION_STATUSES } from "./invitation-kinds.ts";

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
export const invitationView = z.object({
  id: z.number().int(),
  status: z.enum(INVITATION_STATUSES),
  message: z.string().nullable(),
  response_message: z.string().nullable(),
  title: z.string().nullable(),
  role: z.string().nullable(),
  created_at: z.string(),
  responded_at: z.string().nullable(),
  startup: z.object({ id: z.number().int(), name: z.string(), username: z.string(), logo_url: z.string().nullable() }),
  co_founder: z.object({ id: z.number().int(), name: z.string(), headline: z.string(), avatar_url: z.string().nullable() }),
});
export type InvitationView = z.output<typeof invitationView>;

/** `GET /api/v1/admin/co_founder_invitations`: a page of one box, and which boxes the caller has. */
export const invitationPage = pageOf(invitationView).extend({
  box: z.enum(INVITATION_BOXES),
  can_send: z.boolean(),
  can_receive: z.boolean(),
});
export type InvitationPage = z.output<typeof invitationPage>;
