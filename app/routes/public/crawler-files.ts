import { API } from "#schemas/contract/index";
import { apiContext } from "~/lib/contexts";
import type { Route } from "./+types/crawler-files";

/**
 * /robots.txt, /sitemap.xml and /sitemaps/{file}: what crawlers are told, written by the API (it knows
 * APP_URL and the published events) by the API at the same path under its public part (`robotsTxt`, `sitemap`).
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  // One module serves the three addresses: which one was asked for is in the path.
  if (url.pathname === "/robots.txt") return api.file(API.robotsTxt, {});
  if (url.pathname === "/sitemap.xml") return api.file(API.sitemap, {});
  return api.file(API.sitemapFile, { params: { file: url.pathname.slice("/sitemaps/".length) } });
}
