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

/** POST /apps/{id}/events per event, signed as the official SDKs sign it. */
export function httpBroadcaster(options: HttpPublisherOptions): Broadcaster {
  const send = options.fetch ?? fetch;
  const path = `/apps/${encodeURIComponent(options.app.appId)}/events`;
  const post = async (event: PublishedEvent) => {
    const body = JSON.stringify({ name: event.event, channels: event.channels, data: event.data, socket_id: event.socketId });
    const response = await send(`${options.baseUrl}${path}?${signedQuery(options.app, "POST", path, body)}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
    });
    if (!response.ok) throw new Error(`the realtime server answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  };
  return {
    publish: async (messages) => {
      await Promise.all(toPublishedEvents(messages, options).map(post));
    },
  };
}
