import { tryAgainIn } from "./plural.ts";

/** GET /api/v1/admin/weather/{city}: the answer's envelope {success, data, error}. */

export interface WeatherDay {
  /** The day in the place's time zone, YYYY-MM-DD. */
  date: string;
  weather_code: number;
  description: string;
  temperature_max_c: number;
  temperature_min_c: number;
  /** Highest chance of rain that day, 0–100, or null when the provider has none. */
  precipitation_probability: number | null;
}

export interface WeatherJson {
  city: { name: string; country_code: string | null; latitude: number; longitude: number; timezone: string | null };
  current: {
    /** Local time of the reading, YYYY-MM-DDTHH:MM in the place's time zone. */
    time: string;
    temperature_c: number;
    apparent_temperature_c: number;
    humidity_percent: number;
    wind_speed_kmh: number;
    weather_code: number;
    description: string;
  };
  daily: WeatherDay[];
  /** Open-Meteo; shown as the card's attribution. */
  source: string;
}

/** A failure; when the provider cannot be reached (502) it carries the `message` every refusal has, too. */
export type WeatherResponse =
  { success: true; data: WeatherJson; error: null } | { success: false; data: null; error: string; message?: string };

/** The product's failure text, shown by the panel whatever went wrong. */
export const WEATHER_FAILED = "Failed to fetch weather data";
export const WEATHER_CITY_NOT_FOUND = "City not found";
export const WEATHER_UNAVAILABLE = "The weather provider could not be reached. Try again later.";

/**
 * Look-ups per user that the API's answer cache cannot serve (each asks the provider) within the window;
 * beyond it 429 with Retry-After. Cached cities are not counted, so a page showing the usual cities never is.
 */
export const WEATHER_RATE = { maxLookups: 30, windowSeconds: 600 } as const;
export const WEATHER_THROTTLED = (seconds: number) =>
  `You have looked up the weather of ${WEATHER_RATE.maxLookups} new places in the last ${WEATHER_RATE.windowSeconds / 60} minutes. ` +
  tryAgainIn(seconds);
