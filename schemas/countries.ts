import { z } from "zod";

/** `GET /api/country_codes`: one country of the list every country field offers. */
export const countryView = z.object({
  /** ISO 3166-1 alpha-2. */
  code: z.string(),
  name: z.string(),
  dial_code: z.string(),
  /** The emoji flag (shows as two letters where the system has no emoji font): prefer flag_url. */
  flag: z.string(),
  /** The app's own SVG flag (flag-icons), or null for the few codes it has none for. */
  flag_url: z.string().nullable(),
});
export type Country = z.output<typeof countryView>;
