import { createContext } from "react-router";
import type { AiAvailability } from "#schemas/ai";

/** What server.ts hands the panel for each request. The panel reaches data only through `apiFetch`. */
export interface RequestEnv {
  /** Sends a request to the API: in-process, or to API_URL when the API runs elsewhere. */
  apiFetch(request: Request): Promise<Response>;
  /** The nonce for this response's Content-Security-Policy. */
  cspNonce: string;
  /** Secret for signing the panel's own cookies (flash messages). */
  appKey: string;
  /** Mark the panel's cookies Secure (the app is served over https). */
  secureCookies: boolean;
  /** Name of the API's session cookie, to tell an expired session from no session. */
  sessionCookieName: string;
  /**
   * Name of the API's XSRF cookie (`__Host-` prefixed under https), echoed as X-XSRF-TOKEN on writes; a
   * Laravel API's `XSRF-TOKEN` is echoed when there is none of this name (`readXsrfCookie`).
   */
  xsrfCookieName: string;
  /** Public realtime settings for the browser's Echo client; null when realtime is off. */
  realtime: RealtimePublicConfig | null;
  /**
   * The browser asked for a page itself (a GET that is not the app's `.data` request): with JavaScript off,
   * every page. Absent is read as no.
   */
  documentLoad?: boolean;
  /** Whether the AI writing helper is configured (server.ts); absent is read as not configured. */
  ai?: AiAvailability;
}

/** What a browser needs to connect to the Pusher-protocol server (never the secret). */
export interface RealtimePublicConfig {
  key: string;
  /** null: the page's own host, port and scheme (the embedded server shares the app's port). */
  host: string | null;
  port: number | null;
  scheme: "http" | "https" | null;
  /** TLS is forced only when the app is served over https and the socket is on the app's own host. */
  forceTLS: boolean;
}

export const requestEnvContext = createContext<RequestEnv>();
