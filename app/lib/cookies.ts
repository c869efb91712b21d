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
