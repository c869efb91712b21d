/**
 * A loopback fake of an external Pusher Channels service (what PUSHER_HOST names: Pusher itself, soketi,
 * Laravel Reverb), one port for both of its sides: the signed HTTP API (pusher-service-http.ts) and the
 * WebSocket protocol at /app/{key} (pusher-service-sockets.ts), with Pusher's documented limits: at most
 * 100 members in a presence channel and 10 KB of data per event.
 *
 * What it did is observable for the tests: `record` keeps what was published, every refusal of a limit
 * (`refusals`), the largest presence channel seen (`maxPresenceMembersSeen`), each terminate_connections
 * with the sockets it closed, each sign-in and each unsigned or badly signed HTTP call; `events` emits
 * "published", "refusal", "terminated" and "signin" as they happen, so a test waits on them.
 */
import { EventEmitter } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer } from "ws";
import type { AppCredentials } from "#api/realtime/signing.ts";
import { FakeChannels, frameOf } from "./pusher-service-channels.ts";
import { fakePusherHttp } from "./pusher-service-http.ts";
import { FakeSocket } from "./pusher-service-sockets.ts";

/** Pusher's documented limits. */
export const PUSHER_MAX_PRESENCE_MEMBERS = 100;
export const PUSHER_MAX_EVENT_BYTES = 10 * 1024;

export type FakePusherRefusal =
  | { kind: "payload-too-large"; channels: string[]; event: string; bytes: number; at: number }
  | { kind: "presence-full"; channel: string; userId: string; members: number; at: number };

type RefusalInput = FakePusherRefusal extends infer R ? (R extends FakePusherRefusal ? Omit<R, "at"> : never) : never;

export interface FakePusherRecord {
  published: { channels: string[]; event: string; data: string; socketId?: string; at: number }[];
  refusals: FakePusherRefusal[];
  maxPresenceMembersSeen: number;
  terminations: { userId: string; sockets: number; at: number }[];
  signins: { userId: string; socketId: string; at: number }[];
  /** HTTP calls refused for their signature: "METHOD /path: why". */
  unauthorised: string[];
}

/** How the two sides write to the record (and announce it on `events`). */
export interface FakePusherRecorder {
  publish(event: Omit<FakePusherRecord["published"][number], "at">): void;
  refuse(refusal: RefusalInput): void;
  presenceMembers(count: number): void;
  terminated(userId: string, sockets: number): void;
  signin(userId: string, socketId: string): void;
  unauthorised(what: string): void;
}

export interface FakePusherService {
  app: AppCredentials;
  host: string;
  port: number;
  /** http://127.0.0.1:{port}, the base of the HTTP API. */
  url: string;
  record: FakePusherRecord;
  events: EventEmitter;
  /** Sockets signed in as the user now. */
  signedInSockets(userId: string): number;
  close(): Promise<void>;
}

export interface FakePusherOptions {
  app?: AppCredentials;
  maxPresenceMembers?: number;
  maxEventBytes?: number;
}

let counter = 0;

export async function startFakePusherService(options: FakePusherOptions = {}): Promise<FakePusherService> {
  const n = ++counter;
  const app = options.app ?? { appId: `fake-${n}`, key: `fake-key-${n}`, secret: `fake-secret-${n}` };
  const events = new EventEmitter();
  const record: FakePusherRecord = {
    published: [],
    refusals: [],
    maxPresenceMembersSeen: 0,
    terminations: [],
    signins: [],
    unauthorised: [],
  };
  const recorder: FakePusherRecorder = {
    publish: (event) => {
      const entry = { ...event, at: Date.now() };
      record.published.push(entry);
      events.emit("published", entry);
    },
    refuse: (refusal) => {
      const entry = { ...refusal, at: Date.now() } as FakePusherRefusal;
      record.refusals.push(entry);
      events.emit("refusal", entry);
    },
    presenceMembers: (count) => {
      record.maxPresenceMembersSeen = Math.max(record.maxPresenceMembersSeen, count);
    },
    terminated: (userId, sockets) => {
      const entry = { userId, sockets, at: Date.now() };
      record.terminations.push(entry);
      events.emit("terminated", entry);
    },
    signin: (userId, socketId) => {
      const entry = { userId, socketId, at: Date.now() };
      record.signins.push(entry);
      events.emit("signin", entry);
    },
    unauthorised: (what) => void record.unauthorised.push(what),
  };
  const channels = new FakeChannels();
  const context = {
    app,
    channels,
    record: recorder,
    maxPresenceMembers: options.maxPresenceMembers ?? PUSHER_MAX_PRESENCE_MEMBERS,
    maxEventBytes: options.maxEventBytes ?? PUSHER_MAX_EVENT_BYTES,
  };
  const http = fakePusherHttp(context);
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const answer = http(request.method ?? "GET", new URL(request.url ?? "/", "http://fake"), Buffer.concat(chunks).toString());
      response.writeHead(answer.status, { "Content-Type": typeof answer.body === "string" ? "text/plain" : "application/json" });
      response.end(typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body));
    });
  });
  const sockets = new WebSocketServer({ noServer: true });
  server.on("upgrade", (request, socket, head) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const key = /^\/app\/([^/]+)$/.exec(url.pathname)?.[1];
    if (key === undefined) return void socket.destroy();
    sockets.handleUpgrade(request, socket, head, (ws) => {
      // Refusals are told on the socket, with the close code saying whether to retry.
      const refuse = (code: number, message: string) => {
        ws.send(frameOf("pusher:error", { code, message }));
        ws.close(code, message);
      };
      if (decodeURIComponent(key) !== app.key) return refuse(4001, `App key ${key} does not exist`);
      const protocol = Number(url.searchParams.get("protocol"));
      if (!url.searchParams.get("protocol")) return refuse(4008, "No protocol version supplied");
      if (!(protocol >= 5 && protocol <= 7)) return refuse(4007, "Unsupported protocol version");
      new FakeSocket(ws, context);
    });
  });
  const address = await new Promise<AddressInfo>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(server.address() as AddressInfo)),
  );
  return {
    app,
    host: "127.0.0.1",
    port: address.port,
    url: `http://127.0.0.1:${address.port}`,
    record,
    events,
    signedInSockets: (userId) => channels.signedInSockets(userId),
    async close() {
      for (const ws of sockets.clients) ws.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
