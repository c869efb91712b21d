import { tryAgainIn } from "./plural.ts";
import { z } from "zod";
import { timestamp } from "./contract/answers.ts";
import { idField, optionalIdField } from "./id-fields.ts";

/* One-to-one chat: the JSON the API answers with and the bodies it accepts. */

export const MESSAGE_MAX_LENGTH = 10_000;
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

/** One message as every answer and event carries it. */
export const messageView = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  user_id: z.number().int(),
  sender_name: z.string(),
  /** Plain text: show it as text, never as HTML. */
  body: z.string(),
  created_at: timestamp,
});
export type MessageJson = z.output<typeof messageView>;

/** `GET …/conversations/{id}/messages`: one keyset page of messages, oldest first. */
export const messagePage = z.object({
  data: z.array(messageView),
  /** Whether there are more messages beyond this page in the direction asked. */
  meta: z.object({ has_more: z.boolean(), limit: z.number().int() }),
});
export type MessagePage = z.output<typeof messagePage>;

/** `POST …/conversations/{id}/read`: how far the caller has read (never moved backwards). */
export const conversationRead = z.object({ last_read_message_id: z.number().int() });
export type ConversationRead = z.output<typeof conversationRead>;

/** One of the caller's conversations: the other person, the last message and what is unread. */
export const conversationView = z.object({
  id: z.number().int(),
  other: z.object({ user_id: z.number().int(), name: z.string(), avatar_url: z.string().nullable(), profile_url: z.string().nullable() }),
  last_message: messageView.nullable(),
  unread_count: z.number().int(),
  last_read_message_id: z.number().int().nullable(),
  other_last_read_message_id: z.number().int().nullable(),
  updated_at: timestamp,
});
export type ConversationJson = z.output<typeof conversationView>;

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

/** POST …/messages: the text is trimmed first, then 1 to MESSAGE_MAX_LENGTH characters. */
export const sendMessageSchema = z.object({
  body: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? MESSAGE_BODY_REQUIRED : MESSAGE_BODY_INVALID) })
    .trim()
    // Characters as people count them (an emoji is one), not UTF-16 units: PostgreSQL's char_length agrees.
    .refine((body) => body.length > 0 && [...body].length <= MESSAGE_MAX_LENGTH, MESSAGE_BODY_INVALID),
});

export const MESSAGE_ID_INVALID = "The selected message id is invalid.";

/**
 * GET …/messages: `before` or `after` a message (not both), and how many. Like per_page, an unreadable
 * limit falls back to the default and a large one is capped.
 */
export const messagesQuerySchema = z
  .object({
    before: optionalIdField(MESSAGE_ID_INVALID),
    after: optionalIdField(MESSAGE_ID_INVALID),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .catch(MESSAGES_PAGE_DEFAULT)
      .transform((n) => Math.min(n, MESSAGES_PAGE_MAX)),
  })
  .refine((q) => q.before === undefined || q.after === undefined, { path: ["after"], message: "Use either before or after, not both." });

/** POST …/read: read up to this message. */
export const readConversationSchema = z.object({ message_id: idField(MESSAGE_ID_INVALID, "The message id field is required.") });
