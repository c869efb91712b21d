import { getCountries, getCountryCallingCode } from "libphonenumber-js";
import { flagUrl, hasFlag } from "../places/flags.ts";

export interface Country {
  code: string;
  name: string;
  dial_code: string;
  /** The emoji flag (shows as two letters where the system has no emoji font): prefer flag_url. */
  flag: string;
  /** The app's own SVG flag (flag-icons), or null for the few codes it has none for. */
  flag_url: string | null;
}

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
