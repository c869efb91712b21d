import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback fake of the two Open-Meteo calls the weather adapter makes:
 *   GET /v1/forecast?latitude&longitude&current=…&daily=…&forecast_days=N&timezone=auto
 *   GET /v1/search?name=…&count=1[&countryCode=XX]   (geocoding; knows only `places`)
 * Forecasts are deterministic: 24.5 °C now, "Partly cloudy" (code 2), N days from today (UTC) with
 * maxima 30, 31, … and minima 20, 21, …. `down` answers 503 to everything; `failWhere` fails forecasts
 * for some coordinates only (the browser tests' server, one fake for all, uses it for a "down" city).
 */
export interface FakeOpenMeteoRequest {
  path: string;
  params: Record<string, string>;
}

export interface FakeOpenMeteo {
  url: string;
  requests: FakeOpenMeteoRequest[];
  down: boolean;
  close(): Promise<void>;
}

export interface FakeOpenMeteoOptions {
  port?: number;
  places?: { name: string; country_code: string; latitude: number; longitude: number; timezone: string }[];
  failWhere?: (latitude: number, longitude: number) => boolean;
}

const DEFAULT_PLACES = [{ name: "Tinyville", country_code: "NG", latitude: 7.1, longitude: 3.3, timezone: "Africa/Lagos" }];

export function fakeForecast(days: number, today = new Date()) {
  const dates = Array.from({ length: days }, (_, i) =>
    new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + i)).toISOString().slice(0, 10),
  );
  return {
    timezone: "GMT",
    current: {
      time: `${dates[0]}T12:00`,
      temperature_2m: 24.5,
      apparent_temperature: 26,
      relative_humidity_2m: 70,
      wind_speed_10m: 11.2,
      weather_code: 2,
    },
    daily: {
      time: dates,
      weather_code: dates.map((_, i) => [0, 2, 61, 95][i % 4]),
      temperature_2m_max: dates.map((_, i) => 30 + i),
      temperature_2m_min: dates.map((_, i) => 20 + i),
      precipitation_probability_max: dates.map((_, i) => (i * 10) % 100),
    },
  };
}

export async function startFakeOpenMeteo(options: FakeOpenMeteoOptions = {}): Promise<FakeOpenMeteo> {
  const places = options.places ?? DEFAULT_PLACES;
  const requests: FakeOpenMeteoRequest[] = [];
  const fake: FakeOpenMeteo = { url: "", requests, down: false, close: async () => {} };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const params = Object.fromEntries(url.searchParams);
    requests.push({ path: url.pathname, params });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (fake.down) return send(503, { error: true, reason: "Service unavailable" });
    if (url.pathname === "/v1/forecast") {
      const latitude = Number(params.latitude);
      const longitude = Number(params.longitude);
      if (!Number.isFinite(latitude) || !Number.isFinite(longitude))
        return send(400, { error: true, reason: "Latitude and longitude required" });
      if (options.failWhere?.(latitude, longitude)) return send(500, { error: true, reason: "Internal error" });
      return send(200, { latitude, longitude, ...fakeForecast(Number(params.forecast_days ?? 7)) });
    }
    if (url.pathname === "/v1/search") {
      const name = (params.name ?? "").toLowerCase();
      const found = places.filter((p) => p.name.toLowerCase() === name && (!params.countryCode || p.country_code === params.countryCode));
      // Like Open-Meteo: no `results` key at all when nothing matches.
      return send(200, found.length ? { results: found.slice(0, 1), generationtime_ms: 0.1 } : { generationtime_ms: 0.1 });
    }
    send(404, { error: true, reason: "Not found" });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
