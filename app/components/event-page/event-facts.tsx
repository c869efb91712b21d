import { eventLocation, googleCalendarUrl, mapsUrl, outlookCalendarUrl, placesLeftText, type EventPageView } from "#schemas/event-pages";
import { PlaceName } from "~/components/places/flag";
import { formatEventTime, formatInZone, price } from "~/lib/event-format";
import { ViewerTime } from "./viewer-time";

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 space-y-1 text-slate-800">{children}</dd>
    </div>
  );
}

type CalendarSource = Pick<
  EventPageView,
  "title" | "description" | "starts_at" | "ends_at" | "timezone" | "nature" | "venue" | "venue_city" | "public_url"
>;

/** The event's calendar file (/e/{slug}/calendar.ics) and the two web calendars most people use, filled in. */
export function AddToCalendar({ event }: { event: CalendarSource }) {
  const calendarPath = `${new URL(event.public_url).pathname}/calendar.ics`;
  const details = { ...event, location: eventLocation(event), details: `${event.description.slice(0, 500)}\n\n${event.public_url}` };
  const link = "text-brand-700 underline hover:text-brand-800";
  return (
    <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm" data-testid="add-to-calendar">
      <span className="text-slate-600">Add to calendar:</span>
      <a href={calendarPath} className={link} download>
        Calendar file (.ics)
      </a>
      <a href={googleCalendarUrl(details)} className={link} target="_blank" rel="noopener noreferrer">
        Google Calendar
      </a>
      <a href={outlookCalendarUrl(details)} className={link} target="_blank" rel="noopener noreferrer">
        Outlook
      </a>
    </p>
  );
}

/** When, where, what it costs, and how many places are left: what someone decides on. */
export function EventFacts({ event }: { event: EventPageView }) {
  const inPerson = event.nature !== "online" && event.venue;
  return (
    <dl className="space-y-4">
      <Fact label="When">
        <p>{formatEventTime(event.starts_at, event.ends_at, event.timezone)}</p>
        <ViewerTime startsAt={event.starts_at} endsAt={event.ends_at} eventZone={event.timezone} />
      </Fact>
      <Fact label="Where">
        <p>{eventLocation(event)}</p>
        {event.venue_country && event.venue_city ? (
          <p className="text-sm text-slate-600">
            <PlaceName city={event.venue_city} country={event.venue_country} />
          </p>
        ) : null}
        {inPerson ? (
          <a
            href={mapsUrl(event.venue!, event.venue_city, event.venue_country)}
            className="text-sm text-brand-700 underline hover:text-brand-800"
            target="_blank"
            rel="noopener noreferrer"
          >
            Open in maps
          </a>
        ) : null}
      </Fact>
      <Fact label="Price">
        <p className="font-semibold">{price(event.paid_event_information)}</p>
        {event.paid_event_information?.includes ? (
          <p className="text-sm text-slate-600">Includes: {event.paid_event_information.includes}</p>
        ) : null}
      </Fact>
      {event.places_left !== null ? (
        <Fact label="Places">
          <p data-testid="places-left">{placesLeftText(event.places_left)}</p>
        </Fact>
      ) : null}
      {event.application_deadline ? (
        <Fact label="Apply by">
          <p>{formatInZone(event.application_deadline, event.timezone)}</p>
        </Fact>
      ) : null}
    </dl>
  );
}
