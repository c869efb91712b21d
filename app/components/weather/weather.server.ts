import type { RouterContextProvider } from "react-router";
import { WEATHER_FAILED, type WeatherResponse } from "#schemas/weather";
import { apiContext } from "~/lib/contexts";
import { API } from "#schemas/contract/index";

/**
 * The API's `weather` for a city, for a loader, never throwing: a provider failure (502) or anything
 * else unexpected comes back as {success: false} with the product's failure message, for WeatherCard to show.
 * `city` may be free text such as a venue ("Yaba Tech Hub, Lagos"); `country` (ISO code) narrows it.
 */
export async function loadWeather(
  context: Readonly<RouterContextProvider>,
  city: string,
  country?: string | null,
): Promise<WeatherResponse> {
  try {
    const result = await context.get(apiContext).request(API.weather, { params: { city }, query: country ? { country } : {} });
    if (result.ok) return result.body;
  } catch (error) {
    // An expired session is the layout's business (a redirect Response): let it through.
    if (error instanceof Response) throw error;
  }
  return { success: false, data: null, error: WEATHER_FAILED };
}
