import { eventLocation, type EventPageView } from "#schemas/event-pages";
import { formatEventTime } from "#schemas/event-format";

/*
 * What a link preview (Open Graph, Twitter cards) and a search engine (schema.org Event as JSON-LD) read of
 * an event's page. Addresses are absolute, from the page's own public_url (APP_URL): previews are fetched by
 * other sites' servers.
 */

/** The app's address as the API wrote it into public_url ("https://host/base" of "https://host/base/e/slug"). */
const appBase = (event: EventPageView) => event.public_url.slice(0, event.public_url.lastIndexOf("/e/"));

/** The preview image: the event's cover, or one drawn from its title, host and date. */
export const previewImageUrl = (event: EventPageView) =>
  `${appBase(event)}${event.banner_url ?? `/api/v1/public/events/${event.slug}/preview.png`}`;

/** Search engines' event status and attendance mode names for ours. */
const ATTENDANCE = {
  online: "https://schema.org/OnlineEventAttendanceMode",
  in_person: "https://schema.org/OfflineEventAttendanceMode",
  hybrid: "https://schema.org/MixedEventAttendanceMode",
} as const;

function structuredData(event: EventPageView) {
  const place =
    event.nature === "online"
      ? { "@type": "VirtualLocation", url: event.public_url }
      : {
          "@type": "Place",
          name: event.venue ?? eventLocation(event),
          address: {
            "@type": "PostalAddress",
            streetAddress: event.venue ?? undefined,
            addressLocality: event.venue_city ?? undefined,
            addressCountry: event.venue_country ?? undefined,
          },
        };
  const paid = event.paid_event_information;
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    description: event.description,
    startDate: event.starts_at,
    endDate: event.ends_at,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: ATTENDANCE[event.nature],
    location: place,
    image: [previewImageUrl(event)],
    url: event.public_url,
    organizer: { "@type": "Organization", name: event.host.name, url: `${appBase(event)}/startups/${event.host.username}` },
    offers: {
      "@type": "Offer",
      url: event.public_url,
      price: paid ? paid.price : "0",
      priceCurrency: paid ? paid.currency : "USD",
      availability: event.can_apply ? "https://schema.org/InStock" : "https://schema.org/SoldOut",
      validThrough: event.application_deadline ?? event.ends_at,
    },
  };
}

/** The page's title, description, preview tags and structured data; a missing event's page is only titled. */
export function eventPageMeta(event: EventPageView | null) {
  if (!event) return [{ title: "Event not found · Launchpad" }, { name: "robots", content: "noindex" }];
  const summary = `${formatEventTime(event.starts_at, event.ends_at, event.timezone)} · ${eventLocation(event)} · hosted by ${event.host.name}`;
  const description = `${summary}. ${event.description}`.slice(0, 300);
  const image = previewImageUrl(event);
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
    { property: "og:image:alt", content: `${event.title}, hosted by ${event.host.name}` },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: event.title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { "script:ld+json": structuredData(event) },
  ];
}
