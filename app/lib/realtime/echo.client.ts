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

/**
 * A signature from one of the broadcasting routes, handed to pusher-js's callback: a form-encoded POST, as
 * pusher-js sends it, with the session cookie and the XSRF cookie (`xsrfCookie`: XSRF-TOKEN, or
 * __Host-XSRF-TOKEN under https; else a Laravel API's XSRF-TOKEN, see `readXsrfCookie`) echoed as
 * X-XSRF-TOKEN (read at each call: the token changes with the session), the answer checked by the route's
 * contract.
 * A refusal (403) just leaves the channel unsubscribed, with no message to the user. A 401 is the session
 * ending under the open page: the API has already dropped the cookie, so no loader could tell "expired" from
 * "never logged in" any more; `onSessionExpired` says so here.
 */
async function signed<Answer>(
  route: { path: string; answer: { parse(value: unknown): Answer } },
  fields: Record<string, string>,
  callback: (error: Error | null, answer: Answer | null) => void,
  xsrfCookie: string,
  onSessionExpired: () => void,
) {
  try {
    const headers: Record<string, string> = {
      Accept: "application/json",
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Requested-With": "XMLHttpRequest",
    };
    const xsrf = readXsrfCookie(document.cookie, xsrfCookie);
    if (xsrf) headers["X-XSRF-TOKEN"] = xsrf;
    const response = await fetch(route.path, { method: "POST", credentials: "same-origin", headers, body: new URLSearchParams(fields) });
    if (response.status === 401) onSessionExpired();
    if (!response.ok) throw new Error(`Realtime authorisation refused (${response.status})`);
    callback(null, route.answer.parse(await response.json()));
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
      customHandler: ({ socketId, channelName }: AuthParams, callback: AuthCallback) =>
        signed(authorizeChannel, { socket_id: socketId, channel_name: channelName }, callback, xsrfCookie, onSessionExpired),
    },
    // Signed in, the socket is one the realtime server can end when the user's right to listen ends
    // (terminate_connections, on an external server).
    userAuthentication: {
      endpoint: authenticateUser.path,
      transport: "ajax",
      headers: {},
      customHandler: ({ socketId }: { socketId: string }, callback: SigninCallback) =>
        signed(authenticateUser, { socket_id: socketId }, callback, xsrfCookie, onSessionExpired),
    },
    namespace: EVENT_NAMESPACE,
  });
  // Signs in once connected, and again after each reconnect.
  echo.connector.pusher.signin();
  return echo;
}
