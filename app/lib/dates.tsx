import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { DateFormat } from "#schemas/settings";

/**
 * Dates as the reader asked for them on /settings: in their time zone and date format. The server renders
 * with the same preferences as the browser, so the first paint and hydration agree. Event times are not
 * shown this way: they stay on the event's own clock (event-format.ts).
 */
export interface DatePreferences {
  timeZone: string;
  dateFormat: DateFormat;
}

export const DEFAULT_DATE_PREFERENCES: DatePreferences = {
  timeZone: "UTC",
  dateFormat: "medium",
};

const DatesContext = createContext<DatePreferences>(DEFAULT_DATE_PREFERENCES);

export function DatesProvider({ value, children }: { value: DatePreferences; children: ReactNode }) {
  return <DatesContext.Provider value={value}>{children}</DatesContext.Provider>;
}

/** Making an Intl.DateTimeFormat costs far more than using one: one per zone and kind, made on first use. */
const made = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = made.get(key);
  if (!format) made.set(key, (format = new Intl.DateTimeFormat(locale, { ...options, timeZone })));
  return format;
}

const NUMERIC: Intl.DateTimeFormatOptions = {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
};

/** The calendar day of an instant in the reader's zone, in their format. */
export function formatDay(instant: Date, { timeZone, dateFormat }: DatePreferences): string {
  switch (dateFormat) {
    case "iso": {
      const parts = formatter("en-GB", timeZone, NUMERIC).formatToParts(instant);
      const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
      return `${part("year")}-${part("month")}-${part("day")}`;
    }
    case "day-month":
      return formatter("en-GB", timeZone, NUMERIC).format(instant);
    case "month-day":
      return formatter("en-US", timeZone, NUMERIC).format(instant);
    default:
      return formatter("en-GB", timeZone, {
        day: "numeric",
        month: "short",
        year: "numeric",
      }).format(instant);
  }
}

/** The day and 24-hour time, with the zone's short name so a reader never mistakes whose clock it is. */
export function formatDayTime(instant: Date, preferences: DatePreferences): string {
  const time = formatter("en-GB", preferences.timeZone, {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  }).format(instant);
  return `${formatDay(instant, preferences)}, ${time}`;
}

export interface Dates {
  /** "1 Dec 2026" (or the chosen format); "—" for no date. */
  day(iso: string | null | undefined): string;
  /** "1 Dec 2026, 18:00 GMT+1"; "—" for no date. */
  dayTime(iso: string | null | undefined): string;
  timeZone: string;
}

export function datesFor(preferences: DatePreferences): Dates {
  return {
    day: (iso) => (iso ? formatDay(new Date(iso), preferences) : "—"),
    dayTime: (iso) => (iso ? formatDayTime(new Date(iso), preferences) : "—"),
    timeZone: preferences.timeZone,
  };
}

export function useDates(): Dates {
  const preferences = useContext(DatesContext);
  return useMemo(() => datesFor(preferences), [preferences]);
}
