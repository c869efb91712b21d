import { eq } from "drizzle-orm";
import type { Db } from "#api/db/client.ts";
import { eventAnnouncementRecipients, eventAnnouncements, eventForms } from "#api/db/events-schema.ts";
import type { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { announcementMailKey } from "../announcements/mail-key.ts";
import { notificationMessage } from "../notification-mail/notification.ts";
import { notifyEach } from "./notify.ts";

/**
 * Everyone an announcement went to hears it in the panel and, as their mail settings say, by mail: its
 * subject after the event's title, its message as written. Each mail is keyed by announcement and person,
 * so the announcement's history counts the mail it queued.
 */
export async function notifyAnnouncement(tx: Db, queue: BroadcastQueue, announcementId: number) {
  const [announcement] = await tx
    .select({ formId: eventForms.id, title: eventForms.title, subject: eventAnnouncements.subject, message: eventAnnouncements.message })
    .from(eventAnnouncements)
    .innerJoin(eventForms, eq(eventForms.id, eventAnnouncements.eventFormId))
    .where(eq(eventAnnouncements.id, announcementId));
  if (!announcement) return;
  const recipients = await tx
    .select({ userId: eventAnnouncementRecipients.userId })
    .from(eventAnnouncementRecipients)
    .where(eq(eventAnnouncementRecipients.announcementId, announcementId));
  const content = {
    type: "event_announcement" as const,
    title: `${announcement.title}: ${announcement.subject}`,
    body: announcement.message,
    url: `/form-submission?form_id=${announcement.formId}`,
  };
  const message = notificationMessage(content);
  await notifyEach(
    tx,
    queue,
    recipients.map(({ userId }) => userId),
    {
      ...content,
      data: { event_form_id: announcement.formId, announcement_id: announcementId },
      mail: async (reader, links) => {
        const built = await message(reader, links);
        return built && { ...built, dedupeKey: announcementMailKey(announcementId, reader.userId) };
      },
    },
  );
}
