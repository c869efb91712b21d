/**
 * Test helpers that speak the protocol frame by frame over a plain WebSocket, for the cases real clients
 * never provoke (refusals, limits, malformed and hostile frames). Real-client helpers are in realtime-clients.ts.
 */
import WebSocket from "ws";
import { channelKind } from "../realtime/protocol.ts";
import { signChannel } from "../realtime/signing.ts";
import type { AppCredentials } from "../realtime/signing.ts";

/** A Pusher-protocol server on a loopback port: ours (serveRealtime) or the fake external service. */
export interface SocketTarget {
  port: number;
  app: Pick<AppCredentials, "key" | "secret">;
}

export interface RawFrame {
  event: string;
  channel?: string;
  data?: unknown;
  user_id?: string;
}

export interface RawSocket {
  ws: WebSocket;
  /** The next frame the server sent (its data decoded from its JSON string). */
  next(): Promise<RawFrame>;
  send(frame: unknown): void;
  /** The close code. */
  closed: Promise<number>;
}

export interface EstablishedSocket extends RawSocket {
  socketId: string;
}

/** Every raw socket still open, for the test file's afterAll to terminate (a closed one is dropped, so tests measuring memory hold none). */
export const rawSockets: WebSocket[] = [];

export function openRaw(target: SocketTarget, options: { path?: string; headers?: Record<string, string> } = {}): RawSocket {
  const path = options.path ?? `/app/${target.app.key}?protocol=7&client=test`;
  const ws = new WebSocket(`ws://127.0.0.1:${target.port}${path}`, { headers: options.headers });
  rawSockets.push(ws);
  const queue: RawFrame[] = [];
  const waiting: ((frame: RawFrame) => void)[] = [];
  ws.on("message", (raw) => {
    const frame = JSON.parse(raw.toString()) as RawFrame;
    if (typeof frame.data === "string") {
      try {
        frame.data = JSON.parse(frame.data);
      } catch {
        /* a client event's data may be any string */
      }
    }
    const waiter = waiting.shift();
    if (waiter) waiter(frame);
    else queue.push(frame);
  });
  // A socket refused before it opens (or cut) must not fail the test run with an unhandled error.
  ws.on("error", () => {});
  return {
    ws,
    next: () => (queue.length ? Promise.resolve(queue.shift()!) : new Promise((resolve) => waiting.push(resolve))),
    send: (frame) => ws.send(typeof frame === "string" ? frame : JSON.stringify(frame)),
    closed: new Promise((resolve) =>
      ws.on("close", (code) => {
        const index = rawSockets.indexOf(ws);
        if (index >= 0) rawSockets.splice(index, 1);
        resolve(code);
      }),
    ),
  };
}

/** A socket past pusher:connection_established, with its socket id; throws if the server refused it. */
export async function establishedRaw(target: SocketTarget, options: Parameters<typeof openRaw>[1] = {}): Promise<EstablishedSocket> {
  const socket = openRaw(target, options);
  const hello = await socket.next();
  if (hello.event !== "pusher:connection_established") throw new Error(`refused: ${JSON.stringify(hello)}`);
  return { ...socket, socketId: (hello.data as { socket_id: string }).socket_id };
}

/** A pusher:subscribe frame signed as /broadcasting/auth would sign it (public channels need no signature). */
export function subscribeFrame(
  target: SocketTarget,
  socketId: string,
  channel: string,
  member?: { user_id: number | string; user_info?: unknown },
) {
  const kind = channelKind(channel);
  if (kind === "presence") {
    const channel_data = JSON.stringify(member ?? { user_id: 1 });
    return { event: "pusher:subscribe", data: { channel, auth: signChannel(target.app, socketId, channel, channel_data), channel_data } };
  }
  if (kind === "private") return { event: "pusher:subscribe", data: { channel, auth: signChannel(target.app, socketId, channel) } };
  return { event: "pusher:subscribe", data: { channel } };
}
