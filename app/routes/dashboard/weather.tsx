import { loadUserWeather } from "~/components/weather/user-weather.server";
import { WeatherCard } from "~/components/weather/weather-card";
import { Card, PageHeader } from "~/components/ui/layout";
import type { Route } from "./+types/weather";
import { InAppLink } from "~/components/ui/in-app-link";

/**
 * The weather where the user is. The dashboard's card fetches this loader after the page is shown (so
 * the dashboard never waits on the provider); without JavaScript the card links here, a page of its own.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return loadUserWeather(context);
}

export default function DashboardWeather({ loaderData }: Route.ComponentProps) {
  const { city, weather } = loaderData;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <InAppLink to="/dashboard" className="text-sm text-brand-600 hover:underline">
        ← Dashboard
      </InAppLink>
      <PageHeader title="Weather" description="Where you are: the city of your profile." />
      {weather ? (
        <WeatherCard weather={weather} title={city ? `Weather in ${city}` : undefined} days={7} />
      ) : (
        <Card>
          <p className="text-slate-700">Your profile has no city yet, so there is no weather to show.</p>
        </Card>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Weather · Launchpad" }];
