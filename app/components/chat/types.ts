import type { ConversationJson, MessageJson } from "../../../schemas/conversations";

/** The chat API's shapes (schemas/conversations.ts), as the panel reads them. */
/** A message: `body` is plain text, shown as text, never as HTML. */
export type ChatMessage = MessageJson;
export type Conversation = ConversationJson;

/** `App.Events.MessageSent` on private-chat.{id}. */
export interface MessageSentEvent {
  message: ChatMessage;
}
/** `App.Events.MessagesRead` on private-chat.{id}. */
export interface MessagesReadEvent {
  conversation_id: number;
  user_id: number;
  last_read_message_id: number;
}
/** `App.Events.ConversationUpdated` on each participant's own channel. */
export interface ConversationUpdatedEvent {
  conversation_id: number;
  last_message: ChatMessage;
  unread_count: number;
}
/**
 * The `client-typing` whisper on presence-chat.{id}, as the realtime server passes it on: the sender's id
 * and info come from the presence membership the server signed, never from the sending browser.
 */
export interface TypingWhisper {
  user_id: string;
  user_info: { name?: unknown } | null;
}

/** What the conversation's action answers a fetcher (JavaScript on). */
export type SendResult =
  | { ok: true; message: ChatMessage }
  | { ok: false; status: number; message: string; errors?: Record<string, string[]>; retryAfter?: number };

/** 429 without the API's own words (another upstream): still clear about what to do. */
export const tooFastMessage = (retryAfter?: number) =>
  `You are sending messages too quickly. Please try again in ${retryAfter && retryAfter > 0 ? retryAfter : "a few"} second${retryAfter === 1 ? "" : "s"}.`;
