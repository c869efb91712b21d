/** The caller's own notifications: the list, the bell's count, and marking them read. */
import { z } from "zod";
import { listQuery } from "./list-query.ts";
import { apiPart, apiRoute } from "./route.ts";
import { NOTIFICATION_FILTERS, notificationPage, notificationsReadResult } from "../notifications.ts";

export const notificationRoutes = apiPart("Notifications", {
  listNotifications: apiRoute({
    method: "GET",
    path: "/api/v1/admin/notifications",
    summary: "List the caller's notifications, newest first (filter=unread for the unread ones), with the unread count",
    access: "user",
    // Any other filter value lists them all, as an unknown list filter does.
    query: listQuery.extend({ filter: z.enum(NOTIFICATION_FILTERS).optional().catch(undefined) }),
    answer: notificationPage,
  }),
  markAllNotificationsRead: apiRoute({
    method: "POST",
    path: "/api/v1/admin/notifications/read-all",
    summary: "Mark every notification of the caller's read",
    access: "user",
    answer: notificationsReadResult,
  }),
  markNotificationRead: apiRoute({
    method: "POST",
    path: "/api/v1/admin/notifications/{id}/read",
    summary: "Mark one of the caller's notifications read (again is fine), answering the unread count left",
    access: "user",
    answer: notificationsReadResult,
    refusals: [404],
  }),
});
