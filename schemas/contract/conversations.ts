/**
 * One-to-one chat: the caller's conversations, one conversation, its messages, sending and reading. Someone
 * who is not a participant gets 404 for everything, as if the conversation did not exist.
 */
import { z } from "zod";
import { listQuery } from "./list-query.ts";
import { pageOf } from "./answers.ts";
import { apiPart, apiRoute } from "./route.ts";
import {
  MESSAGE_MAX_LENGTH,
  conversationRead,
  conversationView,
  messagePage,
  messagesQuerySchema,
  messageView,
  readConversationSchema,
  sendMessageSchema,
  startConversationSchema,
} from "../conversations.ts";

export const conversationRoutes = apiPart("Conversations", {
  listConversations: apiRoute({
    method: "GET",
    path: "/api/v1/admin/conversations",
    summary: "The caller's conversations, latest activity first; search matches the other person's name",
    access: "user",
    query: listQuery,
    answer: pageOf(conversationView),
  }),
  startConversation: apiRoute({
    method: "POST",
    path: "/api/v1/admin/conversations",
    summary:
      "Start a conversation with a user, a startup's owner or a co-founder (exactly one of the three), or find the pair's existing one",
    access: "user",
    body: startConversationSchema,
    answer: z.object({ data: conversationView }),
    // 201 when it starts one, 200 when the two already talk.
    status: [201, 200],
    refusals: [404],
  }),
  showConversation: apiRoute({
    method: "GET",
    path: "/api/v1/admin/conversations/{id}",
    summary: "One of the caller's conversations",
    access: "user",
    answer: z.object({ data: conversationView }),
    refusals: [404],
  }),
  listMessages: apiRoute({
    method: "GET",
    path: "/api/v1/admin/conversations/{id}/messages",
    summary: "A page of a conversation's messages by id, oldest first: the newest, those before a message, or those after one",
    access: "user",
    query: messagesQuerySchema,
    answer: messagePage,
    refusals: [404],
  }),
  sendMessage: apiRoute({
    method: "POST",
    path: "/api/v1/admin/conversations/{id}/messages",
    summary: `Send a message (1–${MESSAGE_MAX_LENGTH} characters; 30 per 10 seconds per user)`,
    access: "user",
    body: sendMessageSchema,
    answer: z.object({ data: messageView }),
    status: 201,
    refusals: [404, 429],
  }),
  readConversation: apiRoute({
    method: "POST",
    path: "/api/v1/admin/conversations/{id}/read",
    summary: "Read a conversation up to a message (the read pointer never moves backwards)",
    access: "user",
    body: readConversationSchema,
    answer: z.object({ data: conversationRead }),
    refusals: [404],
  }),
});
