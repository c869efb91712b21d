/**
 * An event's public page as a reader without cookies gets it, kept for a few seconds (PUBLIC_PAGE_CACHE_MS,
 * the same time as the page's API answer) and forgotten at any write, with the API's own answer caches
 * (docs/decisions/043). Such a reader gets the same page as every other: no session, no theme, nothing
 * from the request's headers. The one difference between two answers is the CSP nonce, so the page is
 * kept with the nonce it was drawn with, and each reader gets it with their own.
 *
 * Only a 200 without Set-Cookie is kept; a query string, a cookie, a data request (`.data`) or a file of
 * the event (`calendar.ics`) is drawn as usual.
 */
import type { AnswerCache } from "#api/lib/answer-caches.ts";
import { CardCache } from "#api/modules/dashboard/card-cache.ts";

/** What is kept of a page: its markup as drawn with `nonce`, and what went with it. */
interface KeptPage {
  status: number;
  headers: [string, string][];
  body: string;
  nonce: string;
}

const PUBLIC_PAGE = /^\/e\/[^/.]+$/;

/** The public page a request asks for, when its answer may be shared; null when it must be drawn for it. */
export function sharedPageKey(request: Request): string | null {
  if (request.method !== "GET" || request.headers.has("cookie")) return null;
  const url = new URL(request.url);
  return url.search === "" && PUBLIC_PAGE.test(url.pathname) ? url.pathname : null;
}

/**
 * How a browser or a shared cache may keep a public page drawn for a reader without cookies: a minute, then
 * asked again, so a reader's back button shows it at once and a change shows within the minute. Anything
 * else of the panel stays `private, no-store` (security-headers.ts), a member's view of the same page included.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=60, must-revalidate";

/**
 * The Cache-Control of a panel answer to `request`: public for a shareable page (the rule above, a 200 that
 * sets no cookie), else `fallback`. An event's page says it differs by Cookie, so no cache hands a reader
 * without cookies' copy to a member, or a member's to anyone.
 */
export function pageCacheHeaders(request: Request, response: Response, fallback: string): Headers {
  const headers = new Headers(response.headers);
  const shared = sharedPageKey(request) !== null;
  const shareable = shared && response.status === 200 && !response.headers.has("set-cookie");
  if (shareable) headers.set("Cache-Control", PUBLIC_PAGE_CACHE_CONTROL);
  else if (shared || !headers.has("Cache-Control")) headers.set("Cache-Control", fallback);
  if (PUBLIC_PAGE.test(new URL(request.url).pathname)) headers.append("Vary", "Cookie");
  return headers;
}

export class PublicPageCache implements AnswerCache {
  private readonly pages: CardCache;

  constructor(ttlMs: number, maxPages = 1_000, now: () => number = Date.now) {
    this.pages = new CardCache(ttlMs, maxPages, now);
  }

  /**
   * The page for `request`, drawn by `draw` with `nonce` or kept from another reader's and handed over with
   * `nonce` in place of theirs.
   */
  async serve(request: Request, nonce: string, draw: () => Promise<Response>): Promise<Response> {
    const key = sharedPageKey(request);
    if (key === null) return draw();
    let mine: KeptPage | undefined;
    const page = await this.pages.through(key, async () => (mine = await keep(await draw(), nonce)), isShareable);
    // What may not be kept (a 404, a cookie set) is not handed to another reader either: they draw their own.
    if (page !== mine && !isShareable(page)) return draw();
    return new Response(page.nonce === nonce ? page.body : page.body.replaceAll(page.nonce, nonce), {
      status: page.status,
      headers: page.headers,
    });
  }

  invalidate() {
    this.pages.invalidate();
  }

  get size() {
    return this.pages.size;
  }
}

async function keep(response: Response, nonce: string): Promise<KeptPage> {
  return { status: response.status, headers: [...response.headers], body: await response.text(), nonce };
}

const isShareable = (page: KeptPage) => page.status === 200 && !page.headers.some(([name]) => name.toLowerCase() === "set-cookie");
