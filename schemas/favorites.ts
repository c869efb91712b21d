import { z } from "zod";
import { idField } from "./id-fields.ts";
import { pageOf, timestamp } from "./contract/answers.ts";
import { FAVORITE_TYPES } from "./favorite-kinds.ts";

export * from "./favorite-kinds.ts";

export const FAVORITE_ADDED = "Added to favorites";
export const FAVORITE_REMOVED = "Removed from favorites";
export const INVALID_FAVORITABLE_ID = "The selected favoritable id is invalid.";

export const favoritableTypeField = z.enum(FAVORITE_TYPES, {
  error: (issue) =>
    issue.input === undefined || issue.input === ""
      ? "The favoritable type field is required."
      : "The selected favoritable type is invalid.",
});

/** The body of POST and DELETE /api/v1/admin/favorites. */
export const favoriteSchema = z.object({
  favoritable_type: favoritableTypeField,
  favoritable_id: idField(INVALID_FAVORITABLE_ID, "The favoritable id field is required."),
});
export type FavoriteInput = z.output<typeof favoriteSchema>;

/** The panel's star toggle (FavoriteToggle) posts this to /favorites. */
export const favoriteToggleSchema = favoriteSchema.extend({
  intent: z.enum(["add", "remove"], {
    error: "That request was not understood.",
  }),
  redirect_to: z.string().optional(),
  /** Present only when the post came from a fetcher (JavaScript on): answer with data, not a redirect. */
  via: z.literal("fetcher").optional(),
});

/** One saved item as GET /api/v1/admin/favorites answers it: already resolved to its target. */
export const favoriteView = z.object({
  id: z.number().int(),
  favoritable_type: z.enum(FAVORITE_TYPES),
  favoritable_id: z.number().int(),
  name: z.string(),
  /** Where the panel opens the target. */
  link: z.string(),
  image_url: z.string().nullable(),
  subtitle: z.string(),
  /** Events only: when it starts. */
  starts_at: timestamp.nullable(),
  created_at: timestamp,
});
export type FavoriteView = z.output<typeof favoriteView>;

/** `GET /api/v1/admin/favorites`: a page of the caller's saved items, and how many they saved of each kind. */
export const favoritePage = pageOf(favoriteView).extend({ counts: z.record(z.enum(FAVORITE_TYPES), z.number().int()) });
export type FavoritePage = z.output<typeof favoritePage>;

/** `POST` and `DELETE /api/v1/admin/favorites`: whether the target is saved now. */
export const favoriteState = z.object({ message: z.string(), is_favorited: z.boolean() });
export type FavoriteState = z.output<typeof favoriteState>;
