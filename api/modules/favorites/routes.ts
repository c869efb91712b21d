import { Hono } from "hono";
import { FAVORITE_ADDED, FAVORITE_REMOVED } from "#schemas/favorites.ts";
import { favoriteRoutes as routes } from "#schemas/contract/favorites.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { page } from "#api/lib/pagination.ts";
import { currentUser } from "../auth/middleware.ts";
import { addFavorite, listFavorites, removeFavorite } from "./service.ts";

/** The caller's saved startups, organizations, co-founder profiles and events. Every query is keyed by the caller. */
export const favoriteRoutes = new Hono<AppEnv>();

serve(favoriteRoutes, routes.listFavorites, async (c, { query }) => {
  const { total, counts, data } = await listFavorites(c.get("db"), currentUser(c), query.favoritable_type, query);
  return { ...page(c.req.url, query, total, data), counts };
});

/** Idempotent like following: adding twice answers 200 with the same state. */
serve(favoriteRoutes, routes.addFavorite, async (c, { body }) => {
  await addFavorite(c.get("db"), currentUser(c), body);
  return { message: FAVORITE_ADDED, is_favorited: true };
});

/** The target may come in the body or, for clients that send no body with DELETE, in the query. */
serve(
  favoriteRoutes,
  routes.removeFavorite,
  async (c, { body }) => {
    await removeFavorite(c.get("db"), currentUser(c), body);
    return { message: FAVORITE_REMOVED, is_favorited: false };
  },
  { bodyFromQuery: true },
);
