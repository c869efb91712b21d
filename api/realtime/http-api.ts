/**
 * The Pusher HTTP API on the app's port: trigger events (POST /apps/{id}/events, /batch_events), ask
 * about channels (GET /apps/{id}/channels, /channels/{name}, /channels/{name}/users) and end a signed-in
 * user's connections (POST /apps/{id}/users/{user_id}/terminate_connections). Every request is
 * signed with the app secret (signing.ts); the official SDKs (the `pusher` npm package, Laravel's
 * broadcaster) speak it unchanged. Channel figures are this instance's sockets.
 */
import { PRESENCE_CHANNEL_PREFIX } from "#schemas/realtime.ts";
import type { ChannelRegistry } from "./channels.ts";
import { SOCKET_ID, channelKind, decodedOrUndefined, isChannelName, isEventName } from "./protocol.ts";
import { verifyRequest, type AppCredentials } from "./signing.ts";
import { terminateEvent } from "./signed-in-users.ts";
import type { PublishedEvent } from "./published-event.ts";

export type { PublishedEvent };

export interface HttpApiOptions {
  app: AppCredentials;
  registry: ChannelRegistry;
  publish(events: PublishedEvent[]): Promise<void>;
  /** Largest `data` of one event, in bytes. */
  maxEventBytes?: number;
}

/** Pusher's limits: 100 channels per event, 10 events per batch. */
const MAX_CHANNELS = 100;
const MAX_BATCH = 10;
export const HTTP_MAX_EVENT_BYTES = 100 * 1024;

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
const refuse = (status: number, error: string) => json({ error }, status);

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Whether the request is for the Pusher HTTP API (server/http-app.ts routes it here before the API and panel). */
export const isPusherApiPath = (path: string) => path.startsWith("/apps/");

export function createPusherHttpApi(options: HttpApiOptions) {
  const { app, registry, publish } = options;
  const maxEventBytes = options.maxEventBytes ?? HTTP_MAX_EVENT_BYTES;

  /** One event of a request body, checked as Pusher checks it. */
  function readEvent(value: unknown, batch: boolean): PublishedEvent {
    if (!value || typeof value !== "object") throw new Refusal(400, "Each event must be an object");
    const { name, data, channels, channel, socket_id } = value as Record<string, unknown>;
    if (!isEventName(name)) throw new Refusal(400, "name must be a string of 1 to 200 characters");
    if (typeof data !== "string") throw new Refusal(400, "data must be a string (JSON-encoded)");
    if (Buffer.byteLength(data) > maxEventBytes) throw new Refusal(413, `data must be at most ${Math.round(maxEventBytes / 1024)} KB`);
    const list = batch ? [channel] : (channels ?? (channel === undefined ? undefined : [channel]));
    if (!Array.isArray(list) || list.length < 1 || list.length > MAX_CHANNELS || !list.every(isChannelName)) {
      throw new Refusal(400, `channels must list 1 to ${MAX_CHANNELS} valid channel names`);
    }
    if (socket_id !== undefined && (typeof socket_id !== "string" || !SOCKET_ID.test(socket_id)))
      throw new Refusal(400, "socket_id is not a socket id");
    return { channels: list, event: name, data, socketId: socket_id };
  }

  function parseBody(body: string): Record<string, unknown> {
    try {
      const value: unknown = JSON.parse(body);
      if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      /* refused below */
    }
    throw new Refusal(400, "The body must be a JSON object");
  }

  function channelInfo(name: string, info: Set<string>) {
    const subscriptions = registry.subscriptionCount(name);
    return {
      occupied: subscriptions > 0,
      ...(info.has("user_count") && channelKind(name) === "presence" ? { user_count: registry.userCount(name) } : {}),
      ...(info.has("subscription_count") ? { subscription_count: subscriptions } : {}),
    };
  }

  async function route(request: Request, url: URL, rest: string, body: string): Promise<Response> {
    const info = new Set((url.searchParams.get("info") ?? "").split(",").filter(Boolean));
    if (rest === "/events" || rest === "/batch_events") {
      if (request.method !== "POST") return refuse(405, "Method Not Allowed");
      const parsed = parseBody(body);
      let events: PublishedEvent[];
      if (rest === "/events") events = [readEvent(parsed, false)];
      else {
        if (!Array.isArray(parsed.batch) || parsed.batch.length < 1 || parsed.batch.length > MAX_BATCH)
          throw new Refusal(400, `batch must hold 1 to ${MAX_BATCH} events`);
        events = parsed.batch.map((event) => readEvent(event, true));
      }
      await publish(events);
      return json({});
    }
    const terminate = /^\/users\/([^/]+)\/terminate_connections$/.exec(rest);
    if (terminate) {
      if (request.method !== "POST") return refuse(405, "Method Not Allowed");
      const userId = decodedOrUndefined(terminate[1]);
      if (!userId || userId.length > 200) throw new Refusal(400, "Invalid user id");
      // Through every process and instance, as events go: wherever the user's sockets are, they close.
      await publish([terminateEvent(userId)]);
      return json({});
    }
    if (request.method !== "GET") return refuse(405, "Method Not Allowed");
    if (rest === "/channels") {
      const prefix = url.searchParams.get("filter_by_prefix") ?? "";
      if (info.has("user_count") && !prefix.startsWith(PRESENCE_CHANNEL_PREFIX))
        throw new Refusal(400, `info=user_count needs filter_by_prefix=${PRESENCE_CHANNEL_PREFIX}`);
      const channels = Object.fromEntries(
        registry.occupied(prefix).map((name) => [name, info.has("user_count") ? { user_count: registry.userCount(name) } : {}]),
      );
      return json({ channels });
    }
    const channelPath = /^\/channels\/([^/]+)(\/users)?$/.exec(rest);
    if (!channelPath) return refuse(404, "Not Found");
    const name = decodedOrUndefined(channelPath[1]);
    if (name === undefined || !isChannelName(name)) throw new Refusal(400, "Invalid channel name");
    if (channelPath[2]) {
      if (channelKind(name) !== "presence") throw new Refusal(400, "Users are listed for presence channels only");
      return json({ users: registry.presenceUsers(name).map((id) => ({ id })) });
    }
    if (info.has("user_count") && channelKind(name) !== "presence") throw new Refusal(400, "info=user_count is for presence channels only");
    return json(channelInfo(name, info));
  }

  return async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const match = /^\/apps\/([^/]+)(\/.*)$/.exec(url.pathname);
    if (!match) return refuse(404, "Not Found");
    if (decodedOrUndefined(match[1]) !== app.appId) return refuse(404, `No application with id ${match[1]}`);
    const body = request.method === "GET" || request.method === "HEAD" ? "" : await request.text();
    const problem = verifyRequest(app, request.method, url, body);
    if (problem) return refuse(401, problem);
    try {
      return await route(request, url, match[2], body);
    } catch (error) {
      if (error instanceof Refusal) return refuse(error.status, error.message);
      throw error;
    }
  };
}
