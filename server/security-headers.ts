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

export function applySecurityHeaders(headers: Headers, options: { nonce: string; production: boolean; https: boolean }) {
  headers.set("Content-Security-Policy", contentSecurityPolicy(options.nonce, options.production));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (options.https) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}
