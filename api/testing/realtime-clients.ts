/**
 * Test helpers around the real clients: pusher-js (its Node build) pointed at a test server, and the
 * waits a test needs (connected, subscribed, the next event) as promises instead of sleeps.
 */
import Pusher from "pusher";
import PusherJs, { type Channel, type Options } from "pusher-js";
import type { RealtimeTestServer } from "./realtime-server.ts";

export type { Channel };
/** A presence channel as pusher-js keeps it: with its members. */
export type PresenceChannel = Channel & { members: { each(callback: (member: { id: string }) => void): void } };
export type ClientAuth = { bearer: string } | { cookies: Map<string, string> };
/** Where a client connects: a test server, or any running server (a cluster's port). */
export type Site = Pick<RealtimeTestServer, "baseUrl" | "port"> & { app: { key: string } };

/**
 * A request to one of the broadcasting routes as a browser's pusher-js makes it: POST, form-encoded, to
 * /broadcasting/auth (channel authorization) or /broadcasting/user-auth (the socket's sign-in).
 */
interface BroadcastingAuthOptions<Params, Answer> {
  endpoint: string;
  transport: "ajax";
  headers: Record<string, string>;
  customHandler?: (params: Params, callback: (error: Error | null, data: Answer | null) => void) => void;
}

function broadcastingAuth<Params extends object, Answer>(
  endpoint: string,
  auth: ClientAuth | undefined,
  fields: (params: Params) => Record<string, string>,
): BroadcastingAuthOptions<Params, Answer> {
  if (!auth) return { endpoint, transport: "ajax", headers: {} };
  if ("bearer" in auth) return { endpoint, transport: "ajax", headers: { Authorization: `Bearer ${auth.bearer}` } };
  // pusher-js's Node XHR may not send a Cookie header, which a browser adds by itself: send the same
  // request (form-encoded, cookie, X-XSRF-TOKEN as Echo's axios does) with fetch.
  return {
    endpoint,
    transport: "ajax",
    headers: {},
    customHandler: (params, callback) => {
      const xsrf = auth.cookies.get("XSRF-TOKEN");
      fetch(endpoint, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Accept: "application/json",
          Cookie: [...auth.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
          ...(xsrf ? { "X-XSRF-TOKEN": decodeURIComponent(xsrf) } : {}),
        },
        body: new URLSearchParams(fields(params)),
      }).then(
        async (response) => {
          if (!response.ok) callback(Object.assign(new Error(`auth ${response.status}`), { status: response.status }), null);
          else callback(null, (await response.json()) as Answer);
        },
        (error: Error) => callback(error, null),
      );
    },
  };
}

/** Channel authorization as a browser's pusher-js does it: POST socket_id and channel_name, form-encoded. */
const authorization = (server: Site, auth?: ClientAuth) =>
  broadcastingAuth<{ socketId: string; channelName: string }, { auth: string; channel_data?: string }>(
    `${server.baseUrl}/broadcasting/auth`,
    auth,
    ({ socketId, channelName }) => ({
      socket_id: socketId,
      channel_name: channelName,
    }),
  );

/** The socket's sign-in as the panel's pusher-js does it: POST socket_id, form-encoded. */
const userAuthentication = (server: Site, auth?: ClientAuth) =>
  broadcastingAuth<{ socketId: string }, { auth: string; user_data: string }>(
    `${server.baseUrl}/broadcasting/user-auth`,
    auth,
    ({ socketId }) => ({ socket_id: socketId }),
  );

/** pusher-js options for the test server, as the panel builds them (ws only, no TLS). */
export function clientOptions(server: Site, auth?: ClientAuth) {
  return {
    cluster: "test",
    wsHost: "127.0.0.1",
    wsPort: server.port,
    forceTLS: false,
    enabledTransports: ["ws"],
    disableStats: true,
    channelAuthorization: authorization(server, auth),
    userAuthentication: userAuthentication(server, auth),
  } satisfies Options;
}

export function pusherClient(server: Site, auth?: ClientAuth, key = server.app.key): PusherJs {
  return new PusherJs(key, clientOptions(server, auth));
}

export function connected(client: PusherJs): Promise<string> {
  return new Promise((resolve, reject) => {
    if (client.connection.state === "connected") return resolve(client.connection.socket_id);
    client.connection.bind("connected", () => resolve(client.connection.socket_id));
    client.connection.bind("failed", () => reject(new Error("connection failed")));
  });
}

/**
 * Signs the client in (as the panel does after connecting: pusher-js signs in again after each reconnect)
 * and resolves with the user_data the server accepted, or null when the sign-in failed.
 */
export async function signedIn(client: PusherJs): Promise<{ id: string } | null> {
  client.signin();
  await client.user.signinDonePromise;
  return client.user.user_data as { id: string } | null;
}

/** Resolves with the subscription's data, rejects with pusher-js's subscription_error (its status). */
export function subscribed<T = unknown>(channel: Channel): Promise<T> {
  return new Promise((resolve, reject) => {
    channel.bind("pusher:subscription_succeeded", (data: T) => resolve(data));
    channel.bind("pusher:subscription_error", (error: unknown) => reject(error));
  });
}

/** The ids of the members a presence channel's client sees, sorted. */
export function memberIds(channel: PresenceChannel): string[] {
  const ids: string[] = [];
  channel.members.each((member) => ids.push(member.id));
  return ids.sort();
}

export function nextEvent<T = unknown>(channel: Channel, event: string): Promise<T> {
  return new Promise((resolve) => {
    const handler = (data: T) => {
      channel.unbind(event, handler);
      resolve(data);
    };
    channel.bind(event, handler);
  });
}

/** The next pusher:error the server sends on this connection. */
export function nextError(client: PusherJs): Promise<{ code: number | null; message: string }> {
  return new Promise((resolve) => {
    type PusherError = { type: string; data?: { code: number | null; message: string }; error?: PusherError };
    const handler = (event: PusherError) => {
      // During the handshake pusher-js wraps the server's error in a WebSocketError.
      const error = event.type === "WebSocketError" && event.error ? event.error : event;
      if (error.type !== "PusherError" || !error.data) return;
      client.connection.unbind("error", handler);
      resolve(error.data);
    };
    client.connection.bind("error", handler);
  });
}

/** The server SDK (what a back end publishes and asks with) pointed at a test server or the fake hosted service. */
export function serverSdk(target: { app: { appId: string; key: string; secret: string }; port: number | string; host?: string }): Pusher {
  const { appId, key, secret } = target.app;
  return new Pusher({ appId, key, secret, host: target.host ?? "127.0.0.1", port: String(target.port), useTLS: false });
}
