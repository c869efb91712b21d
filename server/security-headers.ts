/**
 * Cache-Control for panel answers that set none: they are rendered per user (names, permissions, CSRF
 * tokens), so neither a shared cache nor the browser's back/forward store may keep a copy.
 */
export const PANEL_CACHE_CONTROL = "private, no-store";

/** The panel's Content-Security-Policy: scripts only with this response's nonce. */
export function contentSecurityPolicy(nonce: string, production: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'${production ? "" : " 'unsafe-eval'"}`,
    // Inline style attributes come from the tour's positioning and toasts; scripts stay locked down.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self' ws: wss:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** For answers that are not pages (errors, files): nothing in them may run or be framed. */
const LOCKED_DOWN_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Pages pass their CSP nonce; everything else served by the outer server gets the locked-down policy. */
export function applySecurityHeaders(headers: Headers, options: { nonce?: string; production: boolean; https: boolean }) {
  headers.set("Content-Security-Policy", options.nonce ? contentSecurityPolicy(options.nonce, options.production) : LOCKED_DOWN_POLICY);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (options.https) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}
