import type { RouterContextProvider } from "react-router";
import type { WeatherResponse } from "../../../schemas/weather";
import { loadWeather } from "~/components/weather/weather.server";
import { apiContext } from "~/lib/contexts";

interface Location {
  cityName: string | null;
  country_code: string | null;
}

/** The weather where the user is (GET /api/location: their profile's city); null when no city is known. */
export async function userWeather(context: Readonly<RouterContextProvider>): Promise<{ city: string; weather: WeatherResponse } | null> {
  const located = await context.get(apiContext).get<Location>("/api/location");
  if (!located.ok || !located.body.cityName) return null;
  const city = located.body.cityName;
  return { city, weather: await loadWeather(context, city, located.body.country_code) };
}
