import type { ConversationJson, MessageJson } from "#schemas/conversations";

/** The chat API's shapes (schemas/conversations.ts), as the panel reads them. */
/** A message: `body` is plain text, shown as text, never as HTML. */
export type ChatMessage = MessageJson;
export type Conversation = ConversationJson;

/** What the conversation's action answers a fetcher (JavaScript on). */
export type SendResult =
  | { ok: true; message: ChatMessage }
  | { ok: false; status: number; message: string; errors?: Record<string, string[]>; retryAfter?: number };
