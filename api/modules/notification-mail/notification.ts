import { mailTypeLabel } from "#schemas/settings.ts";
import type { Db } from "#api/db/client.ts";
import { NotificationMail } from "#api/mail/templates/notification.tsx";
import type { NotificationContent } from "../notifications/notify.ts";
import { mailEach, type MessageFor } from "./deliver.ts";

/**
 * The mail beside a notification, in the cause's transaction: to each recipient as they chose for its type
 * (at once, a line in the daily digest, or none), whether or not they see it in the panel, since the two are
 * chosen apart. A cause with more to say than the notification's text (a receipt, a review with the join
 * link) brings its own message; the digest line is the notification's text either way. Chat messages are
 * not mailed from here: only those still unread 15 minutes later are (chat.ts).
 */
export async function mailNotification(tx: Db, userIds: readonly number[], input: NotificationContent): Promise<void> {
  if (input.type === "message_received" || !userIds.length) return;
  const about = mailTypeLabel(input.type);
  const plain: MessageFor = (reader, links) => ({
    subject: input.title,
    element: NotificationMail({ ...links, name: reader.name, title: input.title, body: input.body, url: input.url, about }),
  });
  await mailEach(tx, userIds, input.type, input.mail ?? plain, {
    title: input.title,
    body: input.body,
    url: input.url,
    groupKey: input.groupKey,
  });
}
