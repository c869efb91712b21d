import { sql } from "drizzle-orm";
import { CHAT_MAIL_DELAY_MINUTES } from "#schemas/mail-preferences.ts";
import { mailTypeLabel } from "#schemas/settings.ts";
import type { Db } from "#api/db/client.ts";
import { mailOutbox } from "#api/db/mail-schema.ts";
import { conversationParticipants, mailDigestItems, messages } from "#api/db/realtime-schema.ts";
import { users } from "#api/db/schema.ts";
import { NotificationMail } from "#api/mail/templates/notification.tsx";
import { addDigestItem, mailReader } from "./deliver.ts";
import { mailReaders } from "./preferences.ts";

/*
 * Chat messages are mailed only when their reader has not read them CHAT_MAIL_DELAY_MINUTES after they
 * were sent: someone in the conversation needs no mail. The mail job looks for such unread messages (from
 * the read pointers the chat keeps) rather than the chat queuing anything per message, so sending stays
 * one statement. A run of unread messages is named by its first one: its mail (or digest line) is keyed
 * by it, so it is mailed once however many runs, or instances, find it.
 */

/** Unread runs older than this are not looked for: every run of the job has seen them by then. */
const LOOK_BACK_HOURS = 24;

interface UnreadRun {
  user_id: number;
  conversation_id: number;
  first_id: number;
  unread: number;
  sender: string;
  first_body: string;
}

const excerpt = (body: string) => {
  const chars = [...body];
  return chars.length > 140 ? `${chars.slice(0, 139).join("")}…` : body;
};

const runKey = (run: UnreadRun) => `chat:${run.conversation_id}:${run.user_id}:${run.first_id}`;

/** Each participant's run of messages from the other one, unread for the delay, not yet mailed nor waiting in a digest. */
async function unreadRuns(db: Db, now: Date): Promise<UnreadRun[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = (await db.execute(sql`with runs as (
      select p.user_id, p.conversation_id, min(m.id) as first_id, count(*)::int as unread, min(m.created_at) as first_at
      from ${conversationParticipants} p
      join ${messages} m on m.conversation_id = p.conversation_id
        and m.id > coalesce(p.last_read_message_id, 0) and m.user_id <> p.user_id
      where p.activity_at > ${at} - make_interval(hours => ${LOOK_BACK_HOURS})
      group by p.user_id, p.conversation_id)
    select r.user_id, r.conversation_id, r.first_id, r.unread, u.name as sender, m.body as first_body
    from runs r
    join ${messages} m on m.id = r.first_id
    join ${users} u on u.id = m.user_id
    where r.first_at <= ${at} - make_interval(mins => ${CHAT_MAIL_DELAY_MINUTES})
      and not exists (select 1 from ${mailOutbox} o
        where o.dedupe_key = 'chat:' || r.conversation_id || ':' || r.user_id || ':' || r.first_id)
      and not exists (select 1 from ${mailDigestItems} d
        where d.user_id = r.user_id and d.group_key = 'chat:' || r.conversation_id || ':' || r.user_id || ':' || r.first_id)
    order by r.user_id, r.conversation_id`)) as unknown as { rows: UnreadRun[] };
  return result.rows;
}

/** Mails (or puts in the digest) every run of chat messages still unread after the delay. Answers how many runs it handled. */
export async function mailUnreadChats(db: Db, now: Date = new Date()): Promise<number> {
  const runs = await unreadRuns(db, now);
  if (!runs.length) return 0;
  const readers = new Map(
    (await mailReaders(db, [...new Set(runs.map((run) => run.user_id))], "message_received")).map((r) => [r.userId, r]),
  );
  const about = mailTypeLabel("message_received");
  let handled = 0;
  for (const run of runs) {
    const reader = readers.get(run.user_id);
    if (!reader || reader.choice === "off") continue;
    const title = `New message from ${run.sender}`;
    const body = run.unread > 1 ? `${excerpt(run.first_body)} (and ${run.unread - 1} more unread)` : excerpt(run.first_body);
    const url = `/chat/${run.conversation_id}`;
    await db.transaction(async (tx) => {
      if (reader.choice === "digest") {
        await addDigestItem(tx, reader.userId, "message_received", { title, body, url, groupKey: runKey(run) });
        return;
      }
      await mailReader(tx, reader, "message_received", (_reader, links) => ({
        subject: title,
        element: NotificationMail({ ...links, name: reader.name, title, body, url, about }),
        dedupeKey: runKey(run),
      }));
    });
    handled++;
  }
  return handled;
}
