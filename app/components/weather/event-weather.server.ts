import type { RouterContextProvider } from "react-router";
import { WEATHER_CITY_NOT_FOUND, type WeatherResponse } from "../../../schemas/weather";
import { loadWeather } from "./weather.server";

/** Open-Meteo forecasts this many days, today included (api/integrations/weather/open-meteo.ts). */
const FORECAST_DAYS = 16;

const localDate = (instant: Date, timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);

export interface EventWeather {
  weather: WeatherResponse;
  /** The event's first day in its own time zone, YYYY-MM-DD: the forecast day WeatherCard shows. */
  day: string;
}

/**
 * The weather for an in-person or hybrid event's day in its venue's city (the builder's country and city,
 * from the app's list), when that day is within the forecast (today to 15 days ahead); null otherwise
 * (online, too far, past, or a form from before venues had a city — no card then, rather than a failure
 * that is not one, nor a guess from the free-text address).
 */
export async function loadEventWeather(
  context: Readonly<RouterContextProvider>,
  form: { nature: string; venue_country: string | null; venue_city: string | null; starts_at: string; timezone: string },
  now = new Date(),
): Promise<EventWeather | null> {
  if (form.nature === "online" || !form.venue_city || !form.venue_country) return null;
  let day: string;
  let today: string;
  try {
    day = localDate(new Date(form.starts_at), form.timezone);
    today = localDate(now, form.timezone);
  } catch {
    return null; // an unknown time zone: no day to forecast
  }
  const ahead = (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000;
  if (!(ahead >= 0 && ahead < FORECAST_DAYS)) return null;
  const weather = await loadWeather(context, form.venue_city, form.venue_country);
  if (!weather.success && weather.error === WEATHER_CITY_NOT_FOUND) return null;
  return { weather, day };
}
