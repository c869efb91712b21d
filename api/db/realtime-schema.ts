import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { MAIL_TYPES } from "#schemas/mail-preferences.ts";
import { NOTIFICATION_TYPES } from "#schemas/notifications.ts";
import { users } from "./schema.ts";

/* Notifications, one-to-one chat, and the realtime layer's oversized-payload store. */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * What happened that a user should know about, written in the same transaction as its cause. The list reads
 * newest first by id; unread ones have their own partial index because the bell counts them on every page.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: NOTIFICATION_TYPES }).notNull(),
    title: text("title").notNull(),
    body: text("body"),
    /** A panel path, or null. */
    url: text("url"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    /**
     * Notifications sharing a key collapse into one while it is unread (e.g. "conversation:12": one "new
     * messages" notification per conversation instead of one per message).
     */
    groupKey: text("group_key"),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_id_idx").on(t.userId, t.id.desc()),
    index("notifications_user_unread_idx")
      .on(t.userId, t.id.desc())
      .where(sql`${t.readAt} is null`),
    uniqueIndex("notifications_user_group_unread_unique")
      .on(t.userId, t.groupKey)
      .where(sql`${t.readAt} is null and ${t.groupKey} is not null`),
  ],
);

/**
 * What waits for a user's daily digest mail: a notification of a kind they get by digest, written with it,
 * or a chat conversation still unread 15 minutes after its message (written by the mail job). Items with a
 * group key collapse while they wait (`count` says how many they stand for), as notifications do while
 * unread. Once a digest lists them they are marked mailed, in the digest's transaction, and kept a while:
 * a chat item's key names the first unread message, so the same unread messages are never listed twice.
 */
export const mailDigestItems = pgTable(
  "mail_digest_items",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: MAIL_TYPES }).notNull(),
    title: text("title").notNull(),
    body: text("body"),
    /** A panel path, or null. */
    url: text("url"),
    groupKey: text("group_key"),
    count: integer("count").notNull().default(1),
    createdAt: createdAt(),
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
  },
  (t) => [
    index("mail_digest_items_waiting_idx")
      .on(t.userId, t.id)
      .where(sql`${t.mailedAt} is null`),
    uniqueIndex("mail_digest_items_waiting_group_unique")
      .on(t.userId, t.groupKey)
      .where(sql`${t.mailedAt} is null and ${t.groupKey} is not null`),
    index("mail_digest_items_group_idx").on(t.userId, t.groupKey),
    index("mail_digest_items_mailed_idx").on(t.mailedAt),
  ],
);

/**
 * A one-to-one conversation. `pair_key` ("smallerUserId:largerUserId") makes the pair's conversation unique,
 * so two people starting one at the same moment end up in the same row.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: serial("id").primaryKey(),
    pairKey: text("pair_key").notNull(),
    lastMessageId: integer("last_message_id").references((): AnyPgColumn => messages.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** The last activity (its newest message, or its start). */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("conversations_pair_key_unique").on(t.pairKey), index("conversations_last_message_id_idx").on(t.lastMessageId)],
);

/**
 * Who is in a conversation and how far each has read. `activity_at` copies the conversation's last activity
 * so a user's list is one index range, newest first, without sorting every conversation they are in.
 */
export const conversationParticipants = pgTable(
  "conversation_participants",
  {
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Read up to and including this message id; only ever moves forward. */
    lastReadMessageId: integer("last_read_message_id"),
    activityAt: timestamp("activity_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index("conversation_participants_user_activity_idx").on(t.userId, t.activityAt.desc(), t.conversationId.desc()),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: serial("id").primaryKey(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Plain text, 1–10,000 characters after trimming (MESSAGE_MAX_LENGTH). */
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("messages_conversation_id_idx").on(t.conversationId, t.id),
    // The send rate limit counts a user's recent messages (30 in 10 s), in the database so every instance agrees.
    index("messages_user_created_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * Broadcast payloads too large for a PostgreSQL NOTIFY (8000 bytes): the notification carries the id and
 * each instance reads the payload here (the realtime layer prunes old rows).
 */
export const realtimePayloads = pgTable(
  "realtime_payloads",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    payload: jsonb("payload").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("realtime_payloads_created_at_idx").on(t.createdAt)],
);
