import { getCountries, getCountryCallingCode } from "libphonenumber-js";
import type { Country } from "#schemas/countries.ts";
import { flagUrl, hasFlag } from "./flags.ts";

/** A flag is two regional-indicator letters, so no image list has to be fetched from anywhere. */
const flagOf = (code: string) => String.fromCodePoint(...[...code].map((ch) => 0x1f1e6 + ch.charCodeAt(0) - 65));

let cached: Country[] | undefined;

/** Every country with a calling code, named by the runtime's own ICU data. */
export function countries(): Country[] {
  if (cached) return cached;
  const names = new Intl.DisplayNames(["en"], { type: "region" });
  cached = getCountries()
    .map((code) => ({
      code,
      name: names.of(code) ?? code,
      dial_code: `+${getCountryCallingCode(code)}`,
      flag: flagOf(code),
      flag_url: hasFlag(code) ? flagUrl(code) : null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return cached;
}

export const isCountryCode = (code: string) => countries().some((country) => country.code === code);
