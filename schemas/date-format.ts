/*
 * Dates as a reader asked for them on /settings: in their time zone and date format. One rule for the panel
 * (app/lib/dates.tsx) and for mail (api/mail/format.ts), so a date reads the same on a page and in a message.
 */
import type { DateFormat } from "./settings.ts";

/** A reader's zone and date format (their settings; UTC and "medium" without any). */
export interface DatePreferences {
  timeZone: string;
  dateFormat: DateFormat;
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

/**
 * The reader's day and time, and where the event keeps another clock, the same instant on the event's clock
 * beside it: "1 Jun 2035, 17:00 UTC (18:00 in Africa/Lagos)", with the event's day too when it is another
 * ("… (2 Jun 2035, 00:30 in Africa/Lagos)"). One rule for every moment of an event's screens (responses,
 * the door), so the reader and the event's own time never contradict each other.
 */
export function formatDayTimeBesideEvent(instant: Date, preferences: DatePreferences, eventZone: string): string {
  const readers = formatDayTime(instant, preferences);
  if (eventZone === preferences.timeZone) return readers;
  const event = { ...preferences, timeZone: eventZone };
  const day = formatDay(instant, event);
  const time = formatter("en-GB", eventZone, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(instant);
  const eventClock = day === formatDay(instant, preferences) ? time : `${day}, ${time}`;
  return `${readers} (${eventClock} in ${eventZone})`;
}
