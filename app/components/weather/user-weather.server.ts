import type { RouterContextProvider } from "react-router";
import { API } from "#schemas/contract/index";
import type { PlaceJson } from "#schemas/places";
import { WEATHER_FAILED } from "#schemas/weather";
import { apiContext } from "~/lib/contexts";
import type { UserWeather } from "./weather-panel";
import { loadWeather } from "./weather.server";

/**
 * The weather where the user is (the API's `userLocation`: their profile's city), never throwing: a fetcher asks
 * for it, and a thrown error there would replace the whole dashboard with an error page.
 */
export async function loadUserWeather(context: Readonly<RouterContextProvider>): Promise<UserWeather> {
  let located: PlaceJson | null = null;
  try {
    const result = await context.get(apiContext).request(API.userLocation, {});
    if (result.ok) located = result.body;
  } catch (error) {
    // An expired session is the layout's business (a redirect Response): let it through.
    if (error instanceof Response) throw error;
  }
  if (!located) return { city: null, weather: { success: false, data: null, error: WEATHER_FAILED } };
  if (!located.cityName) return { city: null, weather: null };
  return { city: located.cityName, weather: await loadWeather(context, located.cityName, located.country_code) };
}
