const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A panel form posted from another site: refused with 403 before React Router sees it (its own
 * check would answer 400, and only after parsing). The API has its own CSRF check (419).
 */
export function isCrossSiteSubmission(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get("Origin");
  if (request.headers.get("Sec-Fetch-Site") === "cross-site") return true;
  if (!origin) return false;
  return origin === "null" || origin !== new URL(request.url).origin;
}

export const crossSiteRefusal = () =>
  new Response("Access Forbidden", { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
