import { and, asc, desc, eq, gt, lt } from "drizzle-orm";
import { CONVERSATION_NOT_FOUND, MESSAGE_ID_INVALID, type ConversationRead, type MessagePage } from "#schemas/conversations.ts";
import { chatChannel, CONVERSATION_UPDATED_EVENT, MESSAGES_READ_EVENT, userChannel } from "#schemas/realtime.ts";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { conversationParticipants as participants, conversations, messages } from "#api/db/realtime-schema.ts";
import { users } from "#api/db/schema.ts";
import { fieldError, notFound } from "#api/lib/errors.ts";
import type { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { markGroupRead } from "../notifications/service.ts";
import { participantOf } from "./access.ts";
import { messageColumns, messageJson, unreadFor } from "./views.ts";

/** Its one unread "new messages" notification per recipient (see notify's groupKey). */
export const notificationGroup = (conversationId: number) => `conversation:${conversationId}`;

/**
 * A page of messages by id (keyset): the `limit` newest before `before` (or the newest of all), or the
 * oldest after `after` (catching up after a reconnect); always oldest first. The caller's participant row is
 * the query's root, so a stranger gets no rows at all (404) where a participant of an empty conversation
 * gets one row without a message.
 */
export async function listMessages(
  db: Db,
  userId: number,
  conversationId: number,
  cursor: { before?: number; after?: number },
  limit: number,
): Promise<MessagePage> {
  const forward = cursor.after !== undefined;
  const keyset = forward ? gt(messages.id, cursor.after!) : cursor.before !== undefined ? lt(messages.id, cursor.before) : undefined;
  const rows = await db
    .select({ participant: participants.userId, message: messageColumns })
    .from(participants)
    .leftJoin(messages, and(eq(messages.conversationId, participants.conversationId), keyset))
    .leftJoin(users, eq(users.id, messages.userId))
    .where(participantOf(conversationId, userId))
    .orderBy(forward ? asc(messages.id) : desc(messages.id))
    .limit(limit + 1);
  if (!rows.length) throw notFound(CONVERSATION_NOT_FOUND);
  const found = rows.flatMap((r) => (r.message.id === null ? [] : [messageJson(r.message as Parameters<typeof messageJson>[0])]));
  const page = found.slice(0, limit);
  return { data: forward ? page : page.reverse(), meta: { has_more: found.length > limit, limit } };
}

/**
 * Moves the caller's read pointer up to `messageId` (a message of this conversation), never backwards. A
 * move tells the chat channel (the other's "seen" mark) and the caller's other tabs; once nothing is
 * unread, the conversation's "new messages" notification is read too.
 */
export async function readConversation(
  db: Db,
  me: AuthUser,
  conversationId: number,
  messageId: number,
  queue: BroadcastQueue,
): Promise<ConversationRead> {
  return db.transaction(async (tx) => {
    const [own] = await tx
      .select({ lastRead: participants.lastReadMessageId })
      .from(participants)
      .where(participantOf(conversationId, me.id))
      .for("update");
    if (!own) throw notFound(CONVERSATION_NOT_FOUND);
    const [target] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)));
    if (!target) throw fieldError("message_id", MESSAGE_ID_INVALID);
    if (own.lastRead !== null && own.lastRead >= messageId) return { last_read_message_id: own.lastRead };
    await tx.update(participants).set({ lastReadMessageId: messageId }).where(participantOf(conversationId, me.id));
    queue.add({
      channels: [chatChannel(conversationId)],
      event: MESSAGES_READ_EVENT,
      data: { conversation_id: conversationId, user_id: me.id, last_read_message_id: messageId },
    });
    const [state] = await tx
      .select({ unread: unreadFor("conversation_participants"), lastMessageId: conversations.lastMessageId })
      .from(participants)
      .innerJoin(conversations, eq(conversations.id, participants.conversationId))
      .where(participantOf(conversationId, me.id));
    if (state?.lastMessageId) {
      queue.add({
        channels: [userChannel(me.id)],
        event: CONVERSATION_UPDATED_EVENT,
        data: { conversation_id: conversationId, last_message_id: state.lastMessageId, unread_count: state.unread },
      });
      if (state.unread === 0) await markGroupRead(tx, me.id, notificationGroup(conversationId), queue);
    }
    return { last_read_message_id: messageId };
  });
}
