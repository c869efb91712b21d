import { sql } from "drizzle-orm";
import { CONVERSATION_NOT_FOUND, type MessageJson } from "#schemas/conversations.ts";
import { chatChannel, CONVERSATION_UPDATED_EVENT, MESSAGE_SENT_EVENT, userChannel } from "#schemas/realtime.ts";
import type { AuthUser } from "#api/context.ts";
import { databaseKind, type Db } from "#api/db/client.ts";
import { conversationParticipants, conversations, messages } from "#api/db/realtime-schema.ts";
import { notFound } from "#api/lib/errors.ts";
import { takeStatement, type RateLimit } from "#api/lib/rate-limit.ts";
import type { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { notificationWrite, notifiedColumn, queueNotified, type NotifiedRow } from "../notifications/notify.ts";
import { groupReadColumn, groupReadWrite, queueGroupRead } from "../notifications/service.ts";
import { participantOf } from "./access.ts";
import { notificationGroup } from "./messages.ts";
import { messageJson, unreadFor } from "./views.ts";

/**
 * The embedded PGlite (in process or in its thread) has one connection and runs one statement or
 * transaction at a time; a PostgreSQL pool runs many side by side. Anything unknown counts as the latter.
 */
function oneAtATime(db: Db): boolean {
  return databaseKind(db) === "pglite";
}

/** A notification shows the start of a long message. */
const excerpt = (body: string) => {
  const chars = [...body];
  return chars.length > 140 ? `${chars.slice(0, 139).join("")}…` : body;
};

interface SendRow {
  member: boolean;
  retry_after: number | null;
  message: { id: number; created_at: string } | null;
  /** Each participant (by user id) with their unread count once the message is in. */
  participants: { user_id: number; unread: number }[] | null;
  /** The sender's unread notification count when replying marked the conversation's one read, else null. */
  sender_unread: number | null;
  notified: NotifiedRow[];
}

/**
 * Everything a message changes, as ONE statement (the embedded database runs statements one after
 * another, so each round trip is time nobody else can use): the participant check, the send limit (the
 * rate limiter's own take statement, counted only for a participant), the
 * message, the conversation's last message and activity, both participants' activity and the sender's
 * read pointer (one's own message is read), the recipient's "new messages" notification (grouped per
 * conversation, skipped when they muted it), the sender's one marked read (replying means having read
 * it), and what the live events need: ids, times and unread counts. Every write hangs off `sent`, so a
 * stranger's or a throttled send writes nothing. Sub-statements all see the rows as they were before it,
 * hence unread counts as "before, plus the new message".
 */
function sendStatement(me: AuthUser, conversationId: number, body: string, limit: RateLimit) {
  const group = notificationGroup(conversationId);
  return sql`with
    sent_member as (select 1 from ${conversationParticipants} where ${participantOf(conversationId, me.id)}),
    rate as (${takeStatement(limit, me.id, sql`exists (select 1 from sent_member)`)}),
    sent as (
      insert into ${messages} (conversation_id, user_id, body)
      select ${conversationId}::int, ${me.id}::int, ${body}::text
      where exists (select 1 from rate where taken)
      returning id, created_at),
    sent_conversation as (
      update ${conversations} set last_message_id = sent.id, updated_at = sent.created_at
      from sent where ${conversations}.id = ${conversationId}
      returning ${conversations}.id),
    sent_participants as (
      update ${conversationParticipants} p set activity_at = sent.created_at,
        -- greatest() keeps a read pointer from ever moving backwards.
        last_read_message_id = case when p.user_id = ${me.id}
          then greatest(coalesce(p.last_read_message_id, 0), sent.id) else p.last_read_message_id end
      from sent where p.conversation_id = ${conversationId}
      returning p.conversation_id, p.user_id, p.last_read_message_id, sent.id as message_id),
    ${groupReadWrite(me.id, group, sql`exists (select 1 from sent)`)},
    ${notificationWrite(
      sql`select p.user_id, jsonb_build_object('conversation_id', ${conversationId}::int, 'message_id', p.message_id) as data
        from sent_participants p where p.user_id <> ${me.id}`,
      {
        type: "message_received",
        title: `New message from ${me.name}`,
        body: excerpt(body),
        url: `/chat/${conversationId}`,
        groupKey: group,
      },
    )}
  select exists (select 1 from sent_member) as member,
    (select retry_after from rate) as retry_after,
    (select json_build_object('id', id, 'created_at', created_at) from sent) as message,
    (select json_agg(json_build_object('user_id', p.user_id, 'unread', ${unreadFor("p")}
      + case when p.user_id <> ${me.id} and p.message_id > coalesce(p.last_read_message_id, 0) then 1 else 0 end) order by p.user_id)
      from sent_participants p) as participants,
    ${groupReadColumn(me.id)} as sender_unread,
    ${notifiedColumn} as notified`;
}

const firstRow = async (db: Db, statement: ReturnType<typeof sendStatement>) =>
  ((await db.execute(statement)) as unknown as { rows: SendRow[] }).rows[0];

/**
 * Posts a message (see sendStatement) and queues, for after the commit, MessageSent on the chat channel
 * and, on each participant's own channel, ConversationUpdated with their own unread count, plus the
 * recipient's notification or the sender's new notification count. `limit` is the chat send limit (30
 * messages in 10 s per user); its take, in the statement, queues one user's sends on their counter row.
 *
 * On PostgreSQL the statement runs in a transaction that first serialises the conversation's sends (both
 * participant rows, always in user order, so two people replying at once queue up instead of each
 * holding one row and waiting for the other's: a deadlock). Its snapshot then includes every message
 * sent before it. The embedded database needs none of it (its worker thread keeps the statement's plan:
 * decision 014).
 */
export async function sendMessage(
  db: Db,
  me: AuthUser,
  conversationId: number,
  body: string,
  queue: BroadcastQueue,
  limit: RateLimit,
): Promise<MessageJson> {
  const statement = sendStatement(me, conversationId, body, limit);
  const row = oneAtATime(db)
    ? await firstRow(db, statement)
    : await db.transaction(async (tx) => {
        await tx.execute(
          sql`select user_id from ${conversationParticipants} where conversation_id = ${conversationId} order by user_id for update`,
        );
        return firstRow(tx, statement);
      });
  if (!row.member) throw notFound(CONVERSATION_NOT_FOUND);
  if (row.retry_after !== null) throw limit.refusal(row.retry_after);
  if (!row.message || !row.participants) throw new Error("sendMessage: the message was not written");
  const message = messageJson({
    id: row.message.id,
    conversationId,
    userId: me.id,
    senderName: me.name,
    body,
    createdAt: new Date(row.message.created_at),
  });
  // By id: a message may be longer than an event may carry; its readers fetch it (listMessages, `after`).
  queue.add({
    channels: [chatChannel(conversationId)],
    event: MESSAGE_SENT_EVENT,
    data: { conversation_id: conversationId, message_id: message.id, user_id: me.id },
  });
  for (const { user_id: userId, unread } of row.participants) {
    if (userId === me.id) queueGroupRead(queue, me.id, row.sender_unread);
    else
      queueNotified(
        queue,
        row.notified.filter((n) => n.user_id === userId),
      );
    queue.add({
      channels: [userChannel(userId)],
      event: CONVERSATION_UPDATED_EVENT,
      data: { conversation_id: conversationId, last_message_id: message.id, unread_count: Number(unread) },
    });
  }
  return message;
}
