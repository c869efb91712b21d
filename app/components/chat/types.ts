import type { ConversationJson, MessageJson } from "#schemas/conversations";

/** The chat API's shapes (schemas/conversations.ts), as the panel reads them. */
/** A message: `body` is plain text, shown as text, never as HTML. */
export type ChatMessage = MessageJson;
export type Conversation = ConversationJson;

/** What the conversation's action answers a fetcher (JavaScript on). */
export type SendResult =
  | { ok: true; message: ChatMessage }
  | { ok: false; status: number; message: string; errors?: Record<string, string[]>; retryAfter?: number };

/** 429 without the API's own words (another upstream): still clear about what to do. */
export const tooFastMessage = (retryAfter?: number) =>
  `You are sending messages too quickly. Please try again in ${retryAfter && retryAfter > 0 ? retryAfter : "a few"} second${retryAfter === 1 ? "" : "s"}.`;
