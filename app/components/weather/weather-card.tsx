import { WEATHER_FAILED, type WeatherDay, type WeatherResponse } from "#schemas/weather";
import { Card } from "~/components/ui/layout";
import { Flag } from "~/components/places/flag";

export interface WeatherCardProps {
  /** What the loader got from loadWeather() (./weather.server.ts): the API's {success, data, error}. */
  weather: WeatherResponse;
  /**
   * Show this day's forecast (YYYY-MM-DD in the place's time zone, e.g. an event's day) instead of the
   * whole forecast list. A day outside the forecast shows the current conditions only.
   */
  day?: string;
  /** The card's heading; "Weather in {city}" by default. */
  title?: string;
  /** How many forecast days the list shows (default 7, at most 16). */
  days?: number;
  className?: string;
}

const dayLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });
const degrees = (value: number) => `${Math.round(value)}°C`;

function DayRow({ day }: { day: WeatherDay }) {
  return (
    <li className="flex items-center justify-between gap-3 py-1.5 text-sm">
      <span className="w-24 shrink-0 font-medium text-slate-800">{dayLabel(day.date)}</span>
      <span className="flex-1 text-slate-600">{day.description}</span>
      <span className="tabular-nums text-slate-800">
        {degrees(day.temperature_max_c)} / {degrees(day.temperature_min_c)}
      </span>
      {day.precipitation_probability !== null ? (
        <span className="w-16 text-right tabular-nums text-slate-500">{day.precipitation_probability}% rain</span>
      ) : null}
    </li>
  );
}

/**
 * Current conditions and the forecast for a city (the API's `weather`), rendered on the
 * server so it needs no JavaScript. When the weather could not be had it says 'Failed to fetch weather
 * data' (WEATHER_FAILED) in the card, once and quietly, where the weather would be: nothing the reader did
 * went wrong, so it is not said as an error (no red, no toast).
 */
export function WeatherCard({ weather, day, title, days = 7, className = "" }: WeatherCardProps) {
  if (!weather.success) {
    return (
      <Card className={className}>
        <div data-testid="weather-card">
          <h2 className="text-lg font-semibold">{title ?? "Weather"}</h2>
          <p role="status" className="mt-2 text-sm text-slate-600" data-testid="weather-error">
            {WEATHER_FAILED}
          </p>
        </div>
      </Card>
    );
  }
  const { city, current, daily } = weather.data;
  const heading = title ?? `Weather in ${city.name}`;
  const picked = day ? daily.find((d) => d.date === day) : undefined;
  return (
    <Card className={className}>
      <div data-testid="weather-card">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          {city.country_code ? <Flag code={city.country_code} /> : null}
          {heading}
        </h2>
        <div className="mt-3 flex items-baseline gap-3">
          <p className="text-3xl font-bold tabular-nums text-slate-900" data-testid="weather-now">
            {degrees(current.temperature_c)}
          </p>
          <p className="text-slate-700">{current.description}</p>
        </div>
        <p className="mt-1 text-sm text-slate-600">
          Now · feels like {degrees(current.apparent_temperature_c)} · humidity {current.humidity_percent}% · wind{" "}
          {Math.round(current.wind_speed_kmh)} km/h
        </p>
        {day ? (
          picked ? (
            <div className="mt-4">
              <h3 className="text-sm font-semibold text-slate-800">Forecast for the day</h3>
              <ul className="mt-1" data-testid="weather-forecast">
                <DayRow day={picked} />
              </ul>
            </div>
          ) : null
        ) : (
          <div className="mt-4">
            <h3 className="text-sm font-semibold text-slate-800">Next {Math.min(days, daily.length)} days</h3>
            <ul className="mt-1 divide-y divide-slate-100" data-testid="weather-forecast">
              {daily.slice(0, days).map((d) => (
                <DayRow key={d.date} day={d} />
              ))}
            </ul>
          </div>
        )}
        <p className="mt-3 text-xs text-slate-500">
          Weather data by{" "}
          <a href="https://open-meteo.com/" className="underline" rel="noreferrer" target="_blank">
            Open-Meteo.com
          </a>
        </p>
      </div>
    </Card>
  );
}
