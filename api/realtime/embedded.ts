/**
 * The embedded realtime server as server.ts mounts it: the socket server, the Pusher HTTP API, the app's
 * publisher, and with DATABASE_URL the PostgreSQL fan-out that joins the instances sharing the database.
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { Db } from "../db/client.ts";
import type { Broadcaster } from "./broadcaster.ts";
import type { OccupancyChange } from "./channels.ts";
import { createPusherHttpApi, type PublishedEvent } from "./http-api.ts";
import { PostgresFanout } from "./postgres-fanout.ts";
import { localBroadcaster } from "./publisher.ts";
import { SubscriptionGrants, recheckedUsers, type GrantCheck } from "./revocation.ts";
import { terminatedUser } from "./signed-in-users.ts";
import type { AppCredentials } from "./signing.ts";
import { SocketServer, type SocketServerOptions } from "./socket-server.ts";

/** How events published here reach the sockets of the other instances or processes. */
export interface Fanout {
  publish(events: PublishedEvent[]): Promise<void>;
  /**
   * Tells the other processes or instances what this one's sockets did to its channels, so that presence
   * lists and channel figures are those of every socket of the app.
   */
  reportOccupancy?(changes: OccupancyChange[]): void;
  close(): Promise<void>;
}

/** What the other processes of this server send here: their events, and their sockets' channel changes. */
export interface FanoutReceiver {
  deliver(events: PublishedEvent[]): void;
  applyOccupancy(changes: OccupancyChange[]): void;
}

export interface EmbeddedRealtimeOptions extends Omit<SocketServerOptions, "app" | "log"> {
  app: AppCredentials;
  db: Db;
  /** Set when the database is a PostgreSQL server other instances may share: events fan out through it. */
  databaseUrl?: string;
  /** With databaseUrl: how often each instance repeats its whole presence state (the tests shorten it). */
  presenceHeartbeatMs?: number;
  /** Other processes of this instance (cluster workers on the embedded database): events fan out to them. */
  processFanout?: (receiver: FanoutReceiver) => Fanout;
  /** Checks a login's subscriptions against the database: with it, subscriptions end when their login or rule does (revocation.ts). */
  grantCheck?: GrantCheck;
  log?: (message: string, error?: unknown) => void;
}

export interface EmbeddedRealtime {
  server: SocketServer;
  /** The app's publisher. */
  broadcaster: Broadcaster;
  /** The Pusher HTTP API, for requests under /apps/. */
  httpApi(request: Request): Promise<Response>;
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Publishes to every instance's sockets. */
  publish(events: PublishedEvent[]): Promise<void>;
  close(): Promise<void>;
}

export async function startEmbeddedRealtime(options: EmbeddedRealtimeOptions): Promise<EmbeddedRealtime> {
  const { app, db, databaseUrl, processFanout, presenceHeartbeatMs, grantCheck, log = console.error, ...limits } = options;
  const server = new SocketServer({ ...limits, app, log });
  const grants = grantCheck ? new SubscriptionGrants(grantCheck, log) : undefined;
  server.grants = grants;
  // A recheck and a terminate travel like events, so they reach every process and instance an event would.
  const deliver = (events: PublishedEvent[]) =>
    events.forEach((event) => {
      const rechecked = recheckedUsers(event);
      const terminated = rechecked ? null : terminatedUser(event);
      if (rechecked) grants?.recheck(rechecked);
      else if (terminated !== null) server.signedIn.terminate(terminated);
      else server.deliver(event);
    });
  const applyOccupancy = (changes: OccupancyChange[]) => server.applyRemoteOccupancy(changes);
  const fanout: Fanout | null = databaseUrl
    ? await PostgresFanout.start({ databaseUrl, db, deliver, applyOccupancy, presenceHeartbeatMs, log })
    : (processFanout?.({ deliver, applyOccupancy }) ?? null);
  if (fanout?.reportOccupancy) server.registry.onLocalChange = batched(fanout.reportOccupancy.bind(fanout));

  // This instance's sockets first (no round trip), then the others through PostgreSQL or the primary.
  const publish = async (events: PublishedEvent[]) => {
    deliver(events);
    await fanout?.publish(events);
  };
  server.relay = (event) => {
    publish([event]).catch((error: unknown) => log("[realtime] relaying a client event failed", error));
  };
  return {
    server,
    broadcaster: localBroadcaster(publish, { log }),
    httpApi: createPusherHttpApi({ app, registry: server.registry, publish }),
    handleUpgrade: (request, socket, head) => server.handleUpgrade(request, socket, head),
    publish,
    async close() {
      grants?.close();
      await server.close();
      await fanout?.close();
    },
  };
}

/** Collects what happens within one turn of the event loop (a closing socket leaves all its channels) into one report. */
function batched(report: (changes: OccupancyChange[]) => void): (change: OccupancyChange) => void {
  let pending: OccupancyChange[] | null = null;
  return (change) => {
    if (pending) return void pending.push(change);
    pending = [change];
    queueMicrotask(() => {
      const changes = pending!;
      pending = null;
      report(changes);
    });
  };
}
