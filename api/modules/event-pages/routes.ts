/**
 * An event's public page, answered to anyone (no account, no session needed):
 *   GET /api/v1/public/events/{slug}                the event (EventPageView); 404 "Event Form not found" for drafts and unknown slugs
 *   GET /api/v1/public/events/{slug}/calendar.ics   the event as a calendar file (RFC 5545); the join link only for
 *                                                   a logged-in caller whose application is accepted
 *   GET /api/v1/public/events/{slug}/preview.png    the poster of an event without a cover, its link preview and its
 *                                                   page's cover: its title, host and date drawn at 1200×630
 *   GET /api/v1/public/robots.txt                   what crawlers may read (the panel serves it as /robots.txt)
 *   GET /api/v1/public/sitemap.xml                  events' public pages, or an index of numbered files past 50,000
 *   GET /api/v1/public/sitemaps/events-{n}.xml      numbered file n of that index (/sitemap.xml, /sitemaps/… in the panel)
 */
import { Hono } from "hono";
import { eventPageRoutes as API } from "#schemas/contract/event-pages.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { linkedAppUrl } from "#api/lib/app-links.ts";
import { applicationOf } from "../applications/queries.ts";
import { calendarOf } from "../notification-mail/event-mail.ts";
import { publicEventUrl } from "./links.ts";
import { formatEventTime } from "#schemas/event-format.ts";
import { eventPosterPng } from "./poster.ts";
import type { CardCache } from "../dashboard/card-cache.ts";
import { eventIdOf, eventPage, publicEvent } from "./service.ts";
import { robotsTxt, sitemap, sitemapPage, sitemapPageOf } from "./sitemap.ts";
import { notFound } from "#api/lib/errors.ts";

const SITEMAP_NOT_FOUND = "Sitemap not found";

/** Link previews are fetched by other sites' servers, often again and again: a shared cache may keep one a while. */
const PREVIEW_CACHE = "public, max-age=600";
/** Crawlers come back for these now and then: an hour old is fresh enough. */
const CRAWLER_FILE_CACHE = "public, max-age=3600";
const XML = "application/xml; charset=utf-8";

/**
 * With `cache` (ApiConfig.publicPageCacheMs > 0) a page's answer is reused for everyone, by the event's id,
 * until a write or its time is up: it is the same for every reader (docs/decisions/034).
 */
export function createEventPageRoutes(cache?: CardCache) {
  const routes = new Hono<AppEnv>();

  serve(routes, API.showEventPage, async (c, { params: { slug } }) => {
    const read = () => eventPage(c.get("db"), slug);
    return { event: await (cache ? cache.through(`event-page:${eventIdOf(slug)}`, read) : read()) };
  });

  serve(routes, API.eventCalendarFile, async (c, { params }) => {
    const { form } = await publicEvent(c.get("db"), params.slug);
    const user = c.get("user");
    const status = user ? ((await applicationOf(c.get("db"), form.id, user.id))?.status ?? null) : null;
    const file = calendarOf(linkedAppUrl(), form, status, publicEventUrl(form));
    return c.body(file.content, 200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="event-${form.id}.ics"`,
    });
  });

  serve(routes, API.eventPoster, async (c, { params }) => {
    const { form, startup } = await publicEvent(c.get("db"), params.slug);
    const png = eventPosterPng({
      title: form.title,
      lines: [`Hosted by ${startup.name}`, formatEventTime(form.startsAt, form.endsAt, form.timezone)],
    });
    return c.body(png, 200, { "Content-Type": "image/png", "Cache-Control": PREVIEW_CACHE });
  });

  serve(routes, API.robotsTxt, async (c) =>
    c.body(robotsTxt(), 200, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CRAWLER_FILE_CACHE }),
  );

  serve(routes, API.sitemap, async (c) =>
    c.body(await sitemap(c.get("db")), 200, { "Content-Type": XML, "Cache-Control": CRAWLER_FILE_CACHE }),
  );

  serve(routes, API.sitemapFile, async (c, { params }) => {
    const page = sitemapPageOf(params.file);
    const file = page === undefined ? null : await sitemapPage(c.get("db"), page);
    if (file === null) throw notFound(SITEMAP_NOT_FOUND);
    return c.body(file, 200, { "Content-Type": XML, "Cache-Control": CRAWLER_FILE_CACHE });
  });

  return routes;
}
