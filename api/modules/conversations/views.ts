import { and, desc, eq, ilike, ne, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ConversationJson, MessageJson } from "#schemas/conversations.ts";
import type { Db } from "#api/db/client.ts";
import { conversationParticipants, conversations, messages } from "#api/db/realtime-schema.ts";
import { startups, users } from "#api/db/schema.ts";
import { offset, totalOf, totalOver, type ListQuery, type PageRows } from "#api/lib/pagination.ts";
import { containsPattern } from "#api/lib/like.ts";
import { fileUrl } from "../files/service.ts";

/* How conversations and messages look in answers and events, each read in one query. */

export function messageJson(row: {
  id: number;
  conversationId: number;
  userId: number;
  senderName: string;
  body: string;
  createdAt: Date;
}): MessageJson {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    user_id: row.userId,
    sender_name: row.senderName,
    body: row.body,
    created_at: row.createdAt.toISOString(),
  };
}

/** A message with its sender's name, as every answer carries it. */
export const messageColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  userId: messages.userId,
  senderName: users.name,
  body: messages.body,
  createdAt: messages.createdAt,
};

/**
 * Unread for a participant row of the query, named by its table or alias (`ref`): the other's messages after
 * its read pointer, on the (conversation, id) index. The outer columns are spelled out with their table,
 * because drizzle drops the table from columns in a single-table select, and unqualified they would mean
 * the subquery's own messages columns.
 */
export const unreadFor = (ref: string) => {
  const outer = (column: string) => sql`${sql.identifier(ref)}.${sql.identifier(column)}`;
  return sql<number>`(select count(*) from ${messages}
    where ${messages.conversationId} = ${outer("conversation_id")}
      and ${messages.id} > coalesce(${outer("last_read_message_id")}, 0)
      and ${messages.userId} <> ${outer("user_id")})`.mapWith(Number);
};

const mine = alias(conversationParticipants, "mine");
const other = alias(conversationParticipants, "other");
const lastMessage = alias(messages, "last_message");
const otherUser = alias(users, "other_user");

/**
 * The caller's side of conversations (their participant row `mine` is the join's root, so someone else's
 * conversation is simply not in the result) with the other person, the last message and the unread count.
 */
function selectConversations(db: Db, userId: number, where: SQL | undefined) {
  return db
    .select({
      id: conversations.id,
      updatedAt: conversations.updatedAt,
      lastRead: mine.lastReadMessageId,
      otherLastRead: other.lastReadMessageId,
      otherId: otherUser.id,
      otherName: otherUser.name,
      otherAvatar: otherUser.avatarFileId,
      otherCoFounderId: otherUser.coFounderId,
      otherStartupUsername: startups.username,
      lastId: lastMessage.id,
      lastUserId: lastMessage.userId,
      lastBody: lastMessage.body,
      lastCreatedAt: lastMessage.createdAt,
      unread: unreadFor("mine"),
      listTotal: totalOver(),
    })
    .from(mine)
    .innerJoin(conversations, eq(conversations.id, mine.conversationId))
    .innerJoin(other, and(eq(other.conversationId, mine.conversationId), ne(other.userId, mine.userId)))
    .innerJoin(otherUser, eq(otherUser.id, other.userId))
    .leftJoin(startups, eq(startups.id, otherUser.startupId))
    .leftJoin(lastMessage, eq(lastMessage.id, conversations.lastMessageId))
    .where(and(eq(mine.userId, userId), where));
}
type Row = Awaited<ReturnType<typeof selectConversations>>[number];

/** The other person's profile in the panel: their startup's page, else their co-founder profile. */
const profileUrl = (row: Row) =>
  row.otherStartupUsername ? `/startups/${row.otherStartupUsername}` : row.otherCoFounderId ? `/co-founders/${row.otherCoFounderId}` : null;

function conversationJson(row: Row, me: { id: number; name: string }): ConversationJson {
  return {
    id: row.id,
    other: { user_id: row.otherId, name: row.otherName, avatar_url: fileUrl(row.otherAvatar), profile_url: profileUrl(row) },
    last_message:
      row.lastId === null || row.lastUserId === null || row.lastBody === null || row.lastCreatedAt === null
        ? null
        : messageJson({
            id: row.lastId,
            conversationId: row.id,
            userId: row.lastUserId,
            // One-to-one: a message is either the caller's or the other person's.
            senderName: row.lastUserId === me.id ? me.name : row.otherName,
            body: row.lastBody,
            createdAt: row.lastCreatedAt,
          }),
    unread_count: row.unread,
    last_read_message_id: row.lastRead,
    other_last_read_message_id: row.otherLastRead,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The caller's conversations, latest activity first, optionally those whose other person's name matches. */
export async function listConversations(db: Db, me: { id: number; name: string }, query: ListQuery): Promise<PageRows<ConversationJson>> {
  const where = query.search ? ilike(otherUser.name, containsPattern(query.search)) : undefined;
  const rows = await selectConversations(db, me.id, where)
    .orderBy(desc(mine.activityAt), desc(mine.conversationId))
    .limit(query.per_page)
    .offset(offset(query));
  // Past the last page: one row of the same query still carries count(*) over () (computed before LIMIT).
  const total = await totalOf(rows, query, async () => (await selectConversations(db, me.id, where).limit(1))[0]?.listTotal ?? 0);
  return { total, data: rows.map((row) => conversationJson(row, me)) };
}

/** One of the caller's conversations, or null when they are not in it (or it does not exist). */
export async function findConversation(db: Db, me: { id: number; name: string }, id: number): Promise<ConversationJson | null> {
  const [row] = await selectConversations(db, me.id, eq(mine.conversationId, id));
  return row ? conversationJson(row, me) : null;
}
