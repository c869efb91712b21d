import { apiContext } from "~/lib/contexts";
import type { Route } from "./+types/crawler-files";

/**
 * /robots.txt, /sitemap.xml and /sitemaps/{file}: what crawlers are told, written by the API (it knows
 * APP_URL and the published events) under /api/v1/public at the same path.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  return context.get(apiContext).download(`/api/v1/public${url.pathname}`);
}
