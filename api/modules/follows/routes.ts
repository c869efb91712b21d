import { Hono } from "hono";
import { FOLLOW_TYPES, type FollowType } from "#schemas/follows.ts";
import { followRoutes as routes } from "#schemas/contract/follows.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { notFound } from "#api/lib/errors.ts";
import { pathId } from "#api/lib/ids.ts";
import { page } from "#api/lib/pagination.ts";
import { BroadcastQueue, publishAfterCommit } from "#api/realtime/broadcaster.ts";
import { currentUser } from "../auth/middleware.ts";
import { ACCOUNT_NOT_FOUND, follow, isFollowing, listFollowees, listFollowers, unfollow } from "./service.ts";

export const followRoutes = new Hono<AppEnv>();

for (const [route, change] of [
  [routes.follow, follow],
  [routes.unfollow, unfollow],
] as const) {
  serve(followRoutes, route, async (c, { body }) => {
    const queue = new BroadcastQueue();
    const result = await change(c.get("db"), currentUser(c), body, queue);
    await publishAfterCommit(c.get("broadcaster"), queue.messages);
    return result;
  });
}

serve(followRoutes, routes.isFollowing, async (c, { params, query: { followee_type } }) => {
  const id = pathId(params.id, ACCOUNT_NOT_FOUND);
  return { is_following: await isFollowing(c.get("db"), currentUser(c), { type: followee_type, id }) };
});

/** The account named by /{type}/{id}: an unknown type or id names no account (404). */
function accountOf(type: string, id: string) {
  if (!(FOLLOW_TYPES as readonly string[]).includes(type)) throw notFound(ACCOUNT_NOT_FOUND);
  return { type: type as FollowType, id: pathId(id, ACCOUNT_NOT_FOUND) };
}

serve(followRoutes, routes.listFollowers, async (c, { params, query }) => {
  const { total, data } = await listFollowers(c.get("db"), accountOf(params.type, params.id), query);
  return page(c.req.url, query, total, data);
});

serve(followRoutes, routes.listFollowees, async (c, { params, query }) => {
  const { total, data } = await listFollowees(c.get("db"), accountOf(params.type, params.id), query);
  return page(c.req.url, query, total, data);
});
