import { Hono } from "hono";
import { STARTUP_NOT_FOUND, type DirectoryPage, type DirectoryPageWithCountries } from "#schemas/startups.ts";
import { startupRoutes as routes } from "#schemas/contract/startups.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { pathId } from "#api/lib/ids.ts";
import { page, parseListQuery } from "#api/lib/pagination.ts";
import { countryFacet, listDirectory, parseDirectoryQuery } from "./directory.ts";
import { getProfile, parseFollowersQuery, parseProfileFollowersQuery, startupFollowers } from "./profile.ts";

/** The public ("site") directory: no login needed, but a logged-in caller sees their follow and favorite state. */
export const startupRoutes = new Hono<AppEnv>();

/**
 * `with_followers_count` is accepted from clients that still send it; every card carries followers_count anyway.
 * `with_countries=true` adds `meta.countries`, the country filter's choices (see `countryFacet`).
 */
startupRoutes.get("/api/v1/site/startups", async (c) => {
  const query = parseListQuery(c.req.url);
  const filters = parseDirectoryQuery(c.req.url);
  const sortOrderGiven = c.req.query("sort_order") === "asc" || c.req.query("sort_order") === "desc";
  const [{ total, data }, facet] = await Promise.all([
    listDirectory(c.get("db"), c.get("user"), query, filters, sortOrderGiven),
    c.req.query("with_countries") === "true" ? countryFacet(c.get("db"), filters) : undefined,
  ]);
  const answer = page(c.req.url, query, total, data);
  const directory: DirectoryPage | DirectoryPageWithCountries = facet ? { ...answer, meta: { ...answer.meta, countries: facet } } : answer;
  return c.json(directory);
});

/** `followers_limit` (and `followers_page`) add that page of the followers: the profile screen's one call. */
startupRoutes.get("/api/v1/site/startups/:username", async (c) => {
  const followersQuery = parseProfileFollowersQuery(c.req.url);
  const { profile, followers } = await getProfile(c.get("db"), c.get("user"), c.req.param("username"), followersQuery);
  if (!followers || !followersQuery) return c.json(profile);
  // Its links are those of the followers list itself.
  const listUrl = new URL(`/api/v1/site/startup_followers/${profile.id}?limit=${followersQuery.per_page}`, c.req.url).href;
  return c.json({ ...profile, followers: page(listUrl, followersQuery, followers.total, followers.data) });
});

serve(startupRoutes, routes.listStartupFollowers, async (c, { params }) => {
  const id = pathId(params.id, STARTUP_NOT_FOUND);
  const result = await startupFollowers(c.get("db"), id, parseFollowersQuery(c.req.url));
  if ("limited" in result && result.limited) return result.limited;
  if ("query" in result && result.query) return page(c.req.url, result.query, result.total, result.data);
  throw new Error("startupFollowers answered neither a page nor the first few");
});
