import { z } from "zod";
import { tryAgainIn } from "./plural.ts";

/** GET /api/v1/admin/weather/{city}: the answer's envelope {success, data, error}. */

export const weatherDay = z.object({
  /** The day in the place's time zone, YYYY-MM-DD. */
  date: z.string(),
  weather_code: z.number().int(),
  description: z.string(),
  temperature_max_c: z.number(),
  temperature_min_c: z.number(),
  /** Highest chance of rain that day, 0–100, or null when the provider has none. */
  precipitation_probability: z.number().nullable(),
});
export type WeatherDay = z.output<typeof weatherDay>;

export const weatherJson = z.object({
  city: z.object({
    name: z.string(),
    country_code: z.string().nullable(),
    latitude: z.number(),
    longitude: z.number(),
    timezone: z.string().nullable(),
  }),
  current: z.object({
    /** Local time of the reading, YYYY-MM-DDTHH:MM in the place's time zone. */
    time: z.string(),
    temperature_c: z.number(),
    apparent_temperature_c: z.number(),
    humidity_percent: z.number(),
    wind_speed_kmh: z.number(),
    weather_code: z.number().int(),
    description: z.string(),
  }),
  daily: z.array(weatherDay),
  /** Open-Meteo; shown as the card's attribution. */
  source: z.string(),
});
export type WeatherJson = z.output<typeof weatherJson>;

/**
 * The weather, or why there is none: an unknown city is a 200 with success false; when the provider
 * cannot be reached (502) the failure carries the `message` every refusal has, too.
 */
export const weatherResponse = z.union([
  z.object({ success: z.literal(true), data: weatherJson, error: z.null() }),
  z.object({ success: z.literal(false), data: z.null(), error: z.string(), message: z.string().optional() }),
]);
export type WeatherResponse = z.output<typeof weatherResponse>;

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
