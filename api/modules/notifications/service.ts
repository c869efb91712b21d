import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import {
  NOTIFICATION_NOT_FOUND,
  NOTIFICATION_READ_MESSAGE,
  NOTIFICATIONS_READ_MESSAGE,
  type NotificationJson,
  type NotificationsReadResult,
} from "#schemas/notifications.ts";
import { NOTIFICATIONS_READ_EVENT, userChannel } from "#schemas/realtime.ts";
import type { Db } from "#api/db/client.ts";
import { notifications } from "#api/db/realtime-schema.ts";
import { notFound } from "#api/lib/errors.ts";
import { offset, totalOf, totalOver, type ListQuery, type PageRows } from "#api/lib/pagination.ts";
import type { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { notificationColumns, notificationJson, unreadCount } from "./notify.ts";

/** The caller's notifications, newest first (only theirs: the user is in the where clause). */
export async function listNotifications(
  db: Db,
  userId: number,
  query: ListQuery,
  unreadOnly: boolean,
): Promise<PageRows<NotificationJson> & { unread: number }> {
  const where = and(eq(notifications.userId, userId), unreadOnly ? isNull(notifications.readAt) : undefined);
  const [rows, unread] = await Promise.all([
    db
      .select({ ...notificationColumns, listTotal: totalOver() })
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.id))
      .limit(query.per_page)
      .offset(offset(query)),
    unreadCount(db, userId),
  ]);
  const total = await totalOf(rows, query, async () => (unreadOnly ? unread : await db.$count(notifications, where)));
  return { total, unread, data: rows.map(notificationJson) };
}

/** Other tabs and devices of the user update their bell from this. */
function queueRead(queue: BroadcastQueue, userId: number, unread: number) {
  queue.add({ channels: [userChannel(userId)], event: NOTIFICATIONS_READ_EVENT, data: { unread_count: unread } });
}

/** Marks one of the caller's notifications read (again is fine); someone else's is 404 like a missing one. */
export async function markRead(db: Db, userId: number, id: number, queue: BroadcastQueue): Promise<NotificationsReadResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning({ id: notifications.id });
    if (!row) throw notFound(NOTIFICATION_NOT_FOUND);
    const unread = await unreadCount(tx, userId);
    queueRead(queue, userId, unread);
    return { message: NOTIFICATION_READ_MESSAGE, unread_count: unread };
  });
}

export async function markAllRead(db: Db, userId: number, queue: BroadcastQueue): Promise<NotificationsReadResult> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  queueRead(queue, userId, 0);
  return { message: NOTIFICATIONS_READ_MESSAGE, unread_count: 0 };
}

/**
 * Marking read the user's unread notification of a group (e.g. a conversation's "new messages" once they have
 * read it), as the CTE `group_read` of a larger statement, only when `when` holds; `groupReadColumn` is
 * then the user's new unread count, or null when nothing changed (nothing to tell).
 */
export const groupReadWrite = (userId: number, groupKey: string, when: SQL = sql`true`) => sql`group_read as (
  update ${notifications} set read_at = now()
  where user_id = ${userId} and group_key = ${groupKey} and read_at is null and ${when}
  returning id)`;

/** The statement sees the rows as they were before it: the count before, less those it marked. */
export const groupReadColumn = (userId: number) => sql`(select case when count(*) = 0 then null
  else (select count(*) from ${notifications} where user_id = ${userId} and read_at is null) - count(*) end::int
  from group_read)`;

/** Queues the new count when the group's notification was marked read (`unread` not null). */
export function queueGroupRead(queue: BroadcastQueue, userId: number, unread: number | null) {
  if (unread !== null) queueRead(queue, userId, unread);
}

/** groupReadWrite on its own, in the caller's transaction. */
export async function markGroupRead(tx: Db, userId: number, groupKey: string, queue: BroadcastQueue) {
  const result = (await tx.execute(
    sql`with ${groupReadWrite(userId, groupKey)} select ${groupReadColumn(userId)} as unread`,
  )) as unknown as {
    rows: { unread: number | null }[];
  };
  queueGroupRead(queue, userId, result.rows[0].unread);
}
