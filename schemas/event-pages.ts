/** An event's public page: its address, and what the page shows to anyone, logged in or not. */
import type { EventNature } from "./events.ts";
import { z } from "zod";
import { timestamp } from "./contract/answers.ts";
import { eventStartup, publicEventForm } from "./event-form-views.ts";
import { parseId } from "./ids.ts";
import { counted } from "./plural.ts";

/** The longest the title's part of a slug gets: an address stays readable when shared. */
const SLUG_TITLE_LENGTH = 60;

/**
 * The slug of an event's page: its title in lower-case ASCII words, then its id ("lagos-robotics-meetup-12").
 * The id alone names the event, so a renamed event's old slug still finds it (and is sent on to the new one).
 */
export function eventSlug(id: number, title: string): string {
  const words = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, SLUG_TITLE_LENGTH)
    .replace(/^-+|-+$/g, "");
  return words ? `${words}-${id}` : String(id);
}

/** The event a slug names (its trailing id), or undefined when it names none. */
export function eventIdOfSlug(slug: string): number | undefined {
  const match = /(?:^|-)(\d{1,10})$/.exec(slug);
  return match ? parseId(match[1]) : undefined;
}

/** The page's path in the app. */
export const eventPagePath = (id: number, title: string) => `/e/${eventSlug(id, title)}`;

/**
 * The poster drawn for an event (its title, host and date): the cover its page shows when it has none
 * uploaded, and the image of its link previews then, so both look the same.
 */
export const eventPosterPath = (slug: string) => `/api/v1/public/events/${encodeURIComponent(slug)}/preview.png`;

/** The poster's size, the one link previews show (1.91:1). */
export const EVENT_POSTER = { width: 1200, height: 630, type: "image/png" } as const;

/** One accepted attendee who chose to be shown on the event's page. */
export const eventPageAttendee = z.object({ name: z.string(), avatar_url: z.string().nullable() });
export type EventPageAttendee = z.output<typeof eventPageAttendee>;

/**
 * `GET /api/v1/public/events/{slug}`: a published (or closed) event as anyone sees it, without an account:
 * the form's public fields but its questions and any join link, with what the page adds.
 */
export const eventPageView = publicEventForm.omit({ online_link: true, questions: true, custom_questions: true, startup: true }).extend({
  /** The current slug: a page reached by an older one sends the reader here. */
  slug: z.string(),
  /** Places not yet held by a submitted application; null when the event has no limit. */
  places_left: z.number().int().nullable(),
  host: eventStartup,
  /** Whether the event takes applications now, and if not, why (closed, past its deadline, full). */
  can_apply: z.boolean(),
  closed_reason: z.string().nullable(),
  /** The event is full and queues: applying now joins its waitlist. */
  joins_waitlist: z.boolean(),
  /** The uploaded cover's type (image/png, image/jpeg, …), or null without one. */
  banner_type: z.string().nullable(),
  /** Where the event started before it last moved (once published), or null if it never moved. */
  previous_starts_at: timestamp.nullable(),
  /** Since when it takes applications: when it was first published. */
  published_at: timestamp,
  /** Accepted attendees who agreed to be shown, and how many are accepted in all. */
  attendees: z.array(eventPageAttendee),
  attendees_count: z.number().int(),
});
export type EventPageView = z.output<typeof eventPageView>;

/** "12 places left", or "No places left". */
export const placesLeftText = (left: number) => (left === 0 ? "No places left" : `${counted(left, "place")} left`);

/** How many attendees' faces the page shows; the rest are a count. */
export const EVENT_PAGE_ATTENDEES = 12;

/** What a calendar link carries: the event's title, times, place and a line about it. */
export interface CalendarLinkEvent {
  title: string;
  starts_at: string;
  ends_at: string;
  timezone: string;
  location: string;
  details: string;
}

/** "20350601T170000Z": an instant as Google Calendar's `dates` takes it. */
const compactUtc = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** Google Calendar's "add event" page, filled in (the event's zone named, so it shows on its own clock). */
export function googleCalendarUrl(event: CalendarLinkEvent): string {
  const query = new URLSearchParams({
    action: "TEMPLATE",
    text: event.title,
    dates: `${compactUtc(event.starts_at)}/${compactUtc(event.ends_at)}`,
    ctz: event.timezone,
    details: event.details,
    location: event.location,
  });
  return `https://calendar.google.com/calendar/render?${query}`;
}

/** Outlook on the web's "new event" page, filled in. */
export function outlookCalendarUrl(event: CalendarLinkEvent): string {
  const query = new URLSearchParams({
    path: "/calendar/action/compose",
    rru: "addevent",
    subject: event.title,
    startdt: new Date(event.starts_at).toISOString(),
    enddt: new Date(event.ends_at).toISOString(),
    body: event.details,
    location: event.location,
  });
  return `https://outlook.live.com/calendar/0/action/compose?${query}`;
}

/** Where an event happens, in one line: the venue and city, "Online", or both. */
export function eventLocation(event: { nature: EventNature; venue: string | null; venue_city: string | null }): string {
  const place = [
    event.venue,
    event.venue_city && !event.venue?.toLowerCase().includes(event.venue_city.toLowerCase()) ? event.venue_city : null,
  ]
    .filter(Boolean)
    .join(", ");
  if (event.nature === "online") return "Online";
  return event.nature === "hybrid" ? `${place || "Venue to be announced"}, and online` : place || "Venue to be announced";
}

/** A map search for an in-person venue (OpenStreetMap: no account, no key). */
export const mapsUrl = (venue: string, city: string | null, country: string | null) =>
  `https://www.openstreetmap.org/search?${new URLSearchParams({ query: [venue, city, country].filter(Boolean).join(", ") })}`;
