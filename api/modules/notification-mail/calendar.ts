import { TZDate } from "@date-fns/tz";
import ical, { ICalCalendarMethod } from "ical-generator";
import { tzlib_get_ical_block } from "timezones-ical-library";
import type { MailAttachment } from "#schemas/mail.ts";

/**
 * An event as a calendar file (RFC 5545) attached to its mail: times written on the event's own clock
 * (DTSTART;TZID=Africa/Lagos:…) with the zone's VTIMEZONE, so a calendar shows it where it happens and
 * moves it right across daylight-saving changes. One UID per event form, and a SEQUENCE the form raises when
 * its time changes, so the updated file replaces the one a calendar already holds.
 */
export interface CalendarEvent {
  formId: number;
  sequence: number;
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  location: string;
  /** The event's page in the panel. */
  url: string;
}

/** The event's UID: the same in every mail about it, on every instance of the app. */
export const calendarUid = (appUrl: string, formId: number) => `event-form-${formId}@${new URL(appUrl).hostname}`;

/** The zone's VTIMEZONE, when the library has it under exactly this name (UTC is written as UTC times instead). */
function vtimezone(zone: string): string | null {
  const block = tzlib_get_ical_block(zone)[0];
  return block && block.includes(`TZID:${zone}\r\n`) ? block : null;
}

export function eventCalendar(appUrl: string, event: CalendarEvent): MailAttachment {
  const zoned = vtimezone(event.timeZone) ? event.timeZone : null;
  const at = (instant: Date) => (zoned ? new TZDate(instant, zoned) : instant);
  // PUBLISH: the file adds the event to a calendar; there is no organiser mailbox to answer an RSVP to.
  const calendar = ical({
    prodId: { company: "Launchpad", product: "Events" },
    method: ICalCalendarMethod.PUBLISH,
    // No calendar-wide zone (DTSTAMP stays UTC); the generator adds the VTIMEZONE the event names.
    timezone: { name: null, generator: (zone) => vtimezone(zone) },
  });
  calendar.createEvent({
    id: calendarUid(appUrl, event.formId),
    sequence: event.sequence,
    start: at(event.startsAt),
    end: at(event.endsAt),
    timezone: zoned,
    summary: event.title,
    description: event.description,
    location: event.location,
    url: event.url,
  });
  // RFC 5545 3.1: every content line ends with CRLF, the last one too, which generators tend to leave off.
  const text = calendar.toString();
  const content = text.endsWith("\r\n") ? text : `${text}\r\n`;
  return { filename: "event.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH", content };
}
