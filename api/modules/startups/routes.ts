import { Hono } from "hono";
import { STARTUP_NOT_FOUND } from "#schemas/startups.ts";
import { startupRoutes as routes } from "#schemas/contract/startups.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { pathId } from "#api/lib/ids.ts";
import { orderAsked, page } from "#api/lib/pagination.ts";
import { countryFacet, listDirectory } from "./directory.ts";
import { getProfile, parseFollowersQuery, parseProfileFollowersQuery, startupFollowers } from "./profile.ts";

/** The public ("site") directory: no login needed, but a logged-in caller sees their follow and favorite state. */
export const startupRoutes = new Hono<AppEnv>();

/**
 * The sort order, when not given, is the sort column's own (`sortOrderGiven`); `with_countries=true` adds
 * `meta.countries`, the country filter's choices (see `countryFacet`). Both are read as the query string
 * first gives them.
 */
serve(startupRoutes, routes.listStartups, async (c, { query }) => {
  const sortOrderGiven = orderAsked(c.req.url) !== undefined;
  const [{ total, data }, facet] = await Promise.all([
    listDirectory(c.get("db"), c.get("user"), query, query, sortOrderGiven),
    c.req.query("with_countries") === "true" ? countryFacet(c.get("db"), query) : undefined,
  ]);
  const answer = page(c.req.url, query, total, data);
  return facet ? { ...answer, meta: { ...answer.meta, countries: facet } } : answer;
});

/**
 * `followers_limit` (and `followers_page`) add that page of the followers: the profile screen's one call.
 * They are read as the other lists read a page and its size (the first value given, a bad one ignored).
 */
serve(startupRoutes, routes.showStartup, async (c, { params }) => {
  const followersQuery = parseProfileFollowersQuery(c.req.url);
  const { profile, followers } = await getProfile(c.get("db"), c.get("user"), params.username, followersQuery);
  if (!followers || !followersQuery) return profile;
  // Its links are those of the followers list itself.
  const listUrl = new URL(`/api/v1/site/startup_followers/${profile.id}?limit=${followersQuery.per_page}`, c.req.url).href;
  return { ...profile, followers: page(listUrl, followersQuery, followers.total, followers.data) };
});

serve(startupRoutes, routes.listStartupFollowers, async (c, { params }) => {
  const id = pathId(params.id, STARTUP_NOT_FOUND);
  const result = await startupFollowers(c.get("db"), id, parseFollowersQuery(c.req.url));
  if ("limited" in result && result.limited) return result.limited;
  if ("query" in result && result.query) return page(c.req.url, result.query, result.total, result.data);
  throw new Error("startupFollowers answered neither a page nor the first few");
});
