import Echo from "laravel-echo";
import Pusher from "pusher-js";
import { realtimeRoutes } from "#schemas/contract/realtime";
import { EVENT_NAMESPACE } from "#schemas/realtime";
import type { RealtimePublicConfig } from "../request-env";
import { readXsrfCookie } from "../cookies";
import { socketAddress } from "./options";

/**
 * The one Echo client of a logged-in tab. This module (laravel-echo and pusher-js, about 25 KB compressed)
 * is imported lazily by the admin layout after hydration, so it is never part of a page's first load and
 * never loaded on /login. `.client.ts`: it has no place in the server build.
 */
export type EchoClient = Echo<"pusher">;

const { authorizeChannel, authenticateUser } = realtimeRoutes;

interface AuthParams {
  socketId: string;
  channelName: string;
}
type AuthCallback = (error: Error | null, data: { auth: string; channel_data?: string } | null) => void;
type SigninCallback = (error: Error | null, data: { auth: string; user_data: string } | null) => void;

/** A form-encoded POST to one of the broadcasting routes with the session cookie and its XSRF token; a 401 is the session ending under the open page. */
async function postSigned(path: string, fields: Record<string, string>, xsrfCookie: string, onSessionExpired: () => void) {
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Content-Type": "application/x-www-form-urlencoded",
    "X-Requested-With": "XMLHttpRequest",
  };
  const xsrf = readXsrfCookie(document.cookie, xsrfCookie);
  if (xsrf) headers["X-XSRF-TOKEN"] = xsrf;
  const response = await fetch(path, { method: "POST", credentials: "same-origin", headers, body: new URLSearchParams(fields) });
  if (response.status === 401) onSessionExpired();
  if (!response.ok) throw new Error(`Realtime authorisation refused (${response.status})`);
  return (await response.json()) as unknown;
}

/**
 * Channel authorisation through the session cookie: POST /broadcasting/auth, form-encoded as pusher-js
 * sends it, with the XSRF cookie (`xsrfCookie`: XSRF-TOKEN, or __Host-XSRF-TOKEN under https; else a Laravel
 * API's XSRF-TOKEN, see `readXsrfCookie`) echoed as X-XSRF-TOKEN (read at each call: the token changes
 * with the session).
 * A refusal (403) just leaves the channel unsubscribed, with no message to the user. A 401 is the
 * session ending under the open page: the API has already dropped the cookie, so no loader could tell
 * "expired" from "never logged in" any more; `onSessionExpired` says so here.
 */
async function authorize({ socketId, channelName }: AuthParams, callback: AuthCallback, xsrfCookie: string, onSessionExpired: () => void) {
  try {
    const answer = await postSigned(
      authorizeChannel.path,
      { socket_id: socketId, channel_name: channelName },
      xsrfCookie,
      onSessionExpired,
    );
    callback(null, authorizeChannel.answer.parse(answer));
  } catch (error) {
    callback(error instanceof Error ? error : new Error(String(error)), null);
  }
}

/**
 * The socket's sign-in (Pusher's user authentication): POST /broadcasting/user-auth as for a channel.
 * Signed in, the socket is one the realtime server can end when the user's right to listen ends
 * (terminate_connections, on an external server); pusher-js signs in again after every reconnect.
 */
async function signin({ socketId }: { socketId: string }, callback: SigninCallback, xsrfCookie: string, onSessionExpired: () => void) {
  try {
    const answer = await postSigned(authenticateUser.path, { socket_id: socketId }, xsrfCookie, onSessionExpired);
    callback(null, authenticateUser.answer.parse(answer));
  } catch (error) {
    callback(error instanceof Error ? error : new Error(String(error)), null);
  }
}

export function createEcho(config: RealtimePublicConfig, xsrfCookie: string, onSessionExpired: () => void): EchoClient {
  const echo: EchoClient = new Echo({
    broadcaster: "pusher",
    Pusher,
    key: config.key,
    // pusher-js insists on a cluster; wsHost below overrides the host it would name.
    cluster: "mt1",
    ...socketAddress(config, window.location),
    enabledTransports: ["ws", "wss"],
    disableStats: true,
    authEndpoint: authorizeChannel.path,
    channelAuthorization: {
      endpoint: authorizeChannel.path,
      transport: "ajax",
      customHandler: (params: AuthParams, callback: AuthCallback) => authorize(params, callback, xsrfCookie, onSessionExpired),
    },
    userAuthentication: {
      endpoint: authenticateUser.path,
      transport: "ajax",
      headers: {},
      customHandler: (params: { socketId: string }, callback: SigninCallback) => signin(params, callback, xsrfCookie, onSessionExpired),
    },
    namespace: EVENT_NAMESPACE,
  });
  // Signs in once connected, and again after each reconnect.
  echo.connector.pusher.signin();
  return echo;
}
