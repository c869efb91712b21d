import { Hono } from "hono";
import { z } from "zod";
import { FOLLOW_TYPES, followeeTypeField, followSchema, type FollowType } from "#schemas/follows.ts";
import type { AppEnv } from "#api/context.ts";
import { readBody } from "#api/lib/body.ts";
import { notFound } from "#api/lib/errors.ts";
import { pathId } from "#api/lib/ids.ts";
import { page, parseListQuery } from "#api/lib/pagination.ts";
import { validate } from "#api/lib/validation.ts";
import { BroadcastQueue, publishAfterCommit } from "#api/realtime/broadcaster.ts";
import { currentUser, requireUser } from "../auth/middleware.ts";
import { ACCOUNT_NOT_FOUND, follow, isFollowing, listFollowees, listFollowers, unfollow } from "./service.ts";

export const followRoutes = new Hono<AppEnv>();

for (const [path, change] of [
  ["/api/v1/admin/follow", follow],
  ["/api/v1/admin/unfollow", unfollow],
] as const) {
  followRoutes.post(path, requireUser, async (c) => {
    const queue = new BroadcastQueue();
    const result = await change(c.get("db"), currentUser(c), validate(followSchema, await readBody(c)), queue);
    await publishAfterCommit(c.get("broadcaster"), queue.messages);
    return c.json(result);
  });
}

const isFollowingQuery = z.object({ followee_type: followeeTypeField });

followRoutes.get("/api/v1/admin/follow/is-following/:id", requireUser, async (c) => {
  const { followee_type } = validate(isFollowingQuery, c.req.query());
  const id = pathId(c.req.param("id"), ACCOUNT_NOT_FOUND);
  return c.json({ is_following: await isFollowing(c.get("db"), currentUser(c), { type: followee_type, id }) });
});

/** The account named by /{type}/{id}: an unknown type or id names no account (404). */
function accountOf(type: string, id: string) {
  if (!(FOLLOW_TYPES as readonly string[]).includes(type)) throw notFound(ACCOUNT_NOT_FOUND);
  return { type: type as FollowType, id: pathId(id, ACCOUNT_NOT_FOUND) };
}

followRoutes.get("/api/v1/admin/followers/:type/:id", requireUser, async (c) => {
  const query = parseListQuery(c.req.url);
  const { total, data } = await listFollowers(c.get("db"), accountOf(c.req.param("type"), c.req.param("id")), query);
  return c.json(page(c.req.url, query, total, data));
});

followRoutes.get("/api/v1/admin/followees/:type/:id", requireUser, async (c) => {
  const query = parseListQuery(c.req.url);
  const { total, data } = await listFollowees(c.get("db"), accountOf(c.req.param("type"), c.req.param("id")), query);
  return c.json(page(c.req.url, query, total, data));
});
