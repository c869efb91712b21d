/**
 * Reads one cookie from a Cookie header or `document.cookie` (the browser reads the readable ones: the
 * XSRF token the SPA echoes as a header, the flash toast it removes once shown).
 */
export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq <= 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value; // not valid percent-encoding: compared as it is
    }
  }
  return null;
}

/** The name Laravel (and this API over plain http) gives the script-readable XSRF cookie. */
const PLAIN_XSRF_COOKIE = "XSRF-TOKEN";

/**
 * The XSRF token to echo as X-XSRF-TOKEN: the cookie of the configured name (`__Host-XSRF-TOKEN` under
 * https), else `XSRF-TOKEN`, which a Laravel API at API_URL sets whatever the app's scheme. Echoing a
 * cookie grants nothing by itself: the API checks the token.
 */
export function readXsrfCookie(cookieHeader: string, name: string): string | null {
  return readCookie(cookieHeader, name) ?? readCookie(cookieHeader, PLAIN_XSRF_COOKIE);
}
