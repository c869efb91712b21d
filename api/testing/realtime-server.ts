/**
 * For tests and the benchmark: the API with the embedded realtime server on a loopback port, wired as
 * server.ts wires it (server/http-app.ts in front, upgrades at /app/{key}), without the panel; or the API
 * publishing to an external Pusher-compatible server, as with PUSHER_HOST.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { API_PREFIXES, createApi, type Api } from "../app.ts";
import type { ApiConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { createHttpApp } from "#server/http-app.ts";
import { grantChecker } from "../modules/broadcasting/grant-check.ts";
import { startEmbeddedRealtime, type EmbeddedRealtime, type EmbeddedRealtimeOptions } from "../realtime/embedded.ts";
import type { AppCredentials } from "../realtime/signing.ts";
import type { SocketServerOptions } from "../realtime/socket-server.ts";
import { DEFAULT_ADDRESS_LIMITS } from "../realtime/limits.ts";
import { startRealtime } from "../realtime/start.ts";
import type { Broadcaster } from "../realtime/broadcaster.ts";

export interface RealtimeTestServer {
  port: number;
  baseUrl: string;
  app: AppCredentials;
  api: Api;
  realtime: EmbeddedRealtime;
  close(): Promise<void>;
}

let counter = 0;

/** An HTTP server on a free loopback port, and the API that will answer on it, knowing its own address. */
async function listeningApi(
  options: { db: Db; config: ApiConfig },
  broadcaster: Broadcaster,
  realtime: NonNullable<Parameters<typeof createApi>[0]["realtime"]>,
) {
  const http: Server = createServer();
  const address = await new Promise<AddressInfo>((resolve) => http.listen(0, "127.0.0.1", () => resolve(http.address() as AddressInfo)));
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const api = createApi({ db: options.db, config: { ...options.config, appUrl: baseUrl }, log: () => {}, broadcaster, realtime });
  return { http, address, baseUrl, api };
}

export async function serveRealtime(options: {
  db: Db;
  config: ApiConfig;
  databaseUrl?: string;
  presenceHeartbeatMs?: number;
  /** Other "processes" of this server (a test's stand-in for the cluster's primary): events fan out to them. */
  processFanout?: EmbeddedRealtimeOptions["processFanout"];
  app?: AppCredentials;
  limits?: Omit<SocketServerOptions, "app" | "log">;
}): Promise<RealtimeTestServer> {
  const app = options.app ?? { appId: String(100_000 + ++counter), key: `test-key-${counter}`, secret: `test-secret-${counter}` };
  const realtime = await startEmbeddedRealtime({
    app,
    db: options.db,
    databaseUrl: options.databaseUrl,
    presenceHeartbeatMs: options.presenceHeartbeatMs,
    processFanout: options.processFanout,
    grantCheck: grantChecker(options.db, options.config.sessionIdleMinutes),
    log: () => {},
    ...options.limits,
  });
  const { http, address, baseUrl, api } = await listeningApi(options, realtime.broadcaster, {
    app,
    publicConfig: { key: app.key, host: null, port: null, scheme: null, forceTLS: false },
    tieToLogins: true,
  });
  const outer = createHttpApp({
    api,
    apiPrefixes: API_PREFIXES,
    panel: async () => new Response("No panel in this test server", { status: 404 }),
    maxBodyBytes: options.config.maxBodyBytes,
    production: true,
    https: false,
    trustProxy: false,
    realtimeApi: realtime.httpApi,
    log: () => {},
  });
  http.on("request", getRequestListener(outer.fetch, { overrideGlobalObjects: false }));
  http.on("upgrade", (request, socket, head) => realtime.handleUpgrade(request, socket, head));
  return {
    port: address.port,
    baseUrl,
    app,
    api,
    realtime,
    async close() {
      await realtime.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

export interface ExternalRealtimeApi {
  /** Where the API answers (the broadcasting routes included). */
  baseUrl: string;
  api: Api;
  close(): Promise<void>;
}

/**
 * The API set up as server.ts sets it up when PUSHER_HOST names an external Pusher-compatible server
 * (`startRealtime` with `external`): it publishes to that server over its HTTP API, signs plain
 * signatures, and ends revoked users' connections there with terminate_connections. Sockets connect to
 * the external server; the broadcasting routes are here.
 */
export async function serveApiWithExternalRealtime(options: {
  db: Db;
  config: ApiConfig;
  external: { app: AppCredentials; host: string; port: number };
}): Promise<ExternalRealtimeApi> {
  const { app, host, port } = options.external;
  const realtime = await startRealtime({
    db: options.db,
    given: app,
    external: { host, port, scheme: "http" },
    maxConnections: 1,
    addressLimits: DEFAULT_ADDRESS_LIMITS,
    trustProxy: false,
    log: () => {},
  });
  if (!realtime.app) throw new Error("the external server's credentials were not taken");
  const { http, baseUrl, api } = await listeningApi(options, realtime.broadcaster, {
    app: realtime.app,
    publicConfig: { key: app.key, host, port, scheme: "http", forceTLS: false },
    tieToLogins: false,
  });
  http.on("request", getRequestListener(api.fetch, { overrideGlobalObjects: false }));
  return {
    baseUrl,
    api,
    async close() {
      await realtime.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
