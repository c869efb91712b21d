import { Hono } from "hono";
import { NOTIFICATION_NOT_FOUND } from "#schemas/notifications.ts";
import { notificationRoutes as routes } from "#schemas/contract/notifications.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { pathId } from "#api/lib/ids.ts";
import { page } from "#api/lib/pagination.ts";
import { BroadcastQueue, publishAfterCommit } from "#api/realtime/broadcaster.ts";
import { currentUser } from "../auth/middleware.ts";
import { listNotifications, markAllRead, markRead } from "./service.ts";

export const notificationRoutes = new Hono<AppEnv>();

serve(notificationRoutes, routes.listNotifications, async (c, { query }) => {
  const { total, unread, data } = await listNotifications(c.get("db"), currentUser(c).id, query, query.filter === "unread");
  const list = page(c.req.url, query, total, data);
  return { ...list, meta: { ...list.meta, unread_count: unread } };
});

serve(notificationRoutes, routes.markAllNotificationsRead, async (c) => {
  const queue = new BroadcastQueue();
  const result = await markAllRead(c.get("db"), currentUser(c).id, queue);
  await publishAfterCommit(c.get("broadcaster"), queue.messages);
  return result;
});

serve(notificationRoutes, routes.markNotificationRead, async (c, { params }) => {
  const id = pathId(params.id, NOTIFICATION_NOT_FOUND);
  const queue = new BroadcastQueue();
  const result = await markRead(c.get("db"), currentUser(c).id, id, queue);
  await publishAfterCommit(c.get("broadcaster"), queue.messages);
  return result;
});
