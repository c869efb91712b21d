/**
 * The app's own publishers (the Broadcaster of broadcaster.ts): straight into the embedded server (and
 * through it to the other instances), or over the signed HTTP API to an external Pusher-compatible server
 * (soketi, Laravel Reverb, Pusher itself), so switching is configuration only.
 */
import type { BroadcastMessage, Broadcaster } from "./broadcaster.ts";
import { defaultOversizeHandling, withinEventLimit, type OversizeHandling } from "./event-size.ts";
import type { PublishedEvent } from "./http-api.ts";
import { recheckEvent } from "./revocation.ts";
import { signedQuery, type AppCredentials } from "./signing.ts";

/** Pusher's limit on channels per event: a message to more is sent in parts. */
const CHANNELS_PER_EVENT = 100;

/** How a publisher treats an event over Pusher's size limit (event-size.ts), and where it says so. */
export interface EventSizing {
  oversize?: OversizeHandling;
  log?: (message: string) => void;
}

/** The messages as events, one per hundred channels, each checked against the size limit (event-size.ts). */
export function toPublishedEvents(messages: readonly BroadcastMessage[], sizing: EventSizing = {}): PublishedEvent[] {
  const events: PublishedEvent[] = [];
  for (const message of messages) {
    const data = JSON.stringify(message.data);
    for (let i = 0; i < message.channels.length; i += CHANNELS_PER_EVENT) {
      const channels = message.channels.slice(i, i + CHANNELS_PER_EVENT);
      events.push({ channels, event: message.event, data, ...(message.socketId ? { socketId: message.socketId } : {}) });
    }
  }
  return withinEventLimit(events, sizing.oversize ?? defaultOversizeHandling(), sizing.log);
}

/** Publishes through a local function (the embedded server's hub). */
export const localBroadcaster = (publish: (events: PublishedEvent[]) => Promise<void>, sizing: EventSizing = {}): Broadcaster => ({
  publish: (messages) => publish(toPublishedEvents(messages, sizing)),
  recheck: (userIds) => publish([recheckEvent(userIds)]),
});

export interface HttpPublisherOptions extends EventSizing {
  app: AppCredentials;
  /** e.g. "https://ws.example.com:443", without a trailing slash. */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** terminate_connections calls in flight at once, so a role held by many users does not open hundreds of requests. */
const TERMINATIONS_AT_ONCE = 8;

/**
 * POST /apps/{id}/events per event, signed as the official SDKs sign it. A recheck is, on a server the app
 * cannot reach inside, POST /apps/{id}/users/{user_id}/terminate_connections per user: every socket signed
 * in as them closes, and the panel connects again, signs in and asks /broadcasting/auth for each channel,
 * which admits only what the user may still hear (a login that is over gets 401 there).
 */
export function httpBroadcaster(options: HttpPublisherOptions): Broadcaster {
  const send = options.fetch ?? fetch;
  const appPath = `/apps/${encodeURIComponent(options.app.appId)}`;
  const post = async (path: string, body: string) => {
    const response = await send(`${options.baseUrl}${path}?${signedQuery(options.app, "POST", path, body)}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
    });
    if (!response.ok) throw new Error(`the realtime server answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  };
  const publishEvent = (event: PublishedEvent) =>
    post(`${appPath}/events`, JSON.stringify({ name: event.event, channels: event.channels, data: event.data, socket_id: event.socketId }));
  const terminate = (userId: number) => post(`${appPath}/users/${encodeURIComponent(String(userId))}/terminate_connections`, "{}");
  return {
    publish: async (messages) => {
      await Promise.all(toPublishedEvents(messages, options).map(publishEvent));
    },
    recheck: async (userIds) => {
      const queue = [...new Set(userIds)];
      const failures: unknown[] = [];
      const worker = async () => {
        for (let userId = queue.shift(); userId !== undefined; userId = queue.shift())
          await terminate(userId).catch((error: unknown) => failures.push(error));
      };
      await Promise.all(Array.from({ length: Math.min(TERMINATIONS_AT_ONCE, queue.length) }, worker));
      if (failures.length) throw new AggregateError(failures, `ending the connections of ${failures.length} user(s) failed`);
    },
  };
}
