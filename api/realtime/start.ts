/**
 * Chooses and starts the realtime layer for server.ts: the embedded server (the default), or the
 * publisher for an external Pusher-compatible server when PUSHER_HOST names one, or nothing when an
 * external server lacks credentials. Returns what the rest of the app is wired with.
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { Db } from "../db/client.ts";
import { realtimeCredentials } from "../db/settings.ts";
import { silentBroadcaster, type Broadcaster } from "./broadcaster.ts";
import { startEmbeddedRealtime, type EmbeddedRealtimeOptions } from "./embedded.ts";
import type { AddressLimitSettings } from "./limits.ts";
import { httpBroadcaster } from "./publisher.ts";
import type { AppCredentials } from "./signing.ts";

export interface RealtimeStartOptions {
  db: Db;
  given: Partial<AppCredentials>;
  external?: { host: string; port: number; scheme: "http" | "https" };
  /** PostgreSQL shared with other instances: the embedded server fans out through it. */
  databaseUrl?: string;
  /** Cluster workers on the embedded database: events fan out to the other processes (server/process-peers.ts). */
  processFanout?: EmbeddedRealtimeOptions["processFanout"];
  maxConnections: number;
  /** Embedded only: checks a login's subscriptions, so they end with the login or the rule (revocation.ts). */
  grantCheck?: EmbeddedRealtimeOptions["grantCheck"];
  /** Sockets and subscriptions per address and per socket (limits.ts). */
  addressLimits: AddressLimitSettings;
  /** Whether a socket's address is the last X-Forwarded-For hop (TRUST_PROXY), as for HTTP requests. */
  trustProxy: boolean;
  log: (message: string, error?: unknown) => void;
}

export interface Realtime {
  /** null: realtime is off (an external server without credentials). */
  app: AppCredentials | null;
  broadcaster: Broadcaster;
  /** The Pusher HTTP API (embedded only). */
  httpApi?: (request: Request) => Promise<Response>;
  /** Socket upgrades: taken at /app/{key} by the embedded server, destroyed otherwise. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

const refuseUpgrade = (_request: IncomingMessage, socket: Duplex) => socket.destroy();

export async function startRealtime(options: RealtimeStartOptions): Promise<Realtime> {
  const { given, external } = options;
  if (external) {
    if (!given.appId || !given.key || !given.secret)
      return { app: null, broadcaster: silentBroadcaster, handleUpgrade: refuseUpgrade, close: async () => {} };
    const app = { appId: given.appId, key: given.key, secret: given.secret };
    const baseUrl = `${external.scheme}://${external.host}:${external.port}`;
    return { app, broadcaster: httpBroadcaster({ app, baseUrl, log: options.log }), handleUpgrade: refuseUpgrade, close: async () => {} };
  }
  const app = await realtimeCredentials(options.db, given);
  const embedded = await startEmbeddedRealtime({
    app,
    db: options.db,
    databaseUrl: options.databaseUrl,
    processFanout: options.processFanout,
    maxConnections: options.maxConnections,
    grantCheck: options.grantCheck,
    maxConnectionsPerAddress: options.addressLimits.maxConnectionsPerAddress,
    maxSubscriptionsPerConnection: options.addressLimits.maxSubscriptionsPerConnection,
    maxSubscriptionsPerAddress: options.addressLimits.maxSubscriptionsPerAddress,
    trustProxy: options.trustProxy,
    log: options.log,
  });
  return {
    app,
    broadcaster: embedded.broadcaster,
    httpApi: embedded.httpApi,
    handleUpgrade: embedded.handleUpgrade,
    close: embedded.close,
  };
}
