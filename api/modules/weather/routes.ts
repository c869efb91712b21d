/**
 *   GET /api/v1/admin/weather/{city}?country=NG   {success, data, error}
 *
 * `city` is a name ("Lagos", "Lagos, Nigeria"); the country, when not given, is the caller's own (their
 * startup's or co-founder profile's), so "Lagos" is Lagos, Nigeria for a Nigerian user and Lagos,
 * Portugal for a Portuguese one. Unknown city: 200 with success false; provider unreachable: 502; more
 * look-ups the cache cannot answer than the user's limit allows (WEATHER_RATE): 429 with Retry-After.
 */
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "#api/context.ts";
import { coFounders, startups } from "#api/db/schema.ts";
import type { Db } from "#api/db/client.ts";
import type { AuthUser } from "#api/context.ts";
import { limits } from "#api/lib/limits.ts";
import { hit } from "#api/lib/rate-limit.ts";
import { placeRoutes as weatherRoutes } from "#schemas/contract/places.ts";
import { serve } from "#api/lib/contract.ts";
import { currentUser } from "../auth/middleware.ts";
import { isCountryCode } from "../reference/countries.ts";
import { WeatherService, type WeatherServiceOptions } from "./service.ts";

async function profileCountry(db: Db, user: AuthUser): Promise<string | undefined> {
  const [row] = user.startupId
    ? await db.select({ country: startups.country }).from(startups).where(eq(startups.id, user.startupId))
    : user.coFounderId
      ? await db.select({ country: coFounders.country }).from(coFounders).where(eq(coFounders.id, user.coFounderId))
      : [];
  return row?.country;
}

export function createWeatherRoutes(options: WeatherServiceOptions) {
  const service = new WeatherService(options);
  const routes = new Hono<AppEnv>();
  serve(routes, weatherRoutes.weather, async (c, { params, query }) => {
    const user = currentUser(c);
    const asked = query.country?.trim().toUpperCase();
    const country = asked && isCountryCode(asked) ? asked : await profileCountry(c.get("db"), user);
    // Only look-ups the cache cannot answer count against the user's limit (each one asks the provider).
    const limit = limits(c.get("config")).weatherLookup;
    const countLookup = async () => {
      await hit(c.get("db"), limit, user.id);
    };
    const answer = await service.weather(params.city.trim(), country, countLookup);
    // The answer is the same for everyone in the country, but it is behind a login: private caching only.
    // A failure is kept a minute here only (the service's); the browser keeps none: the API's default no-store.
    if (answer.status !== 200) return c.json(answer.body, answer.status);
    c.header("Cache-Control", "private, max-age=600");
    return answer.body;
  });
  return routes;
}
