import { eventLocation, placesLeftText } from "#schemas/event-pages";
import type { PublicEventForm } from "#schemas/event-form-views";
import { Card } from "~/components/ui/layout";
import { formatEventTime } from "~/lib/event-format";

/**
 * What a payer is paying for, beside the order: the event, when and where, who hosts it, what the price
 * includes and how many places are left. Nobody should pay for something they cannot see.
 */
export function EventSummary({ event, placesLeft }: { event: PublicEventForm; placesLeft: number | null }) {
  return (
    <Card flush className="overflow-hidden" data-testid="event-summary">
      {event.banner_url ? (
        <img src={event.banner_url} alt="" width={1200} height={600} className="aspect-[2/1] w-full object-cover" />
      ) : null}
      <div className="space-y-2 p-5 text-sm text-slate-700">
        <h2 className="text-base font-semibold text-slate-900">{event.title}</h2>
        <p>{formatEventTime(event.starts_at, event.ends_at, event.timezone)}</p>
        <p>{eventLocation(event)}</p>
        <p>Hosted by {event.startup.name}</p>
        {event.paid_event_information?.includes ? <p>Includes: {event.paid_event_information.includes}</p> : null}
        {placesLeft !== null ? <p>{placesLeftText(placesLeft)}</p> : null}
        {event.status === "draft" ? null : (
          <a href={event.public_url} className="inline-block text-brand-700 underline">
            About this event
          </a>
        )}
      </div>
    </Card>
  );
}
