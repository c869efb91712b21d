import { Hono } from "hono";
import { NOTIFICATION_NOT_FOUND, type NotificationPage } from "#schemas/notifications.ts";
import type { AppEnv } from "#api/context.ts";
import { pathId } from "#api/lib/ids.ts";
import { page, parseListQuery } from "#api/lib/pagination.ts";
import { BroadcastQueue, publishAfterCommit } from "#api/realtime/broadcaster.ts";
import { currentUser, requireUser } from "../auth/middleware.ts";
import { listNotifications, markAllRead, markRead } from "./service.ts";

export const notificationRoutes = new Hono<AppEnv>();

notificationRoutes.get("/api/v1/admin/notifications", requireUser, async (c) => {
  const query = parseListQuery(c.req.url);
  const unreadOnly = new URL(c.req.url).searchParams.get("filter") === "unread";
  const { total, unread, data } = await listNotifications(c.get("db"), currentUser(c).id, query, unreadOnly);
  const list = page(c.req.url, query, total, data);
  const answer: NotificationPage = { ...list, meta: { ...list.meta, unread_count: unread } };
  return c.json(answer);
});

notificationRoutes.post("/api/v1/admin/notifications/read-all", requireUser, async (c) => {
  const queue = new BroadcastQueue();
  const result = await markAllRead(c.get("db"), currentUser(c).id, queue);
  await publishAfterCommit(c.get("broadcaster"), queue.messages);
  return c.json(result);
});

notificationRoutes.post("/api/v1/admin/notifications/:id/read", requireUser, async (c) => {
  const id = pathId(c.req.param("id"), NOTIFICATION_NOT_FOUND);
  const queue = new BroadcastQueue();
  const result = await markRead(c.get("db"), currentUser(c).id, id, queue);
  await publishAfterCommit(c.get("broadcaster"), queue.messages);
  return c.json(result);
});
