const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A mail's one-click unsubscribe address (/unsubscribe/{token}, app/routes/unsubscribe). RFC 8058 has the
 * reader's mail provider POST `List-Unsubscribe=One-Click` to it, from the provider's side and without the
 * reader's cookies, so it is a request from another site by design. It is let through both checks against
 * cross-site posts: they protect actions that act with the browser's session, and this one acts only on
 * the signed token in its address, which only the mail's reader holds, and can do nothing but turn that
 * mail off.
 */
const ONE_CLICK_UNSUBSCRIBE = /^\/unsubscribe\/[^/]+$/;

export function isOneClickUnsubscribe(request: Request): boolean {
  return request.method === "POST" && ONE_CLICK_UNSUBSCRIBE.test(new URL(request.url).pathname);
}

/**
 * A panel form posted from another site: refused with 403 before React Router sees it (its own
 * check would answer 400, and only after parsing). The API has its own CSRF check (419).
 */
export function isCrossSiteSubmission(request: Request): boolean {
  if (SAFE_METHODS.has(request.method) || isOneClickUnsubscribe(request)) return false;
  const origin = request.headers.get("Origin");
  if (request.headers.get("Sec-Fetch-Site") === "cross-site") return true;
  if (!origin) return false;
  return origin === "null" || origin !== new URL(request.url).origin;
}

/**
 * The one-click unsubscribe POST as the panel receives it: without the provider's Origin, which React
 * Router's own check would refuse as another site's (see ONE_CLICK_UNSUBSCRIBE for why that is safe here).
 * Any other request is passed on as it came.
 */
export function withoutForeignOrigin(request: Request): Request {
  if (!isOneClickUnsubscribe(request) || !request.headers.has("Origin")) return request;
  const headers = new Headers(request.headers);
  headers.delete("Origin");
  return new Request(request.url, { method: request.method, headers, body: request.body, duplex: "half" } as RequestInit);
}

export const crossSiteRefusal = () =>
  new Response("Access Forbidden", { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
