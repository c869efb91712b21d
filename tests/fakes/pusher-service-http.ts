/**
 * The fake Pusher service's HTTP API, as Pusher documents it: publish (POST /apps/{id}/events and
 * /batch_events, each event's data at most `maxEventBytes`, else 413 and a recorded refusal), channels
 * (GET /apps/{id}/channels, /channels/{name}/users) and POST /apps/{id}/users/{user_id}/terminate_connections.
 * Every request must carry Pusher's signature (auth_key, auth_timestamp, auth_version, body_md5,
 * auth_signature): an unsigned or badly signed one gets 401.
 */
import { verifyRequest } from "#api/realtime/signing.ts";
import { frameOf } from "./pusher-service-channels.ts";
import type { FakeSocketContext } from "./pusher-service-sockets.ts";

interface Answer {
  status: number;
  body: unknown;
}

const MAX_BATCH = 10;
const MAX_CHANNELS = 100;

export interface FakeHttpContext extends FakeSocketContext {
  maxEventBytes: number;
}

export function fakePusherHttp(context: FakeHttpContext) {
  const { app, channels, record } = context;

  /** Checks one event; answers the refusal, or null when it may go out. */
  function refusal(event: Record<string, unknown>, batch: boolean): Answer | null {
    const list = batch ? [event.channel] : (event.channels ?? [event.channel]);
    if (typeof event.name !== "string" || typeof event.data !== "string") return { status: 400, body: "name and data are required" };
    if (!Array.isArray(list) || list.length < 1 || list.length > MAX_CHANNELS || !list.every((name) => typeof name === "string"))
      return { status: 400, body: "channels must list 1 to 100 channel names" };
    const bytes = Buffer.byteLength(event.data);
    if (bytes > context.maxEventBytes) {
      record.refuse({ kind: "payload-too-large", channels: list as string[], event: event.name, bytes });
      return { status: 413, body: `Payload too large: event data is ${bytes} bytes, the limit is ${context.maxEventBytes}` };
    }
    return null;
  }

  function publish(event: Record<string, unknown>, batch: boolean): void {
    const list = (batch ? [event.channel] : (event.channels ?? [event.channel])) as string[];
    const socketId = typeof event.socket_id === "string" ? event.socket_id : undefined;
    record.publish({ channels: list, event: event.name as string, data: event.data as string, socketId });
    for (const channel of list) channels.broadcast(channel, frameOf(event.name as string, event.data, channel), socketId);
  }

  function route(method: string, rest: string, url: URL, body: string): Answer {
    const json = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    if (method === "POST" && rest === "/events") {
      const refused = refusal(json, false);
      if (refused) return refused;
      publish(json, false);
      return { status: 200, body: {} };
    }
    if (method === "POST" && rest === "/batch_events") {
      const batch = json.batch;
      if (!Array.isArray(batch) || batch.length < 1 || batch.length > MAX_BATCH)
        return { status: 400, body: "batch must hold 1 to 10 events" };
      for (const event of batch as Record<string, unknown>[]) {
        const refused = refusal(event, true);
        if (refused) return refused;
      }
      for (const event of batch as Record<string, unknown>[]) publish(event, true);
      return { status: 200, body: { batch: batch.map(() => ({})) } };
    }
    const terminate = /^\/users\/([^/]+)\/terminate_connections$/.exec(rest);
    if (method === "POST" && terminate) {
      const userId = decodeURIComponent(terminate[1]);
      record.terminated(userId, channels.terminate(userId));
      return { status: 200, body: {} };
    }
    if (method === "GET" && rest === "/channels") {
      const prefix = url.searchParams.get("filter_by_prefix") ?? "";
      const userCount = (url.searchParams.get("info") ?? "").split(",").includes("user_count");
      const list = channels.occupied(prefix).filter((name) => !name.startsWith("#"));
      return {
        status: 200,
        body: { channels: Object.fromEntries(list.map((name) => [name, userCount ? { user_count: channels.memberCount(name) } : {}])) },
      };
    }
    const users = /^\/channels\/([^/]+)\/users$/.exec(rest);
    if (method === "GET" && users) {
      const name = decodeURIComponent(users[1]);
      if (!name.startsWith("presence-")) return { status: 400, body: "Users are listed for presence channels only" };
      return { status: 200, body: { users: channels.members(name).map((id) => ({ id })) } };
    }
    const channel = /^\/channels\/([^/]+)$/.exec(rest);
    if (method === "GET" && channel) {
      const name = decodeURIComponent(channel[1]);
      return {
        status: 200,
        body: { occupied: channels.subscriptionCount(name) > 0, subscription_count: channels.subscriptionCount(name) },
      };
    }
    return { status: 404, body: "Not found" };
  }

  return function handle(method: string, url: URL, body: string): Answer {
    const match = /^\/apps\/([^/]+)(\/.*)$/.exec(url.pathname);
    if (!match || decodeURIComponent(match[1]) !== app.appId) return { status: 404, body: "Unknown app" };
    const problem = verifyRequest(app, method, url, body);
    if (problem) {
      record.unauthorised(`${method} ${url.pathname}: ${problem}`);
      return { status: 401, body: problem };
    }
    try {
      return route(method, match[2], url, body);
    } catch {
      return { status: 400, body: "The body must be JSON" };
    }
  };
}
