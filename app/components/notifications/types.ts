import type { NotificationJson } from "#schemas/notifications";
import { safeRedirect } from "~/lib/safe-redirect";

/** The API's notification (schemas/notifications.ts), as the panel shows it. */
export type NotificationItem = NotificationJson;

/** What the bell's resource route (/notifications/latest) answers. */
export interface LatestNotifications {
  data: NotificationItem[];
  unread_count: number;
}

/** Only the panel's own paths become links (the url comes from the API, but a link never leaves the app). */
export function panelPath(url: string | null): string | null {
  return safeRedirect(url, "") || null;
}
