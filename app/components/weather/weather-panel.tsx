import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { WeatherResponse } from "#schemas/weather";
import { Card } from "~/components/ui/layout";
import { WeatherCard } from "./weather-card";
import { InAppLink } from "~/components/ui/in-app-link";

/** What USER_WEATHER_PATH answers: the user's city and its weather; both null when no city is known. */
export interface UserWeather {
  city: string | null;
  weather: WeatherResponse | null;
}

/** The weather where the user is (routes/dashboard/weather.tsx): data for a fetcher, a page without JavaScript. */
export const USER_WEATHER_PATH = "/dashboard/weather";

/**
 * The dashboard's weather card. The dashboard itself never waits on the weather provider: with JavaScript
 * the card asks for the weather once the page is there (the API's 10-minute cache answers most times) and
 * says it is loading meanwhile; without JavaScript it is a link to the same answer as a page of its own.
 */
export function WeatherPanel() {
  const hydrated = useHydrated();
  const fetcher = useFetcher<UserWeather>({ key: "dashboard-weather" });
  const asked = useRef(false);
  useEffect(() => {
    // Once per visit: the period picker's navigations keep the card (and its keyed answer).
    if (asked.current || fetcher.data !== undefined) return;
    asked.current = true;
    void fetcher.load(USER_WEATHER_PATH);
  }, [fetcher]);

  const answer = fetcher.data;
  if (answer?.weather)
    return <WeatherCard weather={answer.weather} title={answer.city ? `Weather in ${answer.city}` : undefined} days={7} />;
  // No city known: nothing to show (setup asks everyone for one, so this is rare).
  if (answer) return null;
  return (
    <Card>
      <div data-testid="weather-card">
        <h2 className="text-lg font-semibold">Weather</h2>
        {hydrated ? (
          <p role="status" className="mt-2 text-sm text-slate-600" data-testid="weather-loading">
            Loading the weather…
          </p>
        ) : (
          <InAppLink to={USER_WEATHER_PATH} className="mt-2 inline-block text-sm text-brand-600 underline">
            See the weather where you are
          </InAppLink>
        )}
      </div>
    </Card>
  );
}
