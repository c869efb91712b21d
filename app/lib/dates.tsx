import { createContext, useContext, useMemo, type ReactNode } from "react";
import { formatDay, formatDayTime, type DatePreferences } from "#schemas/date-format";

/**
 * Dates as the reader asked for them on /settings: in their time zone and date format. The server renders
 * with the same preferences as the browser, so the first paint and hydration agree. Event times are not
 * shown this way: they stay on the event's own clock (event-format.ts). The formatting itself is shared
 * with mail (schemas/date-format.ts).
 */
export type { DatePreferences };
export { formatDay, formatDayTime };

export const DEFAULT_DATE_PREFERENCES: DatePreferences = {
  timeZone: "UTC",
  dateFormat: "medium",
};

const DatesContext = createContext<DatePreferences>(DEFAULT_DATE_PREFERENCES);

export function DatesProvider({ value, children }: { value: DatePreferences; children: ReactNode }) {
  return <DatesContext.Provider value={value}>{children}</DatesContext.Provider>;
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
