import { EVENT_POSTER, eventLocation, eventPosterPath, type EventPageView } from "#schemas/event-pages";
import { formatEventTime } from "#schemas/event-format";
import { instantWithOffset } from "#schemas/time";

/*
 * What a link preview (Open Graph, Twitter cards) and a search engine (schema.org Event as JSON-LD) read of
 * an event's page. Addresses are absolute, from the page's own public_url (APP_URL): previews are fetched by
 * other sites' servers.
 */

/** The app's address as the API wrote it into public_url ("https://host/base" of "https://host/base/e/slug"). */
const appBase = (event: EventPageView) => event.public_url.slice(0, event.public_url.lastIndexOf("/e/"));

/** The preview image: the event's cover, or its poster, drawn from its title, host and date. */
export const previewImageUrl = (event: EventPageView) => `${appBase(event)}${event.banner_url ?? eventPosterPath(event.slug)}`;

/**
 * The preview image's size and type, so a preview is laid out before the image arrives: both known for the
 * poster, which the app draws; an uploaded cover has the type it was stored as, and whatever size its owner
 * gave it, which the app does not keep.
 */
function previewImageSize(event: EventPageView) {
  if (event.banner_url) return event.banner_type ? [{ property: "og:image:type", content: event.banner_type }] : [];
  return [
    { property: "og:image:width", content: String(EVENT_POSTER.width) },
    { property: "og:image:height", content: String(EVENT_POSTER.height) },
    { property: "og:image:type", content: EVENT_POSTER.type },
  ];
}

/** Search engines' event status and attendance mode names for ours. */
const ATTENDANCE = {
  online: "https://schema.org/OnlineEventAttendanceMode",
  in_person: "https://schema.org/OfflineEventAttendanceMode",
  hybrid: "https://schema.org/MixedEventAttendanceMode",
} as const;

/** The venue as a search engine reads it. */
const placeOf = (event: EventPageView) => ({
  "@type": "Place",
  name: event.venue ?? eventLocation(event),
  address: {
    "@type": "PostalAddress",
    streetAddress: event.venue ?? undefined,
    addressLocality: event.venue_city ?? undefined,
    addressCountry: event.venue_country ?? undefined,
  },
});

/** Where it happens: the venue, online (the page, where accepted applicants find how to join), or both. */
function locationOf(event: EventPageView) {
  const online = { "@type": "VirtualLocation", url: event.public_url };
  if (event.nature === "online") return online;
  return event.nature === "hybrid" ? [placeOf(event), online] : placeOf(event);
}

function structuredData(event: EventPageView) {
  // Times on the event's own clock with its offset: a reader's search result shows the hour the event says.
  const onItsClock = (iso: string) => instantWithOffset(iso, event.timezone);
  const paid = event.paid_event_information;
  const host = { "@type": "Organization", name: event.host.name, url: `${appBase(event)}/startups/${event.host.username}` };
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    description: event.description,
    startDate: onItsClock(event.starts_at),
    endDate: onItsClock(event.ends_at),
    ...(event.previous_starts_at
      ? { eventStatus: "https://schema.org/EventRescheduled", previousStartDate: onItsClock(event.previous_starts_at) }
      : { eventStatus: "https://schema.org/EventScheduled" }),
    eventAttendanceMode: ATTENDANCE[event.nature],
    location: locationOf(event),
    image: [previewImageUrl(event)],
    url: event.public_url,
    organizer: host,
    // The app keeps no list of speakers: the host is who puts the event on.
    performer: host,
    offers: {
      "@type": "Offer",
      url: event.public_url,
      price: paid ? paid.price : "0",
      priceCurrency: paid ? paid.currency : "USD",
      availability: event.can_apply ? "https://schema.org/InStock" : "https://schema.org/SoldOut",
      validFrom: onItsClock(event.published_at),
      validThrough: onItsClock(event.application_deadline ?? event.ends_at),
    },
  };
}

/** The page's title, description, preview tags and structured data; a missing event's page is only titled. */
export function eventPageMeta(event: EventPageView | null) {
  if (!event) return [{ title: "Event not found · Launchpad" }, { name: "robots", content: "noindex" }];
  const summary = `${formatEventTime(event.starts_at, event.ends_at, event.timezone)} · ${eventLocation(event)} · hosted by ${event.host.name}`;
  const description = `${summary}. ${event.description}`.slice(0, 300);
  const image = previewImageUrl(event);
  const imageAlt = `${event.title}, hosted by ${event.host.name}`;
  return [
    { title: `${event.title} · Launchpad` },
    { name: "description", content: description },
    { name: "robots", content: "index, follow" },
    { tagName: "link", rel: "canonical", href: event.public_url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Launchpad" },
    { property: "og:title", content: event.title },
    { property: "og:description", content: description },
    { property: "og:url", content: event.public_url },
    { property: "og:image", content: image },
    ...previewImageSize(event),
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: event.title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
    { "script:ld+json": structuredData(event) },
  ];
}
