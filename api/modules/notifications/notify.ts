import { and, count, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { NotificationJson, NotificationType } from "#schemas/notifications.ts";
import { NOTIFICATION_CREATED_EVENT, userChannel, type NotificationCreatedPayload } from "#schemas/realtime.ts";
import type { Db } from "#api/db/client.ts";
import { notifications } from "#api/db/realtime-schema.ts";
import { userSettings } from "#api/db/settings-schema.ts";
import type { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import type { MessageFor } from "../notification-mail/deliver.ts";
import { mailNotification } from "../notification-mail/notification.ts";

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
  /**
   * With `groupKey`: the group collapses only while its unread notification is younger than this many
   * minutes; an older one is left as it is and the next one starts the group anew (see `repeatOf`).
   */
  windowMinutes?: number;
  /**
   * The mail to a recipient who gets this type at once, when the cause has more to say than the title and
   * body (see notification-mail/notification.ts); without it, the notification's own text.
   */
  mail?: MessageFor;
}
/** What a notification says, whoever receives it. */
export type NotificationContent = Omit<NotificationInput, "userId">;

/** Repeats of one cause within this long are one notification. */
export const REPEAT_WINDOW_MINUTES = 10;

/**
 * The one rule against repeated causes (follow, unfollow, follow again; invite, withdraw, invite again): a
 * cause is its kind, who caused it and what it is about, and a repeat within REPEAT_WINDOW_MINUTES of the
 * last one, while the recipient has not read it, updates that notification (latest text, moved to the top,
 * `data.count` counting the repeats; the unread count stays) instead of adding another. It rides on the
 * grouped upsert, so parallel repeats leave one row on either database. Spread into a notification's
 * content: `{ ...repeatOf("new_follower", "startup:3", "co_founder:9"), title, … }`.
 */
export function repeatOf(
  type: NotificationType,
  actor: string,
  subject: string,
): Pick<NotificationContent, "type" | "groupKey" | "windowMinutes"> {
  return { type, groupKey: `cause:${type}:${actor}:${subject}`, windowMinutes: REPEAT_WINDOW_MINUTES };
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

/**
 * Writes notifications as CTEs of one statement: notify() runs them alone (a cause's transaction then
 * pays one round trip per notification, or one for several users), a chat message inside its own
 * statement (api/modules/conversations/send.ts). `source` is a query of rows (user_id int, data jsonb):
 * one notification each, unless that user turned the type off on /settings (no settings row: they receive
 * everything). Grouped ones are an upsert on the partial unique index of unread (user, group) rows, so
 * two senders at once still leave one row. Defines:
 *   notify_source    the rows asked for
 *   notify_replaced  (id, user_id): the unread row of the group each one takes the place of
 *   notify_written   the rows written
 * and `notifiedColumn` reads them back (NotifiedRow[]). Every sub-statement sees the database as it was
 * before the statement, so a user's unread count is the count before plus one for a row that is new.
 */
export function notificationWrite(source: SQL, input: NotificationContent): SQL {
  const grouped = input.groupKey !== undefined;
  const replaced = grouped
    ? sql`select n.id, n.user_id from ${notifications} n join notify_source s on s.user_id = n.user_id
        where n.group_key = ${input.groupKey} and n.read_at is null`
    : sql`select null::int as id, null::int as user_id where false`;
  const upsert = grouped
    ? sql`on conflict (user_id, group_key) where read_at is null and group_key is not null do update set
        -- A new id puts it first in the newest-first list, where a fresh notification belongs.
        id = default, type = excluded.type, title = excluded.title, body = excluded.body, url = excluded.url,
        data = excluded.data || jsonb_build_object('count', coalesce((${notifications}.data->>'count')::int, 1) + 1),
        created_at = now()`
    : sql``;
  return sql`notify_source as (${source}),
    notify_replaced as (${replaced}),
    notify_written as (
      insert into ${notifications} (user_id, type, title, body, url, data, group_key)
      select s.user_id, ${input.type}, ${input.title}, ${input.body ?? null}, ${input.url ?? null},
        s.data${grouped ? sql` || '{"count":1}'::jsonb` : sql``}, ${input.groupKey ?? null}
      from notify_source s
      where not exists (select 1 from ${userSettings} us where us.user_id = s.user_id and ${input.type} = any(us.muted_notifications))
      ${upsert}
      returning id, user_id, type, title, body, url, read_at, created_at)`;
}

/** The rows notify_written wrote, as one json column: each with its user's unread count and the row it replaced. */
export const notifiedColumn = sql`(select coalesce(json_agg(json_build_object(
    'user_id', w.user_id,
    'notification', json_build_object('id', w.id, 'type', w.type, 'title', w.title, 'body', w.body, 'url', w.url,
      'read_at', w.read_at, 'created_at', w.created_at),
    'unread_count', (select count(*) from ${notifications} n where n.user_id = w.user_id and n.read_at is null)
      + case when exists (select 1 from notify_replaced r where r.user_id = w.user_id) then 0 else 1 end,
    'replaces_id', (select r.id from notify_replaced r where r.user_id = w.user_id and r.id <> w.id)
  ) order by w.user_id), '[]') from notify_written w)`;

/** A row of notifiedColumn: timestamps come back as JSON text. */
export interface NotifiedRow {
  user_id: number;
  notification: Omit<NotificationJson, "read_at" | "created_at"> & { read_at: string | null; created_at: string };
  unread_count: number;
  replaces_id: number | null;
}

/** Queues each written notification's live event (for after the commit) and returns them as the API shows them. */
export function queueNotified(queue: BroadcastQueue, rows: readonly NotifiedRow[]): NotificationJson[] {
  return rows.map((row) => {
    const notification: NotificationJson = {
      ...row.notification,
      read_at: row.notification.read_at === null ? null : new Date(row.notification.read_at).toISOString(),
      created_at: new Date(row.notification.created_at).toISOString(),
    };
    const payload: NotificationCreatedPayload = { notification_id: notification.id, unread_count: Number(row.unread_count) };
    if (row.replaces_id !== null) payload.replaces_id = row.replaces_id;
    queue.add({ channels: [userChannel(row.user_id)], event: NOTIFICATION_CREATED_EVENT, data: payload });
    return notification;
  });
}

/**
 * A windowed group's unread notification older than the window leaves the group (it stays, unread, as an
 * ordinary notification), so the upsert that follows starts a new one. A parallel writer that already did
 * so has cleared the key, and this update then finds nothing: the upsert keeps them to one new row.
 */
async function closeStaleGroup(tx: Db, source: SQL, input: NotificationContent) {
  if (input.groupKey === undefined || input.windowMinutes === undefined) return;
  await tx.execute(sql`update ${notifications} set group_key = null
    where group_key = ${input.groupKey} and read_at is null
      and created_at < now() - make_interval(mins => ${input.windowMinutes}::int)
      and user_id in (select s.user_id from (${source}) s)`);
}

/** The same notification for several users, each with their own data, in one statement. */
async function write(tx: Db, queue: BroadcastQueue, source: SQL, input: NotificationContent): Promise<NotificationJson[]> {
  await closeStaleGroup(tx, source, input);
  const result = (await tx.execute(sql`with ${notificationWrite(source, input)} select ${notifiedColumn} as notified`)) as unknown as {
    rows: { notified: NotifiedRow[] }[];
  };
  return queueNotified(queue, result.rows[0].notified);
}

const dataOf = (input: NotificationContent) => JSON.stringify(input.data ?? {});

/**
 * Writes a notification in the caller's transaction `tx` and queues its live event for after the commit,
 * so a rolled-back cause leaves neither a row nor a message. A type the user turned off is not written at
 * all (null); the cause's own live events still go out. Its mail is queued in the same transaction, as the
 * user chose for the type's mail.
 */
export async function notify(tx: Db, queue: BroadcastQueue, input: NotificationInput): Promise<NotificationJson | null> {
  const [written] = await write(tx, queue, sql`select ${input.userId}::int as user_id, ${dataOf(input)}::jsonb as data`, input);
  await mailNotification(tx, [input.userId], input);
  return written ?? null;
}

/** The same notification for several users (e.g. every user of a startup), each with their own count. */
export async function notifyEach(tx: Db, queue: BroadcastQueue, userIds: readonly number[], input: NotificationContent) {
  const ids = [...new Set(userIds)];
  if (!ids.length) return;
  const users = sql.join(
    ids.map((id) => sql`(${id}::int)`),
    sql`, `,
  );
  await write(tx, queue, sql`select u.user_id, ${dataOf(input)}::jsonb as data from (values ${users}) as u(user_id)`, input);
  await mailNotification(tx, ids, input);
}
