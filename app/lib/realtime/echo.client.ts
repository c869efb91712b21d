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

const { authorizeChannel } = realtimeRoutes;

interface AuthParams {
  socketId: string;
  channelName: string;
}
type AuthCallback = (error: Error | null, data: { auth: string; channel_data?: string } | null) => void;

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
    const headers: Record<string, string> = {
      Accept: "application/json",
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Requested-With": "XMLHttpRequest",
    };
    const xsrf = readXsrfCookie(document.cookie, xsrfCookie);
    if (xsrf) headers["X-XSRF-TOKEN"] = xsrf;
    const response = await fetch(authorizeChannel.path, {
      method: authorizeChannel.method,
      credentials: "same-origin",
      headers,
      body: new URLSearchParams({ socket_id: socketId, channel_name: channelName }),
    });
    if (response.status === 401) onSessionExpired();
    if (!response.ok) throw new Error(`Channel authorisation refused (${response.status})`);
    callback(null, authorizeChannel.answer.parse(await response.json()));
  } catch (error) {
    callback(error instanceof Error ? error : new Error(String(error)), null);
  }
}

export function createEcho(config: RealtimePublicConfig, xsrfCookie: string, onSessionExpired: () => void): EchoClient {
  return new Echo({
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
    namespace: EVENT_NAMESPACE,
  });
}
