/**
 * One-to-one chat under /api/v1/admin/conversations (any logged-in user). Someone who is not a participant
 * gets 404 for everything, as if the conversation did not exist.
 *
 *   GET  /conversations?page&per_page&search        the caller's conversations, latest activity first
 *   POST /conversations {user_id|startup_id|co_founder_id}   start one (201) or find the existing one (200)
 *   GET  /conversations/{id}                        one conversation
 *   GET  /conversations/{id}/messages?before|after&limit      messages by id, oldest first
 *   POST /conversations/{id}/messages {body}        send (1–4000 characters; 30 per 10 s per user)
 *   POST /conversations/{id}/read {message_id}      read up to a message (never backwards)
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  CONVERSATION_NOT_FOUND,
  MESSAGE_ID_INVALID,
  MESSAGES_PAGE_DEFAULT,
  MESSAGES_PAGE_MAX,
  readConversationSchema,
  sendMessageSchema,
  startConversationSchema,
} from "#schemas/conversations.ts";
import { optionalIdField } from "#schemas/id-fields.ts";
import type { AppEnv } from "#api/context.ts";
import { readBody } from "#api/lib/body.ts";
import { notFound } from "#api/lib/errors.ts";
import { pathId } from "#api/lib/ids.ts";
import { limits } from "#api/lib/limits.ts";
import { page, parseListQuery } from "#api/lib/pagination.ts";
import { validate } from "#api/lib/validation.ts";
import { BroadcastQueue, publishAfterCommit } from "#api/realtime/broadcaster.ts";
import { assertVerifiedEmail } from "../account-links/hold.ts";
import { currentUser, requireUser } from "../auth/middleware.ts";
import { isConversationParticipant } from "./access.ts";
import { listMessages, readConversation } from "./messages.ts";
import { sendMessage } from "./send.ts";
import { getConversation, startConversation } from "./service.ts";
import { listConversations } from "./views.ts";

const BASE = "/api/v1/admin/conversations";
export const conversationRoutes = new Hono<AppEnv>();

const conversationId = (c: Context<AppEnv>) => pathId(c.req.param("id"), CONVERSATION_NOT_FOUND);

/** A stranger learns nothing about a conversation, not even what a valid body would be: 404 before 422. */
async function assertParticipant(c: Context<AppEnv>, id: number) {
  if (!(await isConversationParticipant(c.get("db"), id, currentUser(c).id))) throw notFound(CONVERSATION_NOT_FOUND);
}

conversationRoutes.get(BASE, requireUser, async (c) => {
  const query = parseListQuery(c.req.url);
  const { total, data } = await listConversations(c.get("db"), currentUser(c), query);
  return c.json(page(c.req.url, query, total, data));
});

conversationRoutes.post(BASE, requireUser, async (c) => {
  // Held back whether or not the pair already talk; answering in a conversation someone else started is not.
  assertVerifiedEmail(c, "chat");
  const input = validate(startConversationSchema, await readBody(c));
  const { conversation, created } = await startConversation(c.get("db"), currentUser(c), input);
  return c.json({ data: conversation }, created ? 201 : 200);
});

conversationRoutes.get(`${BASE}/:id`, requireUser, async (c) => {
  return c.json({ data: await getConversation(c.get("db"), currentUser(c), conversationId(c)) });
});

const messagesQuery = z
  .object({
    before: optionalIdField(MESSAGE_ID_INVALID),
    after: optionalIdField(MESSAGE_ID_INVALID),
    // Like per_page: an unreadable limit falls back to the default, a large one is capped.
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .catch(MESSAGES_PAGE_DEFAULT)
      .transform((n) => Math.min(n, MESSAGES_PAGE_MAX)),
  })
  .refine((q) => q.before === undefined || q.after === undefined, { path: ["after"], message: "Use either before or after, not both." });

conversationRoutes.get(`${BASE}/:id/messages`, requireUser, async (c) => {
  const id = conversationId(c);
  await assertParticipant(c, id);
  const { before, after, limit } = validate(messagesQuery, c.req.query());
  return c.json(await listMessages(c.get("db"), currentUser(c).id, id, { before, after }, limit));
});

conversationRoutes.post(`${BASE}/:id/messages`, requireUser, async (c) => {
  const id = conversationId(c);
  let body: string;
  try {
    ({ body } = validate(sendMessageSchema, await readBody(c)));
  } catch (refused) {
    // Only a participant learns what is wrong with the body; a valid one is checked by the send itself.
    await assertParticipant(c, id);
    throw refused;
  }
  const queue = new BroadcastQueue();
  const message = await sendMessage(c.get("db"), currentUser(c), id, body, queue, limits(c.get("config")).chatMessage);
  await publishAfterCommit(c.get("broadcaster"), queue.messages);
  return c.json({ data: message }, 201);
});

conversationRoutes.post(`${BASE}/:id/read`, requireUser, async (c) => {
  const id = conversationId(c);
  await assertParticipant(c, id);
  const { message_id } = validate(readConversationSchema, await readBody(c));
  const queue = new BroadcastQueue();
  const result = await readConversation(c.get("db"), currentUser(c), id, message_id, queue);
  await publishAfterCommit(c.get("broadcaster"), queue.messages);
  return c.json({ data: result });
});
