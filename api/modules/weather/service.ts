import { OpenMeteo, WeatherProviderError, type ProviderForecast } from "#api/integrations/weather/open-meteo.ts";
import { describeWeather } from "#api/integrations/weather/weather-codes.ts";
import { WEATHER_CITY_NOT_FOUND, WEATHER_UNAVAILABLE, type WeatherJson, type WeatherResponse } from "#schemas/weather.ts";
import { foldName } from "../places/fold.ts";
import { geocodeText, timezoneAt } from "../places/geocode.ts";

/** How long one city's answer is reused: Open-Meteo's models update hourly at most. */
export const WEATHER_CACHE_MS = 10 * 60_000;
/**
 * How long a provider failure is reused: short, so recovery shows within a minute, but long enough that
 * pages asking for the weather of one city under load do not each wait out the provider's timeout.
 */
export const WEATHER_FAILURE_CACHE_MS = 60_000;
/** Cities remembered at most, so a caller asking for endless names cannot grow memory without bound. */
const CACHE_LIMIT = 2_000;

export interface WeatherServiceOptions {
  weatherApiBase: string;
  geocodingApiBase?: string;
  log?: (message: string, error?: unknown) => void;
  now?: () => number;
}

export interface WeatherAnswer {
  status: 200 | 502;
  body: WeatherResponse;
}

type Place = WeatherJson["city"];

function toJson(place: Place, f: ProviderForecast): WeatherJson {
  return {
    city: { ...place, timezone: place.timezone ?? f.timezone },
    current: {
      time: f.current.time,
      temperature_c: f.current.temperature_2m,
      apparent_temperature_c: f.current.apparent_temperature,
      humidity_percent: f.current.relative_humidity_2m,
      wind_speed_kmh: f.current.wind_speed_10m,
      weather_code: f.current.weather_code,
      description: describeWeather(f.current.weather_code),
    },
    daily: f.daily.time.map((date, i) => ({
      date,
      weather_code: f.daily.weather_code[i],
      description: describeWeather(f.daily.weather_code[i]),
      temperature_max_c: f.daily.temperature_2m_max[i],
      temperature_min_c: f.daily.temperature_2m_min[i],
      precipitation_probability: f.daily.precipitation_probability_max[i] ?? null,
    })),
    source: "Open-Meteo",
  };
}

/**
 * Weather for a city name: placed with the app's own city list first (the user's country preferred), the
 * provider's geocoding only for names the list does not know, then the provider's forecast. Answers —
 * found or not — are kept 10 minutes per city, a provider failure one minute; callers asking for a city
 * whose answer is on its way share that one request.
 */
export class WeatherService {
  private readonly provider: OpenMeteo;
  private readonly cache = new Map<string, { expires: number; answer: WeatherAnswer }>();
  private readonly pending = new Map<string, Promise<WeatherAnswer>>();
  private readonly now: () => number;
  private readonly log: (message: string, error?: unknown) => void;

  constructor(options: WeatherServiceOptions) {
    this.provider = new OpenMeteo(options);
    this.now = options.now ?? Date.now;
    this.log = options.log ?? console.error;
  }

  /**
   * `beforeAsking`, when given, runs before the provider may be asked (the answer is neither kept nor on
   * its way): the caller's per-user limit, which may refuse by throwing.
   */
  async weather(city: string, country?: string, beforeAsking?: () => Promise<void>): Promise<WeatherAnswer> {
    const key = `${foldName(city)}|${country ?? ""}`;
    const known = this.known(key);
    if (known) return known;
    if (beforeAsking) {
      await beforeAsking();
      // Another caller may have asked meanwhile.
      const meanwhile = this.known(key);
      if (meanwhile) return meanwhile;
    }
    const answer = this.answer(city, country).then((found) => {
      // Remembered before the promise is let go, so no caller falls between the two and asks again.
      this.remember(key, found);
      this.pending.delete(key);
      return found;
    });
    this.pending.set(key, answer);
    // An unexpected error (a bug, not the provider) lets the next caller try afresh.
    answer.catch(() => this.pending.delete(key));
    return answer;
  }

  /** The kept answer, or the one on its way, if any. */
  private known(key: string): WeatherAnswer | Promise<WeatherAnswer> | undefined {
    const cached = this.cache.get(key);
    if (cached && cached.expires > this.now()) return cached.answer;
    return this.pending.get(key);
  }

  private async answer(city: string, country?: string): Promise<WeatherAnswer> {
    try {
      return await this.fetchWeather(city, country);
    } catch (error) {
      if (!(error instanceof WeatherProviderError)) throw error;
      this.log(`weather for ${JSON.stringify(city)}: ${error.message}`);
      return { status: 502, body: { success: false, data: null, error: WEATHER_UNAVAILABLE, message: WEATHER_UNAVAILABLE } };
    }
  }

  private remember(key: string, answer: WeatherAnswer) {
    this.cache.delete(key);
    if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, { expires: this.now() + (answer.status === 502 ? WEATHER_FAILURE_CACHE_MS : WEATHER_CACHE_MS), answer });
  }

  private async fetchWeather(city: string, country?: string): Promise<WeatherAnswer> {
    const place = await this.place(city, country);
    if (!place) return { status: 200, body: { success: false, data: null, error: WEATHER_CITY_NOT_FOUND } };
    const forecast = await this.provider.forecast(place.latitude, place.longitude);
    return { status: 200, body: { success: true, data: toJson(place, forecast), error: null } };
  }

  private async place(city: string, country?: string): Promise<Place | null> {
    // A name must hold a letter: "1", "%00" and the like are no city anywhere, so no provider is asked.
    if (!/\p{L}/u.test(city) || city.length > 200) return null;
    const known = geocodeText(city, country);
    if (known) {
      const { name, country: code, latitude, longitude } = known;
      return { name, country_code: code, latitude, longitude, timezone: timezoneAt(latitude, longitude) };
    }
    return this.provider.geocode(city, country);
  }
}
