import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { ApiClient } from "~/lib/api.server";
import { apiContext } from "~/lib/contexts";
import { pathTo, type ApiRoute } from "#schemas/contract/route";
import { WEATHER_CITY_NOT_FOUND, WEATHER_FAILED } from "#schemas/weather";
import { loadEventWeather } from "./event-weather.server";

const NOW = new Date("2026-11-23T09:00:00Z");
const inPerson = {
  nature: "in_person",
  venue_country: "NG",
  venue_city: "Lagos",
  starts_at: "2026-11-25T09:00:00Z",
  timezone: "Africa/Lagos",
};

/** A loader context whose API answers a route with `answer` (or never, for a provider that hangs). */
function contextAnswering(answer: () => Promise<unknown>) {
  const asked: string[] = [];
  const context = new RouterContextProvider();
  const api = {
    request: (route: ApiRoute, input: { params?: Record<string, string>; query?: object }) => (
      asked.push(pathTo(route, input.params, input.query)),
      answer()
    ),
  };
  context.set(apiContext, api as unknown as ApiClient);
  return { context, asked };
}

describe("the weather on an event's page", () => {
  it("is the venue city's forecast for the event's day", async () => {
    const weather = { success: true, data: { current: { temperature: 25 } }, error: null };
    const { context, asked } = contextAnswering(async () => ({ ok: true, status: 200, body: weather }));
    expect(await loadEventWeather(context, inPerson, NOW)).toEqual({ weather, day: "2026-11-25" });
    expect(asked).toEqual(["/api/v1/admin/weather/Lagos?country=NG"]);
  });

  it("does not hold the page when the provider is slow: no card after the wait, the call left to finish", async () => {
    const { context, asked } = contextAnswering(() => new Promise(() => {}));
    const started = Date.now();
    expect(await loadEventWeather(context, inPerson, NOW, 100)).toBeNull();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(asked).toHaveLength(1);
  });

  it("shows no card, and so no failure, when the provider cannot be reached or does not know the city", async () => {
    const down = contextAnswering(async () => ({ ok: false, status: 502, body: { message: "bad gateway" } }));
    expect(await loadEventWeather(down.context, inPerson, NOW)).toBeNull();
    expect(down.asked).toHaveLength(1);
    const answered = (body: unknown) =>
      loadEventWeather(contextAnswering(async () => ({ ok: true, status: 200, body })).context, inPerson, NOW);
    expect(await answered({ success: false, data: null, error: WEATHER_FAILED })).toBeNull();
    expect(await answered({ success: false, data: null, error: WEATHER_CITY_NOT_FOUND })).toBeNull();
  });

  it("asks nothing for an online event or a day beyond the forecast", async () => {
    const { context, asked } = contextAnswering(async () => ({ ok: true, status: 200, body: {} }));
    expect(await loadEventWeather(context, { ...inPerson, nature: "online" }, NOW)).toBeNull();
    expect(await loadEventWeather(context, { ...inPerson, starts_at: "2027-01-25T09:00:00Z" }, NOW)).toBeNull();
    expect(asked).toEqual([]);
  });
});
