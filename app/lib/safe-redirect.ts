/**
 * Stands in for the app's origin when the caller does not name it. `.invalid` can never be a real host
 * (RFC 2606), so nothing a user types can claim to be on it by accident.
 */
const PLACEHOLDER_ORIGIN = "http://app.invalid";

/**
 * The one rule for a redirect target taken from input (redirectTo, next, …): resolve it the way a browser
 * would, with the WHATWG URL parser, against the app's origin, and keep it only when it stays on that
 * origin. Checking the raw text instead misses what browsers forgive: "/\t/evil.example" (tabs and
 * newlines are dropped, so it is "//evil.example"), "/\\evil.example" (a backslash is a slash), leading
 * spaces and control characters. The answer is the normalised path, query and fragment, which the parser
 * percent-encodes, so it is always a valid Location header value (no 500 for "\n", "%00" or "é").
 *
 * `appUrl` is the request's URL (only its origin is used); without it, absolute URLs are all refused.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/", appUrl?: string): string {
  if (typeof to !== "string" || to === "") return fallback;
  let base: URL;
  let target: URL;
  try {
    base = new URL("/", appUrl ?? PLACEHOLDER_ORIGIN);
    target = new URL(to, base);
  } catch {
    return fallback;
  }
  // Same protocol too: a "blob:" URL shares the origin of the URL inside it.
  if (target.origin !== base.origin || target.protocol !== base.protocol) return fallback;
  // "/.//evil.example" resolves to the path "//evil.example": fine inside a URL, but as a Location
  // header on its own a browser reads it as another host.
  if (target.pathname.startsWith("//")) return fallback;
  return target.pathname + target.search + target.hash;
}

/**
 * Where a page sends a user to log in and come back: `here` is the page's address, a loader's `url` argument
 * on the server (the request's own URL may be React Router's `.data` request: ADR 018) or `window.location`.
 */
export function loginUrl(here: Pick<URL, "pathname" | "search">): string {
  const back = here.pathname + here.search;
  return back === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(back)}`;
}
