/* Notifications: the types the API creates and the shape the panel reads (list, bell, live events). */
import type { Page } from "./answers.ts";

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

export interface NotificationJson {
  id: number;
  type: NotificationType;
  title: string;
  body: string | null;
  /** A panel path to open, or null when the notification leads nowhere. */
  url: string | null;
  read_at: string | null;
  created_at: string;
}

/** The list's `filter` query: only unread ones, or all. */
export const NOTIFICATION_FILTERS = ["unread"] as const;

export const NOTIFICATION_NOT_FOUND = "Notification not found";
export const NOTIFICATION_READ_MESSAGE = "Notification marked as read";
export const NOTIFICATIONS_READ_MESSAGE = "All notifications marked as read";

/** `GET /api/v1/admin/notifications`: a page of the caller's notifications, with their unread count in `meta`. */
export type NotificationPage = Page<NotificationJson> & { meta: { unread_count: number } };

/** POST …/notifications/{id}/read and …/read-all. */
export interface NotificationsReadResult {
  message: string;
  unread_count: number;
}
