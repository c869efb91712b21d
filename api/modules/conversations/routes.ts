/**
 * One-to-one chat under /api/v1/admin/conversations (any logged-in user). Someone who is not a participant
 * gets 404 for everything, as if the conversation did not exist.
 *
 *   GET  /conversations?page&per_page&search        the caller's conversations, latest activity first
 *   POST /conversations {user_id|startup_id|co_founder_id}   start one (201) or find the existing one (200)
 *   GET  /conversations/{id}                        one conversation
 *   GET  /conversations/{id}/messages?before|after&limit      messages by id, oldest first
 *   POST /conversations/{id}/messages {body}        send (1–10,000 characters; 30 per 10 s per user)
 *   POST /conversations/{id}/read {message_id}      read up to a message (never backwards)
 */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { CONVERSATION_NOT_FOUND, sendMessageSchema } from "#schemas/conversations.ts";
import { conversationRoutes as routes } from "#schemas/contract/conversations.ts";
import type { AppEnv } from "#api/context.ts";
import { readBody } from "#api/lib/body.ts";
import { serve, withStatus } from "#api/lib/contract.ts";
import { notFound } from "#api/lib/errors.ts";
import { pathId } from "#api/lib/ids.ts";
import { limits } from "#api/lib/limits.ts";
import { page } from "#api/lib/pagination.ts";
import { validate } from "#api/lib/validation.ts";
import { BroadcastQueue, publishAfterCommit } from "#api/realtime/broadcaster.ts";
import { assertVerifiedEmail } from "../account-links/hold.ts";
import { currentUser } from "../auth/middleware.ts";
import { isConversationParticipant } from "./access.ts";
import { listMessages, readConversation } from "./messages.ts";
import { sendMessage } from "./send.ts";
import { getConversation, startConversation } from "./service.ts";
import { listConversations } from "./views.ts";

export const conversationRoutes = new Hono<AppEnv>();

const conversationId = (value: string | undefined) => pathId(value, CONVERSATION_NOT_FOUND);

/** A stranger learns nothing about a conversation, not even what a valid body would be: 404 before 422. */
async function assertParticipant(c: Context<AppEnv>, id: number) {
  if (!(await isConversationParticipant(c.get("db"), id, currentUser(c).id))) throw notFound(CONVERSATION_NOT_FOUND);
}

/** Runs before the query or body is read, so a stranger gets 404 whatever they sent. */
const participantsOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  await assertParticipant(c, conversationId(c.req.param("id")));
  await next();
};

/**
 * Only a participant learns what is wrong with a message's body; a valid one is checked by the send itself
 * (one query less on every message). So the body is read here first, before the contract reads it again
 * (the request keeps what it read), and a refusal of it is answered 404 to a stranger.
 */
const bodyRefusalsForParticipants: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = conversationId(c.req.param("id"));
  try {
    validate(sendMessageSchema, await readBody(c));
  } catch (refused) {
    await assertParticipant(c, id);
    throw refused;
  }
  await next();
};

serve(conversationRoutes, routes.listConversations, async (c, { query }) => {
  const { total, data } = await listConversations(c.get("db"), currentUser(c), query);
  return page(c.req.url, query, total, data);
});

/** Held back whether or not the pair already talk (before the body is read); answering in a conversation someone else started is not. */
const verifiedFirst: MiddlewareHandler<AppEnv> = async (c, next) => {
  assertVerifiedEmail(c, "chat");
  await next();
};

serve(
  conversationRoutes,
  routes.startConversation,
  async (c, { body }) => {
    const { conversation, created } = await startConversation(c.get("db"), currentUser(c), body);
    return withStatus(created ? 201 : 200, { data: conversation });
  },
  { before: [verifiedFirst] },
);

serve(conversationRoutes, routes.showConversation, async (c, { params }) => ({
  data: await getConversation(c.get("db"), currentUser(c), conversationId(params.id)),
}));

serve(
  conversationRoutes,
  routes.listMessages,
  async (c, { params, query: { before, after, limit } }) =>
    listMessages(c.get("db"), currentUser(c).id, conversationId(params.id), { before, after }, limit),
  { before: [participantsOnly] },
);

serve(
  conversationRoutes,
  routes.sendMessage,
  async (c, { params, body }) => {
    const queue = new BroadcastQueue();
    const message = await sendMessage(
      c.get("db"),
      currentUser(c),
      conversationId(params.id),
      body.body,
      queue,
      limits(c.get("config")).chatMessage,
    );
    await publishAfterCommit(c.get("broadcaster"), queue.messages);
    return { data: message };
  },
  { before: [bodyRefusalsForParticipants] },
);

serve(
  conversationRoutes,
  routes.readConversation,
  async (c, { params, body }) => {
    const queue = new BroadcastQueue();
    const result = await readConversation(c.get("db"), currentUser(c), conversationId(params.id), body.message_id, queue);
    await publishAfterCommit(c.get("broadcaster"), queue.messages);
    return { data: result };
  },
  { before: [participantsOnly] },
);
