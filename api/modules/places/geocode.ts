import tzLookup from "@photostructure/tz-lookup";
import type { PlaceJson } from "#schemas/places.ts";
import { countries } from "../reference/countries.ts";
import { cityIndex, type CityRecord } from "./city-index.ts";
import { foldName } from "./fold.ts";

export const UNKNOWN_PLACE: PlaceJson = { cityName: null, country_code: null, latitude: null, longitude: null, timezone: null };

/** The IANA zone at a point (the lookup's own data; null for a point it cannot place). */
export function timezoneAt(latitude: number, longitude: number): string | null {
  try {
    return tzLookup(latitude, longitude);
  } catch {
    return null;
  }
}

export const placeOf = (city: CityRecord): PlaceJson => ({
  cityName: city.name,
  country_code: city.country,
  latitude: city.latitude,
  longitude: city.longitude,
  timezone: timezoneAt(city.latitude, city.longitude),
});

let countryKeys: Map<string, string> | undefined;

/** A country named by its ISO code or its English name, any case or accents ("ng", "Nigeria", "Côte d’Ivoire"). */
export function countryCodeOf(text: string): string | undefined {
  if (!countryKeys) {
    countryKeys = new Map();
    for (const c of countries()) {
      countryKeys.set(foldName(c.name), c.code);
      countryKeys.set(c.code.toLowerCase(), c.code);
    }
  }
  return countryKeys.get(foldName(text));
}

/**
 * "Lagos, Nigeria", "São Paulo, BR" or just "Nairobi": the city (the most populous of that name, in the
 * country when one is named after the last comma) or undefined. A last part that is not a country is
 * read as part of the city's name.
 */
export function geocode(query: string, defaultCountry?: string): CityRecord | undefined {
  const index = cityIndex();
  const comma = query.lastIndexOf(",");
  if (comma >= 0) {
    const country = countryCodeOf(query.slice(comma + 1));
    // "Lagos, Lagos State, Nigeria": the whole rest, else its first part.
    const place = query.slice(0, comma);
    if (country) return index.find(place, country) ?? index.find(place.split(",")[0], country);
  }
  return (defaultCountry ? index.find(query, defaultCountry) : undefined) ?? index.find(query);
}

/**
 * A place inside free text such as an event's venue ("Yaba Tech Hub, Lagos"): geocode as above, else the
 * last comma-separated part that names a city (in `country` first, then anywhere).
 */
export function geocodeText(text: string, country?: string): CityRecord | undefined {
  const direct = geocode(text, country);
  if (direct) return direct;
  const index = cityIndex();
  const parts = text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .reverse();
  for (const part of parts.slice(0, 6)) {
    const city = (country ? index.find(part, country) : undefined) ?? index.find(part);
    if (city) return city;
  }
  return undefined;
}
