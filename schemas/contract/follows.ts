/** Following startups, organizations and co-founder profiles, as the caller's own account does. */
import { z } from "zod";
import { pageOf } from "./answers.ts";
import { listQuery } from "./list-query.ts";
import { apiPart, apiRoute } from "./route.ts";
import { followAccount, followeeTypeField, followResult, followSchema } from "../follows.ts";

export const followRoutes = apiPart("Follows", {
  follow: apiRoute({
    method: "POST",
    path: "/api/v1/admin/follow",
    summary: "Follow a startup, organization or co-founder profile as the caller's own account",
    access: "user",
    body: followSchema,
    answer: followResult,
  }),
  unfollow: apiRoute({
    method: "POST",
    path: "/api/v1/admin/unfollow",
    summary: "Stop following a startup, organization or co-founder profile",
    access: "user",
    body: followSchema,
    answer: followResult,
  }),
  isFollowing: apiRoute({
    method: "GET",
    path: "/api/v1/admin/follow/is-following/{id}",
    summary: "Say whether the caller's account follows this one",
    access: "user",
    query: z.object({ followee_type: followeeTypeField }),
    answer: z.object({ is_following: z.boolean() }),
    refusals: [404],
  }),
  listFollowers: apiRoute({
    method: "GET",
    path: "/api/v1/admin/followers/{type}/{id}",
    summary: "List the accounts that follow one (type: startup, organization or co_founder), newest follow first",
    access: "user",
    query: listQuery,
    answer: pageOf(followAccount),
    refusals: [404],
  }),
  listFollowees: apiRoute({
    method: "GET",
    path: "/api/v1/admin/followees/{type}/{id}",
    summary: "List the accounts one follows (type: startup, organization or co_founder), newest follow first",
    access: "user",
    query: listQuery,
    answer: pageOf(followAccount),
    refusals: [404],
  }),
});
