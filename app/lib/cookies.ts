/**
 * The panel's one reading of a Cookie header or `document.cookie`: its name=value pairs in order, values
 * as they were sent (still percent-encoded, so the API client can pass them on untouched).
 */
export function cookiePairs(cookieHeader: string | null): [name: string, value: string][] {
  const pairs: [string, string][] = [];
  for (const part of cookieHeader?.split(";") ?? []) {
    const eq = part.indexOf("=");
    if (eq > 0) pairs.push([part.slice(0, eq).trim(), part.slice(eq + 1).trim()]);
  }
  return pairs;
}

/**
 * Reads one cookie, decoded (the first of that name), from a Cookie header or `document.cookie`: the
 * browser reads the readable ones, the XSRF token the SPA echoes as a header and the flash toast it
 * removes once shown; the server reads the session and viewport cookies.
 */
export function readCookie(cookieHeader: string | null, name: string): string | null {
  const value = cookiePairs(cookieHeader).find(([candidate]) => candidate === name)?.[1];
  if (value === undefined) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return value; // not valid percent-encoding: compared as it is
  }
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
