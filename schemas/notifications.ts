/* Notifications: the types the API creates and the shape the panel reads (list, bell, live events). */
import { z } from "zod";
import { pageOf, timestamp } from "./contract/answers.ts";

export const NOTIFICATION_TYPES = [
  "new_follower",
  "invitation_received",
  "invitation_accepted",
  "invitation_declined",
  "application_received",
  "review_status_changed",
  "waitlist_moved",
  "event_announcement",
  "payment_status_changed",
  "message_received",
  "mentioned",
  "webhook_disabled",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notificationJson = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string().nullable(),
  /** A panel path to open, or null when the notification leads nowhere. */
  url: z.string().nullable(),
  read_at: timestamp.nullable(),
  created_at: timestamp,
});
export type NotificationJson = z.output<typeof notificationJson>;

/** The list's `filter` query: only unread ones, or all. */
export const NOTIFICATION_FILTERS = ["unread"] as const;

export const NOTIFICATION_NOT_FOUND = "Notification not found";
export const NOTIFICATION_READ_MESSAGE = "Notification marked as read";
export const NOTIFICATIONS_READ_MESSAGE = "All notifications marked as read";

const notificationList = pageOf(notificationJson);

/** `GET /api/v1/admin/notifications`: a page of the caller's notifications, with their unread count in `meta`. */
export const notificationPage = notificationList.extend({
  meta: notificationList.shape.meta.extend({ unread_count: z.number().int() }),
});
export type NotificationPage = z.output<typeof notificationPage>;

/** POST …/notifications/{id}/read and …/read-all. */
export const notificationsReadResult = z.object({ message: z.string(), unread_count: z.number().int() });
export type NotificationsReadResult = z.output<typeof notificationsReadResult>;
