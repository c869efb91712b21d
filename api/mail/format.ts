import { formatDay, formatDayTime, type DatePreferences } from "#schemas/date-format.ts";
import type { Db } from "#api/db/client.ts";
import { getSettings } from "#api/modules/settings/service.ts";

/*
 * What a template needs to speak to its reader: dates on their clock and in their format (their
 * /settings, the same rule the panel uses), and absolute links into the app at APP_URL.
 */

export type { DatePreferences };

/** A recipient without an account (or without settings) reads dates in UTC, in the default format. */
export const DEFAULT_MAIL_DATES: DatePreferences = { timeZone: "UTC", dateFormat: "medium" };

/** The date preferences a user saved on /settings (the defaults when they saved none). */
export async function readerDates(db: Db, userId: number | null | undefined): Promise<DatePreferences> {
  if (!userId) return DEFAULT_MAIL_DATES;
  const settings = await getSettings(db, userId);
  return { timeZone: settings.time_zone, dateFormat: settings.date_format };
}

export interface MailDates {
  /** "1 Dec 2026" (or the reader's format). */
  day(instant: Date | string): string;
  /** "1 Dec 2026, 18:00 GMT+1": the zone's name is always shown, a mail is read anywhere. */
  dayTime(instant: Date | string): string;
}

export function mailDates(preferences: DatePreferences): MailDates {
  const at = (instant: Date | string) => (typeof instant === "string" ? new Date(instant) : instant);
  return {
    day: (instant) => formatDay(at(instant), preferences),
    dayTime: (instant) => formatDayTime(at(instant), preferences),
  };
}

/**
 * An absolute link to a page of the app: APP_URL (with any path it has) followed by the panel's path and an
 * optional query. Only paths of the app itself: a path not starting with one "/" is a bug, and throws.
 */
export function appLink(appUrl: string, path: string, query?: Record<string, string>): string {
  if (!path.startsWith("/") || path.startsWith("//")) throw new Error(`appLink takes a path of the app, not "${path}"`);
  const search = query ? new URLSearchParams(query).toString() : "";
  return `${appUrl.replace(/\/+$/, "")}${path}${search ? `${path.includes("?") ? "&" : "?"}${search}` : ""}`;
}
