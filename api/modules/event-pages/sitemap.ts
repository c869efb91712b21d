/**
 * What crawlers are told about the app: robots.txt (who may read what) and the sitemap of events' public
 * pages, addresses absolute from APP_URL. A sitemap file holds at most 50,000 addresses (sitemaps.org); past
 * that, /sitemap.xml is an index of numbered files of 50,000 each.
 */
import { asc, count } from "drizzle-orm";
import type { Db } from "#api/db/client.ts";
import { eventForms } from "#api/db/events-schema.ts";
import { linkedAppUrl } from "#api/lib/app-links.ts";
import { appLink } from "#api/mail/format.ts";
import { publicEventUrl } from "./links.ts";
import { publicFormsWhere } from "../event-forms/ownership.ts";
import { escapeMarkup } from "#api/lib/escape-markup.ts";

/** The most addresses one sitemap file may list. */
export const SITEMAP_URLS = 50_000;

/** The path of the sitemap file `page` (from 1) when there are several. */
export const sitemapPagePath = (page: number) => `/sitemaps/events-${page}.xml`;

/** The page number a sitemap file's name gives, or undefined for any other name. */
export function sitemapPageOf(file: string): number | undefined {
  const match = /^events-([1-9]\d{0,5})\.xml$/.exec(file);
  return match ? Number(match[1]) : undefined;
}

/**
 * Everyone may read events' public pages, and what their link previews and pages need: the drawn poster,
 * uploaded covers and avatars (public files), the built scripts and styles, the favicon and the host's
 * profile. Nothing else of the app is for crawlers. (RFC 9309: the longest matching rule wins.)
 */
export function robotsTxt(): string {
  return [
    "User-agent: *",
    "Allow: /e/",
    "Allow: /api/v1/public/events/*/preview.png$",
    "Allow: /api/v1/files/",
    "Allow: /assets/",
    "Allow: /favicon.svg",
    "Allow: /startups/",
    "Disallow: /",
    "",
    `Sitemap: ${appLink(linkedAppUrl(), "/sitemap.xml")}`,
    "",
  ].join("\n");
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** The events' pages of sitemap file `page` (from 1), oldest event first, as a `urlset`; null past the last file. */
export async function sitemapPage(db: Db, page: number, perFile = SITEMAP_URLS): Promise<string | null> {
  const rows = await db
    .select({ id: eventForms.id, title: eventForms.title, updatedAt: eventForms.updatedAt })
    .from(eventForms)
    .where(publicFormsWhere)
    .orderBy(asc(eventForms.id))
    .limit(perFile)
    .offset((page - 1) * perFile);
  if (rows.length === 0 && page > 1) return null;
  const urls = rows.map(
    (form) => `<url><loc>${escapeMarkup(publicEventUrl(form))}</loc><lastmod>${form.updatedAt.toISOString()}</lastmod></url>\n`,
  );
  return `${XML_HEAD}<urlset ${SITEMAP_NS}>\n${urls.join("")}</urlset>\n`;
}

/** /sitemap.xml: every event's page when they fit one file, else an index of the numbered files. */
export async function sitemap(db: Db, perFile = SITEMAP_URLS): Promise<string> {
  const [{ total }] = await db.select({ total: count() }).from(eventForms).where(publicFormsWhere);
  if (total <= perFile) return (await sitemapPage(db, 1, perFile))!;
  const files = Array.from(
    { length: Math.ceil(total / perFile) },
    (_, index) => `<sitemap><loc>${escapeMarkup(appLink(linkedAppUrl(), sitemapPagePath(index + 1)))}</loc></sitemap>\n`,
  );
  return `${XML_HEAD}<sitemapindex ${SITEMAP_NS}>\n${files.join("")}</sitemapindex>\n`;
}
