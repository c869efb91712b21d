/** What the API answers about places: the app's city list, and where a user or a name is. */
import { z } from "zod";

/** The most cities one look-up answers. */
export const MAX_CITY_RESULTS = 20;

/** One city of `GET /api/v1/site/cities`; `country_code` is ISO 3166-1 alpha-2. */
export const cityOption = z.object({
  name: z.string(),
  country_code: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  population: z.number().int(),
});
export type CityOption = z.output<typeof cityOption>;

/** A place as `GET /api/v1/site/geocode` and `GET /api/location` answer it; all null when it is unknown. */
export const placeJson = z.object({
  cityName: z.string().nullable(),
  country_code: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  timezone: z.string().nullable(),
});
export type PlaceJson = z.output<typeof placeJson>;

export const cityQuery = z.object({
  country: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, "The country must be a two-letter country code.")
      .transform((v) => v.toUpperCase())
      .optional(),
  ),
  search: z.string().max(100, "The search must not be greater than 100 characters.").optional(),
  limit: z.coerce.number().int().min(1).max(MAX_CITY_RESULTS).optional().catch(undefined),
});

export const geocodeQuery = z.object({
  q: z
    .string({ error: "The q field is required." })
    .trim()
    .min(1, "The q field is required.")
    .max(200, "The q field must not be greater than 200 characters."),
});
