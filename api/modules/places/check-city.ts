import { fieldError } from "#api/lib/errors.ts";
import { countries } from "../reference/countries.ts";
import { cityIndex, type CityRecord } from "./city-index.ts";
import { countryCodeOf } from "./geocode.ts";

export type CityCheck = { ok: true; city: CityRecord } | { ok: false; suggestions: string[] };

/**
 * Is `city` a city of `country` (ISO code) in the list? When it is, the list's own spelling comes back
 * ("sao paulo" → "São Paulo") so the stored name is always the one search and geocoding know; when it
 * is not, the names it was most likely meant to be.
 */
export function checkCity(country: string, city: string): CityCheck {
  const index = cityIndex();
  const found = index.find(city, country);
  if (found) return { ok: true, city: found };
  return { ok: false, suggestions: index.suggest(city, country).map((c) => c.name) };
}

export const countryName = (code: string) => countries().find((c) => c.code === code.toUpperCase())?.name ?? code.toUpperCase();

/** The 422 message for a city that is not in the country's list, with what it may have meant. */
export function unknownCityMessage(country: string, suggestions: readonly string[]): string {
  const base = `The city is not one we know in ${countryName(country)}.`;
  if (!suggestions.length) return `${base} Pick one from the list.`;
  const names =
    suggestions.length === 1 ? suggestions[0] : `${suggestions.slice(0, -1).join(", ")} or ${suggestions[suggestions.length - 1]}`;
  return `${base} Did you mean ${names}?`;
}

/**
 * checkCity for a service: the list's spelling of the city, or a 422 on `field` ("Did you mean …").
 * Call it after the country itself is known to be valid.
 */
export function requireCity(field: string, country: string, city: string): string {
  const result = checkCity(country, city);
  if (result.ok) return result.city.name;
  throw fieldError(field, unknownCityMessage(country, result.suggestions));
}

/**
 * requireCity for a form whose country is free text, a name or a code ("Nigeria", "NG": the billing
 * form): an unknown country is a 422 on `countryField`, a city not in it a 422 on `cityField`.
 */
export function requireCityInCountryText(countryText: string, city: string, countryField = "country", cityField = "city"): string {
  const code = countryCodeOf(countryText);
  if (!code) throw fieldError(countryField, "The selected country is invalid.");
  return requireCity(cityField, code, city);
}
