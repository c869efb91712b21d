/**
 * Open-Meteo (https://open-meteo.com, no key): its forecast API for current conditions and a daily
 * forecast, and its geocoding API for place names the app's own city list does not know. Base URLs come
 * from settings (WEATHER_API_BASE, GEOCODING_API_BASE); tests point them at tests/fakes/open-meteo.ts.
 */

/** The provider could not be reached or answered something unusable: the caller says 502. */
export class WeatherProviderError extends Error {}

export interface ProviderPlace {
  name: string;
  country_code: string | null;
  latitude: number;
  longitude: number;
  timezone: string | null;
}

export interface ProviderForecast {
  timezone: string;
  current: {
    time: string;
    temperature_2m: number;
    apparent_temperature: number;
    relative_humidity_2m: number;
    wind_speed_10m: number;
    weather_code: number;
  };
  daily: {
    time: string[];
    weather_code: number[];
    temperature_2m_max: number[];
    temperature_2m_min: number[];
    precipitation_probability_max: (number | null)[];
  };
}

/** Long enough for a slow answer, short enough that a page showing the card is not held up for long. */
const TIMEOUT_MS = 5_000;
export const FORECAST_DAYS = 16;

async function getJson(url: URL): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new WeatherProviderError(`weather provider unreachable: ${(error as Error).message}`);
  }
  if (!res.ok) throw new WeatherProviderError(`weather provider answered ${res.status}`);
  try {
    return await res.json();
  } catch {
    throw new WeatherProviderError("weather provider answered something that is not JSON");
  }
}

const isNumberList = (v: unknown): v is number[] => Array.isArray(v) && v.every((n) => typeof n === "number" || n === null);

function assertForecast(body: unknown): asserts body is ProviderForecast {
  const b = body as Partial<ProviderForecast> | null;
  const current = b?.current;
  const daily = b?.daily;
  const ok =
    typeof b?.timezone === "string" &&
    current !== undefined &&
    typeof current.time === "string" &&
    ["temperature_2m", "apparent_temperature", "relative_humidity_2m", "wind_speed_10m", "weather_code"].every(
      (k) => typeof current[k as keyof typeof current] === "number",
    ) &&
    daily !== undefined &&
    Array.isArray(daily.time) &&
    [daily.weather_code, daily.temperature_2m_max, daily.temperature_2m_min, daily.precipitation_probability_max].every(
      (list) => isNumberList(list) && list.length === daily.time.length,
    );
  if (!ok) throw new WeatherProviderError("weather provider answered an unexpected forecast");
}

export class OpenMeteo {
  constructor(private readonly bases: { weatherApiBase: string; geocodingApiBase?: string }) {}

  /** Current conditions and FORECAST_DAYS days, in the place's own time zone (°C, km/h). */
  async forecast(latitude: number, longitude: number): Promise<ProviderForecast> {
    const url = new URL("/v1/forecast", this.bases.weatherApiBase);
    url.search = new URLSearchParams({
      latitude: String(latitude),
      longitude: String(longitude),
      current: "temperature_2m,apparent_temperature,relative_humidity_2m,wind_speed_10m,weather_code",
      daily: "weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max",
      timezone: "auto",
      forecast_days: String(FORECAST_DAYS),
    }).toString();
    const body = await getJson(url);
    assertForecast(body);
    return body;
  }

  /** The provider's best match for a name (in a country when given), null when it knows none. */
  async geocode(name: string, country?: string): Promise<ProviderPlace | null> {
    if (!this.bases.geocodingApiBase) return null;
    const url = new URL("/v1/search", this.bases.geocodingApiBase);
    url.search = new URLSearchParams({
      name,
      count: "1",
      language: "en",
      format: "json",
      ...(country ? { countryCode: country } : {}),
    }).toString();
    const body = (await getJson(url)) as { results?: Partial<ProviderPlace>[] } | null;
    const first = body?.results?.[0];
    if (!first) return null;
    if (typeof first.latitude !== "number" || typeof first.longitude !== "number" || typeof first.name !== "string") {
      throw new WeatherProviderError("weather provider answered an unexpected place");
    }
    return {
      name: first.name,
      country_code: first.country_code ?? null,
      latitude: first.latitude,
      longitude: first.longitude,
      timezone: first.timezone ?? null,
    };
  }
}
