import { and, count, eq, isNull, sql } from "drizzle-orm";
import {
  NOTIFICATION_CREATED_EVENT,
  type NotificationCreatedPayload,
  type NotificationJson,
  type NotificationType,
} from "../../../schemas/notifications.ts";
import type { Db } from "../../db/client.ts";
import { notifications } from "../../db/realtime-schema.ts";
import { userSettings } from "../../db/settings-schema.ts";
import type { BroadcastQueue } from "../../realtime/broadcaster.ts";

/** A user's own private channel (only they may subscribe: see the broadcasting module). */
export const userChannel = (userId: number) => `private-App.Models.User.${userId}`;

export interface NotificationInput {
  userId: number;
  type: NotificationType;
  /** A sentence a person reads, e.g. "Acme started following you". */
  title: string;
  body?: string | null;
  /** The panel path the notification opens. */
  url?: string | null;
  data?: Record<string, unknown>;
  /**
   * Collapse into the user's unread notification with this key, if there is one (it moves to the top with
   * the new text and a new id, and `data.count` counts how many it stands for) instead of adding another.
   */
  groupKey?: string;
}

export const notificationColumns = {
  id: notifications.id,
  type: notifications.type,
  title: notifications.title,
  body: notifications.body,
  url: notifications.url,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
};
type NotificationRow = { [K in keyof typeof notificationColumns]: (typeof notifications.$inferSelect)[K] };

export function notificationJson(row: NotificationRow): NotificationJson {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    url: row.url,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return n;
}

async function unreadInGroup(tx: Db, userId: number, groupKey: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.groupKey, groupKey), isNull(notifications.readAt)));
  return row?.id;
}

/** Whether the user turned this type off on /settings (no settings row: they receive everything). */
async function muted(tx: Db, userId: number, type: NotificationType): Promise<boolean> {
  const [row] = await tx
    .select({ userId: userSettings.userId })
    .from(userSettings)
    .where(and(eq(userSettings.userId, userId), sql`${type} = any(${userSettings.mutedNotifications})`));
  return row !== undefined;
}

/**
 * Writes a notification in the caller's transaction `tx` and queues its live event for after the commit,
 * so a rolled-back cause leaves neither a row nor a message. A grouped one is a single upsert on the
 * partial unique index of unread (user, group) rows: two senders at once still leave one row.
 * A type the user turned off is not written at all (null); the cause's own live events still go out.
 */
export async function notify(tx: Db, queue: BroadcastQueue, input: NotificationInput): Promise<NotificationJson | null> {
  if (await muted(tx, input.userId, input.type)) return null;
  const values = {
    userId: input.userId,
    type: input.type,
    title: input.title,
    body: input.body ?? null,
    url: input.url ?? null,
    data: { ...input.data, ...(input.groupKey ? { count: 1 } : {}) },
    groupKey: input.groupKey ?? null,
  };
  // Only for the live event's replaces_id: the upsert below is what keeps the row unique.
  const replaced = input.groupKey ? await unreadInGroup(tx, input.userId, input.groupKey) : undefined;
  const insert = tx.insert(notifications).values(values);
  const [row] = await (input.groupKey
    ? insert.onConflictDoUpdate({
        target: [notifications.userId, notifications.groupKey],
        targetWhere: sql`${notifications.readAt} is null and ${notifications.groupKey} is not null`,
        set: {
          // A new id puts it first in the newest-first list, where a fresh notification belongs.
          id: sql`default`,
          type: sql`excluded.type`,
          title: sql`excluded.title`,
          body: sql`excluded.body`,
          url: sql`excluded.url`,
          data: sql`excluded.data || jsonb_build_object('count', coalesce((${notifications.data}->>'count')::int, 1) + 1)`,
          createdAt: sql`now()`,
        },
      })
    : insert
  ).returning(notificationColumns);
  const notification = notificationJson(row);
  const payload: NotificationCreatedPayload = { notification, unread_count: await unreadCount(tx, input.userId) };
  if (replaced !== undefined && replaced !== row.id) payload.replaces_id = replaced;
  queue.add({ channels: [userChannel(input.userId)], event: NOTIFICATION_CREATED_EVENT, data: { ...payload } });
  return notification;
}

/** The same notification for several users (e.g. every user of a startup), each with their own count. */
export async function notifyEach(tx: Db, queue: BroadcastQueue, userIds: readonly number[], input: Omit<NotificationInput, "userId">) {
  for (const userId of new Set(userIds)) await notify(tx, queue, { ...input, userId });
}
