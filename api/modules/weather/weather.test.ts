import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { WEATHER_RATE, WEATHER_THROTTLED } from "#schemas/weather.ts";
import { startFakeOpenMeteo, type FakeOpenMeteo } from "../../../tests/fakes/open-meteo.ts";
import { coFounder, registered, setUpStartupProfile } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import { WEATHER_CACHE_MS, WEATHER_FAILURE_CACHE_MS, WeatherService } from "./service.ts";

let fake: FakeOpenMeteo;
let t: TestApi;
beforeAll(async () => {
  fake = await startFakeOpenMeteo();
  t = await createTestApi({ weatherApiBase: fake.url, geocodingApiBase: fake.url });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.down = false;
  fake.requests.length = 0;
});

const forecasts = () => fake.requests.filter((r) => r.path === "/v1/forecast");

describe("GET /api/v1/admin/weather/{city}", () => {
  it("answers current conditions and the daily forecast for a city placed by the app's own list", async () => {
    const { client } = await registered(t);
    const res = await client.get("/api/v1/admin/weather/Lagos?country=NG");
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.error).toBeNull();
    expect(res.body.data.city).toEqual({
      name: "Lagos",
      country_code: "NG",
      latitude: expect.closeTo(6.454, 2),
      longitude: expect.closeTo(3.395, 2),
      timezone: "Africa/Lagos",
    });
    expect(res.body.data.current).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT12:00$/),
      temperature_c: 24.5,
      apparent_temperature_c: 26,
      humidity_percent: 70,
      wind_speed_kmh: 11.2,
      weather_code: 2,
      description: "Partly cloudy",
    });
    expect(res.body.data.daily).toHaveLength(16);
    expect(res.body.data.daily[2]).toEqual({
      date: expect.any(String),
      weather_code: 61,
      description: "Light rain",
      temperature_max_c: 32,
      temperature_min_c: 22,
      precipitation_probability: 20,
    });
    expect(res.body.data.source).toBe("Open-Meteo");
    // The coordinates came from our list: the provider's geocoding was not asked.
    expect(fake.requests.map((r) => r.path)).toEqual(["/v1/forecast"]);
    expect(forecasts()[0].params).toMatchObject({ latitude: "6.45407", longitude: "3.39467", timezone: "auto", forecast_days: "16" });
  });

  it("prefers the caller's own country for a name several countries share", async () => {
    const { client } = await registered(t);
    await setUpStartupProfile(client); // Lagos, NG
    expect((await client.get("/api/v1/admin/weather/Lagos")).body.data.city.country_code).toBe("NG");
    expect((await client.get("/api/v1/admin/weather/Lagos?country=PT")).body.data.city.country_code).toBe("PT");
    const { client: kenyan } = await coFounder(t);
    expect((await kenyan.get("/api/v1/admin/weather/Lagos,%20Portugal")).body.data.city).toMatchObject({
      name: "Lagos",
      country_code: "PT",
    });
  });

  it("finds the city in free text such as an event's venue", async () => {
    const { client } = await registered(t);
    const res = await client.get(
      `/api/v1/admin/weather/${encodeURIComponent("Yaba Tech Hub, 12/14 Herbert Macaulay Way, Lagos")}?country=NG`,
    );
    expect(res.body.data.city).toMatchObject({ name: "Lagos", country_code: "NG" });
  });

  it("asks the provider's geocoding for a name the list does not know", async () => {
    const { client } = await registered(t);
    const res = await client.get("/api/v1/admin/weather/Tinyville");
    expect(res.body).toMatchObject({ success: true, data: { city: { name: "Tinyville", country_code: "NG", timezone: "Africa/Lagos" } } });
    expect(fake.requests.map((r) => r.path)).toEqual(["/v1/search", "/v1/forecast"]);
  });

  it("says an unknown city is not found: 200, success false", async () => {
    const { client } = await registered(t);
    const res = await client.get("/api/v1/admin/weather/Atlantisopolis");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: false, data: null, error: "City not found" });
    // A name without a letter is no city: nobody is asked.
    fake.requests.length = 0;
    expect((await client.get("/api/v1/admin/weather/12345")).body).toEqual({ success: false, data: null, error: "City not found" });
    expect(fake.requests).toEqual([]);
  });

  it("answers 502 with success false when the provider is down, kept a minute without asking it again", async () => {
    const { client } = await registered(t);
    fake.down = true;
    const res = await client.get("/api/v1/admin/weather/Kano?country=NG");
    expect(res.status).toBe(502);
    const unavailable = "The weather provider could not be reached. Try again later.";
    expect(res.body).toEqual({ success: false, data: null, error: unavailable, message: unavailable });
    // Not kept by the browser: only the server keeps a failure, and briefly.
    expect(res.headers.get("cache-control")).toBe("no-store");
    const asked = fake.requests.length;
    fake.down = false;
    const again = await client.get("/api/v1/admin/weather/Kano?country=NG");
    expect(again.status).toBe(502);
    expect(fake.requests).toHaveLength(asked);
  });

  it("keeps a failure one minute and a success ten, then asks the provider again", async () => {
    let now = 5_000_000;
    const service = new WeatherService({ weatherApiBase: fake.url, now: () => now, log: () => {} });
    fake.down = true;
    expect((await service.weather("Jos", "NG")).status).toBe(502);
    expect(forecasts()).toHaveLength(1);
    fake.down = false;
    now += WEATHER_FAILURE_CACHE_MS - 1;
    expect((await service.weather("Jos", "NG")).status).toBe(502);
    expect(forecasts()).toHaveLength(1);
    now += 2;
    const back = await service.weather("Jos", "NG");
    expect(back).toMatchObject({ status: 200, body: { success: true } });
    expect(forecasts()).toHaveLength(2);
    // The success is kept ten minutes: a later outage does not show until then.
    fake.down = true;
    now += WEATHER_CACHE_MS - 1;
    expect(await service.weather("Jos", "NG")).toBe(back);
    expect(forecasts()).toHaveLength(2);
    now += 2;
    expect((await service.weather("Jos", "NG")).status).toBe(502);
  });

  it("asks the provider once for callers who ask for the same city at the same time", async () => {
    const service = new WeatherService({ weatherApiBase: fake.url, log: () => {} });
    const answers = await Promise.all(Array.from({ length: 20 }, () => service.weather("Zaria", "NG")));
    expect(answers.every((a) => a.body.success)).toBe(true);
    expect(forecasts()).toHaveLength(1);
  });

  it("answers 502 when the provider cannot be reached at all", async () => {
    const closed = await startFakeOpenMeteo();
    await closed.close();
    const service = new WeatherService({ weatherApiBase: closed.url, log: () => {} });
    expect(await service.weather("Lagos", "NG")).toMatchObject({ status: 502, body: { success: false } });
  });

  it("reuses an answer for 10 minutes per city", async () => {
    let now = 1_000_000;
    const service = new WeatherService({ weatherApiBase: fake.url, now: () => now });
    await service.weather("Ibadan", "NG");
    await service.weather("ibadan", "NG");
    expect(forecasts()).toHaveLength(1);
    await service.weather("Kaduna", "NG");
    expect(forecasts()).toHaveLength(2);
    now += WEATHER_CACHE_MS + 1;
    await service.weather("Ibadan", "NG");
    expect(forecasts()).toHaveLength(3);
  });

  it("serves the cache through the route too, and needs a login", async () => {
    const { client } = await registered(t);
    await client.get("/api/v1/admin/weather/Enugu?country=NG");
    await client.get("/api/v1/admin/weather/Enugu?country=NG");
    expect(forecasts()).toHaveLength(1);
    expect((await t.client().get("/api/v1/admin/weather/Enugu")).status).toBe(401);
  });
});

describe("the per-user look-up limit", () => {
  it("lets one user make at most 30 look-ups the cache cannot answer in 10 minutes, even sent at once", async () => {
    const { client } = await registered(t);
    const names = Array.from({ length: 80 }, (_, i) => `Nowhere Atoll ${i}`);
    const results = await Promise.all(names.map((name) => client.get(`/api/v1/admin/weather/${encodeURIComponent(name)}`)));
    // Counted: answered 200 (not found), or 502 should the loaded machine make the fake miss its timeout.
    const counted = results.flatMap((res, i) => (res.status === 429 ? [] : [names[i]]));
    expect(counted).toHaveLength(WEATHER_RATE.maxLookups);
    const refused = results.filter((res) => res.status === 429);
    expect(refused).toHaveLength(names.length - WEATHER_RATE.maxLookups);
    const retry = Number(refused[0].headers.get("retry-after"));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(WEATHER_RATE.windowSeconds);
    expect(refused[0].body).toEqual({ message: WEATHER_THROTTLED(retry) });
    // The provider was asked about the counted names only: every one it answered, and none refused (a
    // look-up that timed out on a loaded machine may not have reached it).
    const searched = new Set(fake.requests.filter((r) => r.path === "/v1/search").map((r) => r.params.name));
    const answered = results.flatMap((res, i) => (res.status === 200 ? [names[i]] : []));
    expect(answered.filter((name) => !searched.has(name))).toEqual([]);
    expect([...searched].filter((name) => !counted.includes(name))).toEqual([]);

    // A name already answered comes from the cache, so it is still answered and asks nobody.
    fake.requests.length = 0;
    const cached = await client.get(`/api/v1/admin/weather/${encodeURIComponent(counted[0])}`);
    expect(cached.status).not.toBe(429);
    expect(fake.requests).toEqual([]);
    expect((await client.get("/api/v1/admin/weather/Another%20Atoll")).status).toBe(429);
    // Someone else is not held back by this user.
    expect((await (await registered(t)).client.get("/api/v1/admin/weather/Another%20Atoll")).status).toBe(200);
  });
});
