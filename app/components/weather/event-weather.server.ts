import type { RouterContextProvider } from "react-router";
import type { WeatherResponse } from "#schemas/weather";
import { loadWeather } from "./weather.server";

/** Open-Meteo forecasts this many days, today included (api/integrations/weather/open-meteo.ts). */
const FORECAST_DAYS = 16;
/**
 * How long the event page waits for the weather. The card is a courtesy: a slow or unreachable provider
 * (the API gives it up to 5 s) must not hold the page people apply on. The call goes on after the page is
 * sent, and the API keeps its answer (10 minutes, a failure 60 s), so the next visit has it at once.
 */
export const EVENT_WEATHER_WAIT_MS = 1_500;

/** The promise's value, or `late` once `ms` have passed without it. */
function within<T, L>(promise: Promise<T>, ms: number, late: L): Promise<T | L> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<L>((resolve) => (timer = setTimeout(() => resolve(late), ms)));
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

const localDate = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);

export interface EventWeather {
  weather: WeatherResponse;
  /** The event's first day in its own time zone, YYYY-MM-DD: the forecast day WeatherCard shows. */
  day: string;
}

/**
 * The weather for an in-person or hybrid event's day in its venue's city (the builder's country and city,
 * from the app's list), when that day is within the forecast (today to 15 days ahead); null otherwise
 * (online, too far, past, or a form from before venues had a city — no card then, nor a guess from the
 * free-text address), null when the answer takes longer than `waitMs`, and null when the provider failed:
 * the applicant's page shows no error for a service they did not ask for.
 */
export async function loadEventWeather(
  context: Readonly<RouterContextProvider>,
  form: { nature: string; venue_country: string | null; venue_city: string | null; starts_at: string; timezone: string },
  now = new Date(),
  waitMs = EVENT_WEATHER_WAIT_MS,
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
  const weather = await within(loadWeather(context, form.venue_city, form.venue_country), waitMs, null);
  // Not in time, or not had at all: the applicant asked for the form, not the weather, so no card (and no
  // failure message) this once.
  if (!weather?.success) return null;
  return { weather, day };
}
