/**
 * One-to-one chat: the caller's conversations, one conversation, its messages, sending and reading. Someone
 * who is not a participant gets 404 for everything, as if the conversation did not exist.
 */
import { z } from "zod";
import { listQuery } from "./list-query.ts";
import { pageOf } from "./answers.ts";
import { apiPart, apiRoute } from "./route.ts";
import {
  conversationRead,
  conversationView,
  messagePage,
  messagesQuerySchema,
  messageView,
  readConversationSchema,
  sendMessageSchema,
} from "../conversations.ts";

/*
 * Starting a conversation (POST /api/v1/admin/conversations) answers 201 when it creates one and 200 when
 * it finds the pair's existing one; a route declares one success status, so that route is not here yet.
 */
export const conversationRoutes = apiPart("Conversations", {
  listConversations: apiRoute({
    method: "GET",
    path: "/api/v1/admin/conversations",
    summary: "The caller's conversations, latest activity first; search matches the other person's name",
    access: "user",
    query: listQuery,
    answer: pageOf(conversationView),
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
    summary: "Send a message (1–4000 characters; 30 per 10 seconds per user)",
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
