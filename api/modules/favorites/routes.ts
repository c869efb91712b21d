import { Hono } from "hono";
import { z } from "zod";
import {
  FAVORITE_ADDED,
  FAVORITE_REMOVED,
  FAVORITE_TYPES,
  favoriteSchema,
  type FavoritePage,
  type FavoriteState,
} from "#schemas/favorites.ts";
import type { AppEnv } from "#api/context.ts";
import { readBody } from "#api/lib/body.ts";
import { page, parseListQuery } from "#api/lib/pagination.ts";
import { validate } from "#api/lib/validation.ts";
import { currentUser, requireUser } from "../auth/middleware.ts";
import { addFavorite, listFavorites, removeFavorite } from "./service.ts";

/** The caller's saved startups, organizations, co-founder profiles and events. Every query is keyed by the caller. */
export const favoriteRoutes = new Hono<AppEnv>();

const BASE = "/api/v1/admin/favorites";
/** An unknown kind in the filter is ignored like any other list filter value it cannot use. */
const typeFilter = z.enum(FAVORITE_TYPES).optional().catch(undefined);

favoriteRoutes.get(BASE, requireUser, async (c) => {
  const user = currentUser(c);
  const query = parseListQuery(c.req.url);
  const type = typeFilter.parse(c.req.query("favoritable_type") || undefined);
  const { total, counts, data } = await listFavorites(c.get("db"), user, type, query);
  const answer: FavoritePage = { ...page(c.req.url, query, total, data), counts };
  return c.json(answer);
});

/** Idempotent like following: adding twice answers 200 with the same state. */
favoriteRoutes.post(BASE, requireUser, async (c) => {
  const user = currentUser(c);
  await addFavorite(c.get("db"), user, validate(favoriteSchema, await readBody(c)));
  const answer: FavoriteState = { message: FAVORITE_ADDED, is_favorited: true };
  return c.json(answer);
});

/** The target may come in the body or, for clients that send no body with DELETE, in the query. */
favoriteRoutes.delete(BASE, requireUser, async (c) => {
  const user = currentUser(c);
  await removeFavorite(c.get("db"), user, validate(favoriteSchema, await readBody(c, { query: true })));
  const answer: FavoriteState = { message: FAVORITE_REMOVED, is_favorited: false };
  return c.json(answer);
});
