import { createContext, useContext, useMemo, type ReactNode } from "react";
import { formatDay, formatDayTime, formatDayTimeBesideEvent, type DatePreferences } from "#schemas/date-format";

/**
 * Dates as the reader asked for them on /settings: in their time zone and date format. The server renders
 * with the same preferences as the browser, so the first paint and hydration agree. Event times are not
 * shown this way: they stay on the event's own clock (event-format.ts); a moment of an event's life (an
 * application sent, a check-in) is the reader's, with the event's clock beside it. The formatting itself is shared
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
  /** As dayTime, with the event's clock beside it when its zone is another: "1 Jun 2035, 17:00 UTC (18:00 in Africa/Lagos)". */
  dayTimeBesideEvent(iso: string | null | undefined, eventZone: string): string;
  timeZone: string;
}

export function datesFor(preferences: DatePreferences): Dates {
  return {
    day: (iso) => (iso ? formatDay(new Date(iso), preferences) : "—"),
    dayTime: (iso) => (iso ? formatDayTime(new Date(iso), preferences) : "—"),
    dayTimeBesideEvent: (iso, eventZone) => (iso ? formatDayTimeBesideEvent(new Date(iso), preferences, eventZone) : "—"),
    timeZone: preferences.timeZone,
  };
}

export function useDates(): Dates {
  const preferences = useContext(DatesContext);
  return useMemo(() => datesFor(preferences), [preferences]);
}
