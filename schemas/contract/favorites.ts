/** The caller's saved startups, organizations, co-founder profiles and events. */
import { z } from "zod";
import { listQuery } from "./list-query.ts";
import { apiPart, apiRoute } from "./route.ts";
import { FAVORITE_TYPES, favoritePage, favoriteSchema, favoriteState } from "../favorites.ts";

export const favoriteRoutes = apiPart("Favorites", {
  listFavorites: apiRoute({
    method: "GET",
    path: "/api/v1/admin/favorites",
    summary: "List the caller's favorites, newest first (filter by favoritable_type), with how many of each kind",
    access: "user",
    // An unknown kind is ignored like any other list filter value it cannot use.
    query: listQuery.extend({ favoritable_type: z.enum(FAVORITE_TYPES).optional().catch(undefined) }),
    answer: favoritePage,
  }),
  addFavorite: apiRoute({
    method: "POST",
    path: "/api/v1/admin/favorites",
    summary: "Save a startup, organization, co-founder profile or event the caller can see (again changes nothing)",
    access: "user",
    body: favoriteSchema,
    answer: favoriteState,
  }),
  removeFavorite: apiRoute({
    method: "DELETE",
    path: "/api/v1/admin/favorites",
    summary: "Unsave a favorite; its fields may come in the query instead of the body",
    access: "user",
    body: favoriteSchema,
    answer: favoriteState,
  }),
});
