import { tryAgainIn } from "./plural.ts";
import { z } from "zod";
import { idField } from "./id-fields.ts";

/* One-to-one chat: the JSON the API answers with and the bodies it accepts. */

export const MESSAGE_MAX_LENGTH = 4000;
export const MESSAGE_BODY_INVALID = `The body field must be between 1 and ${MESSAGE_MAX_LENGTH} characters.`;
export const MESSAGE_BODY_REQUIRED = "The body field is required.";
export const MESSAGES_THROTTLED = (seconds: number) => `You are sending messages too quickly. ${tryAgainIn(seconds)}`;
/** At most this many messages from one user within the window (429 with Retry-After beyond). */
export const MESSAGE_RATE = { maxMessages: 30, windowSeconds: 10 } as const;

export const MESSAGES_PAGE_DEFAULT = 30;
export const MESSAGES_PAGE_MAX = 100;

export const CONVERSATION_NOT_FOUND = "Conversation not found";
export const CONVERSATION_SELF = "You cannot start a conversation with yourself.";
export const CONVERSATION_TARGET_REQUIRED = "Choose exactly one of user_id, startup_id or co_founder_id.";
export const CONVERSATION_USER_INVALID = "The selected user id is invalid.";
export const CONVERSATION_STARTUP_INVALID = "The selected startup id is invalid.";
export const CONVERSATION_CO_FOUNDER_INVALID = "The selected co founder id is invalid.";

export interface MessageJson {
  id: number;
  conversation_id: number;
  user_id: number;
  sender_name: string;
  /** Plain text: show it as text, never as HTML. */
  body: string;
  created_at: string;
}

/** `GET …/conversations/{id}/messages`: one keyset page of messages, oldest first. */
export interface MessagePage {
  data: MessageJson[];
  /** Whether there are more messages beyond this page in the direction asked. */
  meta: { has_more: boolean; limit: number };
}

/** `POST …/conversations/{id}/read`: how far the caller has read (never moved backwards). */
export interface ConversationRead {
  last_read_message_id: number;
}

export interface ConversationJson {
  id: number;
  other: { user_id: number; name: string; avatar_url: string | null; profile_url: string | null };
  last_message: MessageJson | null;
  unread_count: number;
  last_read_message_id: number | null;
  other_last_read_message_id: number | null;
  updated_at: string;
}

/** POST /api/v1/admin/conversations: whom to talk to, exactly one of the three. */
export const startConversationSchema = z
  .object({
    user_id: idField(CONVERSATION_USER_INVALID).optional(),
    startup_id: idField(CONVERSATION_STARTUP_INVALID).optional(),
    co_founder_id: idField(CONVERSATION_CO_FOUNDER_INVALID).optional(),
  })
  .superRefine((value, ctx) => {
    const given = [value.user_id, value.startup_id, value.co_founder_id].filter((id) => id !== undefined).length;
    if (given !== 1) ctx.addIssue({ code: "custom", path: ["user_id"], message: CONVERSATION_TARGET_REQUIRED });
  });
export type StartConversationInput = z.output<typeof startConversationSchema>;

/** POST …/messages: the text is trimmed first, then 1–4000 characters. */
export const sendMessageSchema = z.object({
  body: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? MESSAGE_BODY_REQUIRED : MESSAGE_BODY_INVALID) })
    .trim()
    // Characters as people count them (an emoji is one), not UTF-16 units: PostgreSQL's char_length agrees.
    .refine((body) => body.length > 0 && [...body].length <= MESSAGE_MAX_LENGTH, MESSAGE_BODY_INVALID),
});

export const MESSAGE_ID_INVALID = "The selected message id is invalid.";

/** POST …/read: read up to this message. */
export const readConversationSchema = z.object({ message_id: idField(MESSAGE_ID_INVALID, "The message id field is required.") });
