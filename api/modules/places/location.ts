import { eq } from "drizzle-orm";
import type { PlaceJson } from "#schemas/places.ts";
import type { Db } from "#api/db/client.ts";
import { coFounders, startups } from "#api/db/schema.ts";
import { cityIndex } from "./city-index.ts";
import { UNKNOWN_PLACE, placeOf } from "./geocode.ts";

/**
 * Where the user is: their startup's (or organization's) city, else their co-founder profile's, placed
 * with the city list. A city the list does not know keeps its name and country, without coordinates.
 */
export async function userLocation(db: Db, user: { startupId: number | null; coFounderId: number | null }): Promise<PlaceJson> {
  const [row] = user.startupId
    ? await db.select({ country: startups.country, cityName: startups.cityName }).from(startups).where(eq(startups.id, user.startupId))
    : user.coFounderId
      ? await db
          .select({ country: coFounders.country, cityName: coFounders.cityName })
          .from(coFounders)
          .where(eq(coFounders.id, user.coFounderId))
      : [];
  if (!row) return UNKNOWN_PLACE;
  const city = cityIndex().find(row.cityName, row.country);
  return city ? placeOf(city) : { ...UNKNOWN_PLACE, cityName: row.cityName, country_code: row.country };
}
