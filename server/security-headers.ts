import { socketAddress } from "../app/lib/realtime/options.ts";
import { realtimePublicConfig, type ServerConfig } from "./config.ts";

/**
 * Cache-Control for panel answers that set none: they are rendered per user (names, permissions, CSRF
 * tokens), so neither a shared cache nor the browser's back/forward store may keep a copy.
 */
export const PANEL_CACHE_CONTROL = "private, no-store";

/**
 * Where the panel's pages may open a WebSocket: the realtime server Echo connects to (the same rule as
 * `realtimePublicConfig` and `socketAddress`), and nowhere else, so injected script could not carry data off over a socket.
 * The built-in server is on the page's own origin: 'self' covers it in current browsers, and APP_URL's
 * ws:/wss: origin is named too for browsers that do not count a ws: URL as 'self'. An external Pusher
 * server (PUSHER_HOST) or the API elsewhere (API_URL) is named with its scheme and port. In development,
 * Vite's hot-reload socket listens on a port of its own on the app's host.
 */
export function socketSources(config: Pick<ServerConfig, "apiUrl" | "api" | "realtime" | "production">): string[] {
  const app = new URL(config.api.appUrl);
  const development = config.production ? [] : [`ws://${app.hostname}:*`];
  const target = realtimePublicConfig(config, "");
  if (!target.host) return [`${app.protocol === "https:" ? "wss:" : "ws:"}//${app.host}`, ...development];
  // Exactly where Echo connects from a page of the app (`socketAddress`, as the browser works it out).
  const socket = socketAddress(target, { protocol: app.protocol, hostname: app.hostname, port: app.port });
  return [`${socket.forceTLS ? "wss" : "ws"}://${socket.wsHost}:${socket.wsPort}`, ...development];
}

/** The panel's Content-Security-Policy: scripts only with this response's nonce; sockets only to `sockets`. */
export function contentSecurityPolicy(nonce: string, production: boolean, sockets: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'${production ? "" : " 'unsafe-eval'"}`,
    // Inline style attributes come from the tour's positioning and toasts; scripts stay locked down.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...sockets].join(" "),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** For answers that are not pages (errors, files): nothing in them may run or be framed. */
const LOCKED_DOWN_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The one page that may use the camera: an event's door, which reads tickets' QR codes. Everywhere else the
 * camera, microphone and location stay off, whatever a script asks.
 */
const CAMERA_PAGE = /^\/event-forms\/check-in\/[^/]+(?:\.data)?$/;

export const permissionsPolicy = (path: string | undefined) =>
  `camera=(${path && CAMERA_PAGE.test(path) ? "self" : ""}), microphone=(), geolocation=()`;

/** Pages pass their CSP nonce (and their path); everything else served by the outer server gets the locked-down policy. */
export function applySecurityHeaders(
  headers: Headers,
  options: { nonce?: string; production: boolean; https: boolean; sockets?: readonly string[]; path?: string },
) {
  headers.set(
    "Content-Security-Policy",
    options.nonce ? contentSecurityPolicy(options.nonce, options.production, options.sockets) : LOCKED_DOWN_POLICY,
  );
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", permissionsPolicy(options.path));
  if (options.https) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}
