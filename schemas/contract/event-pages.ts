/** An event's public page and what crawlers read, answered to anyone, with or without an account. */
import { z } from "zod";
import { apiPart, apiRoute, fileAnswer } from "./route.ts";
import { eventPageView } from "../event-pages.ts";

export const eventPageRoutes = apiPart("Event pages", {
  showEventPage: apiRoute({
    method: "GET",
    path: "/api/v1/public/events/{slug}",
    summary: "A published or closed event as its public page shows it; a draft or an unknown event is not found",
    access: "public",
    answer: z.object({ event: eventPageView }),
    refusals: [404],
  }),
  eventCalendarFile: apiRoute({
    method: "GET",
    path: "/api/v1/public/events/{slug}/calendar.ics",
    summary: "The event as a calendar file; the join link only for a logged-in caller whose application is accepted",
    access: "public",
    answer: fileAnswer("text/calendar", "The event as an iCalendar file (RFC 5545)"),
    refusals: [404],
  }),
  eventPoster: apiRoute({
    method: "GET",
    path: "/api/v1/public/events/{slug}/preview.png",
    summary: "The event's poster (its title, host and date at 1200×630): its link preview, and its cover when it has none",
    access: "public",
    answer: fileAnswer("image/png", "The poster as a PNG image"),
    refusals: [404],
  }),
  robotsTxt: apiRoute({
    method: "GET",
    path: "/api/v1/public/robots.txt",
    summary: "What crawlers may read (the panel serves it as /robots.txt)",
    access: "public",
    answer: fileAnswer("text/plain", "robots.txt"),
  }),
  sitemap: apiRoute({
    method: "GET",
    path: "/api/v1/public/sitemap.xml",
    summary: "The events' public pages, or past 50,000 of them an index of numbered sitemap files",
    access: "public",
    answer: fileAnswer("application/xml", "A sitemap, or a sitemap index"),
  }),
  sitemapFile: apiRoute({
    method: "GET",
    path: "/api/v1/public/sitemaps/{file}",
    summary: "One numbered file of the sitemap index (events-{n}.xml)",
    access: "public",
    answer: fileAnswer("application/xml", "A sitemap"),
    refusals: [404],
  }),
});
