import { and, eq, gt, like, sql } from "drizzle-orm";
import type { NotificationType } from "#schemas/notifications.ts";
import { mailTypeLabel } from "#schemas/settings.ts";
import type { Db } from "#api/db/client.ts";
import { mailOutbox } from "#api/db/mail-schema.ts";
import { escapeLike } from "#api/lib/like.ts";
import { NotificationMail } from "#api/mail/templates/notification.tsx";
import { mailEach, type MessageFor } from "./deliver.ts";

/** Whether a mail whose key starts with `prefix` was queued for the user within the last `windowMs`. */
async function mailedSince(tx: Db, userId: number, prefix: string, windowMs: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.userId, userId),
        like(mailOutbox.dedupeKey, `${escapeLike(prefix)}%`),
        gt(mailOutbox.createdAt, sql`now() - make_interval(secs => ${Math.round(windowMs / 1000)}::int)`),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** A notification's own text as a mail: its title the subject, its body and a button to where it leads. */
export function notificationMessage(input: Pick<NotificationMailInput, "type" | "title" | "body" | "url">): MessageFor {
  const about = mailTypeLabel(input.type);
  return (reader, links) => ({
    subject: input.title,
    element: NotificationMail({ ...links, name: reader.name, title: input.title, body: input.body, url: input.url, about }),
  });
}

/**
 * What a notification's mail is made of: its text, its grouping (a repeat within the window is mailed once)
 * and, when the cause has more to say, its own message. The notification hands this over; mail knows
 * nothing else of notifications, so the dependency goes one way.
 */
export interface NotificationMailInput {
  type: NotificationType;
  title: string;
  body?: string | null;
  url?: string | null;
  groupKey?: string;
  windowMinutes?: number;
  mail?: MessageFor;
}

/**
 * The mail beside a notification, in the cause's transaction: to each recipient as they chose for its type
 * (at once, a line in the daily digest, or none), whether or not they see it in the panel, since the two are
 * chosen apart. A cause with more to say than the notification's text (a receipt, a review with the join
 * link) brings its own message; the digest line is the notification's text either way. Chat messages are
 * not mailed from here: only those still unread 15 minutes later are (chat.ts). A cause a person can repeat
 * (`repeatOf`: following and unfollowing, inviting again) is mailed at most once per its window, as it is
 * one notification: otherwise fifty follows would be fifty mails.
 */
export async function mailNotification(tx: Db, userIds: readonly number[], input: NotificationMailInput): Promise<void> {
  if (input.type === "message_received" || !userIds.length) return;
  const message = input.mail ?? notificationMessage(input);
  const windowMs = input.groupKey !== undefined && input.windowMinutes ? input.windowMinutes * 60_000 : null;
  const once: MessageFor = async (reader, links) => {
    if (windowMs === null) return message(reader, links);
    // A repeat mailed within the window is not mailed again; the window's own key keeps parallel repeats to one.
    const prefix = `repeat:${input.groupKey}:${reader.userId}:`;
    if (await mailedSince(tx, reader.userId, prefix, windowMs)) return null;
    const built = await message(reader, links);
    return built && { dedupeKey: `${prefix}${Math.floor(Date.now() / windowMs)}`, ...built };
  };
  await mailEach(tx, userIds, input.type, once, {
    title: input.title,
    body: input.body,
    url: input.url,
    groupKey: input.groupKey,
  });
}
