/** `GET /api/country_codes`: one country of the list every country field offers. */
export interface Country {
  /** ISO 3166-1 alpha-2. */
  code: string;
  name: string;
  dial_code: string;
  /** The emoji flag (shows as two letters where the system has no emoji font): prefer flag_url. */
  flag: string;
  /** The app's own SVG flag (flag-icons), or null for the few codes it has none for. */
  flag_url: string | null;
}
