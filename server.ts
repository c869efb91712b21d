/**
 * Composition only: read settings, open the database, wire the API and the panel, listen, shut down.
 * With WEB_CONCURRENCY > 1 the primary prepares the database once and forks that many workers sharing the
 * port (server/cluster.ts); each worker then runs `serve` without preparing. On the embedded database the
 * primary keeps it open and relays the workers' SQL, cache invalidations and realtime events
 * (server/process-hub.ts).
 */
import cluster from "node:cluster";
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { RouterContextProvider, createRequestHandler, type RequestHandler, type ServerBuild } from "react-router";
import { API_PREFIXES, createApi } from "#api/app.ts";
import type { CallerMemo } from "#api/context.ts";
import { sessionCookieName, xsrfCookieName } from "#api/config.ts";
import { openDatabase, type Database } from "#api/db/client.ts";
import { exitIfDataDirInUse } from "#api/db/data-dir-lock.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from "#api/db/seed.ts";
import { appKey, realtimeCredentials } from "#api/db/settings.ts";
import { ensureAccessModel } from "#api/modules/access/service.ts";
import { grantChecker } from "#api/modules/broadcasting/grant-check.ts";
import { chooseAiProvider } from "#api/integrations/ai/provider.ts";
import { mailModeLine } from "#api/mail/config.ts";
import { storageModeLine } from "#api/modules/files/storage-config.ts";
import { startRealtime } from "#api/realtime/start.ts";
import type { RequestEnv } from "./app/lib/request-env.ts";
import { runPrimary } from "#server/cluster.ts";
import { PublicPageCache } from "#server/public-page-cache.ts";
import { cspNonce } from "#server/csp-nonce.ts";
import { createProcessHub } from "#server/process-hub.ts";
import { processCachePeers, processFanout } from "#server/process-peers.ts";
import { databaseCachePeers } from "#api/lib/database-cache-peers.ts";
import { readConfig, realtimePublicConfig, startupWarnings, type ServerConfig } from "#server/config.ts";
import { upstreamForwarder } from "#server/upstream.ts";
import { startMailSender, startNotificationMail, startOfferSweep, startPruning, startWebhooks } from "#server/jobs.ts";
import { createHttpApp, IDLE_CONNECTION_MS } from "#server/http-app.ts";
import { applySecurityHeaders, socketSources } from "#server/security-headers.ts";

const config = readConfig();
const log = (message: string) => console.log(`[launchpad] ${message}`);
/** Several processes on the embedded database: the primary owns it, the workers reach it through the primary. */
const embeddedCluster = config.webConcurrency > 1 && !config.databaseUrl;

/** Migrations, the built-in roles and, on an empty database, the demo data: once, before serving. */
async function prepare(database: Database): Promise<boolean> {
  await database.migrate();
  // Roles and permissions are part of the schema, not demo data: they exist with SEED=false too.
  await ensureAccessModel(database.db);
  return config.seed ? seedDemoData(database.db) : false;
}

const announce = (seeded: boolean, where: string) => {
  log(`Launchpad is running at ${config.api.appUrl} (${where})`);
  if (seeded) log("Seeded demo data into the empty database.");
  log(mailModeLine(config.api.mail));
  log(storageModeLine(config.api.storage));
  log(`Demo accounts (password "${DEMO_PASSWORD}"): ${DEMO_ACCOUNTS.map((a) => `${a.email} (${a.role ?? "no profile yet"})`).join(", ")}`);
};

const openConfigured = (cfg: ServerConfig, viaPrimary = false) =>
  openDatabase({
    databaseUrl: cfg.databaseUrl,
    dataDir: cfg.databaseUrl || viaPrimary ? undefined : cfg.dataDir,
    viaPrimary,
    poolSize: cfg.databasePoolSize,
    resultCacheBytes: cfg.databaseResultCacheMb * 2 ** 20,
    // Serving 500s with no database helps nobody: exit, and let the supervisor start a fresh process.
    onWorkerCrash: (error) => {
      console.error("[launchpad] the database thread stopped; exiting", error);
      process.exit(1);
    },
  }).catch(exitIfDataDirInUse);

async function serve(options: { prepared: boolean }) {
  const database = await openConfigured(config, embeddedCluster);
  const seeded = options.prepared ? false : await prepare(database);
  const key = await appKey(database.db, config.appKey);
  const realtime = await startRealtime({
    db: database.db,
    given: config.realtime,
    external: config.realtime.external,
    databaseUrl: config.databaseUrl,
    processFanout: embeddedCluster ? processFanout : undefined,
    maxConnections: config.realtime.maxConnections,
    grantCheck: grantChecker(database.db, config.api.sessionIdleMinutes),
    addressLimits: config.realtime,
    trustProxy: config.trustProxy,
    log: (message, error) => console.error(`[launchpad] ${message}`, error ?? ""),
  });
  const publicRealtime = realtime.app ? realtimePublicConfig(config, realtime.app.key) : null;
  // The panel shows the AI helper as usable, or why not, from the same settings the API reads.
  const aiAvailability = chooseAiProvider(config.api.ai).availability;
  // An event's public page, as readers without cookies get it (docs/decisions/043); off without the API's cache.
  const publicPages =
    config.production && config.api.publicPageCacheMs > 0 && !config.apiUrl ? new PublicPageCache(config.api.publicPageCacheMs) : undefined;
  // A write through one process is what the next request reads, whichever process or instance answers it.
  const cachePeers = embeddedCluster ? processCachePeers() : database.kind === "postgres" ? databaseCachePeers(database.db) : undefined;
  const api = createApi({
    db: database.db,
    config: config.api,
    broadcaster: realtime.broadcaster,
    realtime:
      realtime.app && publicRealtime
        ? { app: realtime.app, publicConfig: publicRealtime, tieToLogins: !config.realtime.external }
        : undefined,
    cachePeers,
    dependentCaches: publicPages ? [publicPages] : [],
  });

  const vite = config.production
    ? undefined
    : await import("vite").then((v) => v.createServer({ server: { middlewareMode: true }, appType: "custom" }));
  // In production the build is loaded once, on the first page asked for (the API answers without it), and
  // React Router derives its route table from it once. In development Vite hands over the current build
  // on every request (hot reload).
  let production: Promise<{ build: ServerBuild; handler: RequestHandler }> | undefined;
  const panel = async () => {
    if (vite) {
      const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
      return { build, handler: createRequestHandler(build, "development") };
    }
    production ??= import(new URL("./build/server/index.js", import.meta.url).href).then(
      (module: ServerBuild) => ({ build: module, handler: createRequestHandler(module, "production") }),
      (error: unknown) => {
        production = undefined; // not built yet: try again on the next page rather than failing forever
        throw error;
      },
    );
    return production;
  };

  // With API_URL, the pages' calls and the browser's own API calls both go there.
  const upstream = config.apiUrl ? upstreamForwarder(config.apiUrl) : undefined;

  function apiFetcher(ip: string | undefined): RequestEnv["apiFetch"] {
    if (upstream) return (request) => upstream(request, ip);
    // One memo per page request: the page's API calls look the session up once between them.
    const callerMemo: CallerMemo = new Map();
    return async (request) => api.fetch(request, { clientIp: ip, callerMemo });
  }

  // Where pages may open sockets (the page's Content-Security-Policy): worked out once from the settings.
  const sockets = socketSources(config);

  /** The panel's answer to `request`, before the security headers. */
  async function drawPage(request: Request, ip: string | undefined, nonce: string): Promise<Response> {
    const env: RequestEnv = {
      apiFetch: apiFetcher(ip),
      cspNonce: nonce,
      appKey: key,
      secureCookies: config.api.secureCookies,
      sessionCookieName: sessionCookieName(config.api),
      xsrfCookieName: xsrfCookieName(config.api),
      realtime: publicRealtime,
      ai: aiAvailability,
      documentLoad: request.method === "GET" && !new URL(request.url).pathname.endsWith(".data"),
    };
    const { build, handler } = await panel();
    const context = new RouterContextProvider();
    // The context key is exported by the panel's server entry so that both sides use the same object.
    const { requestEnvContext } = build.entry.module as unknown as { requestEnvContext: Parameters<typeof context.set>[0] };
    context.set(requestEnvContext, env);
    return handler(request, context);
  }

  async function renderPanel(request: Request, ip: string | undefined): Promise<Response> {
    const nonce = cspNonce();
    const draw = () => drawPage(request, ip, nonce);
    if (publicPages) await cachePeers?.catchUp?.();
    const response = publicPages ? await publicPages.serve(request, nonce, draw) : await draw();
    const headers = new Headers(response.headers);
    const path = new URL(request.url).pathname;
    applySecurityHeaders(headers, { nonce, production: config.production, https: config.api.secureCookies, sockets, path });
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }

  const app = createHttpApp({
    api: upstream ? { fetch: (request, { clientIp }) => upstream(request, clientIp) } : api,
    apiPrefixes: API_PREFIXES,
    panel: renderPanel,
    maxBodyBytes: config.api.maxBodyBytes,
    production: config.production,
    https: config.api.secureCookies,
    trustProxy: config.trustProxy,
    staticRoot: "./build/client",
    realtimeApi: realtime.httpApi,
  });

  const listener = getRequestListener(app.fetch, { overrideGlobalObjects: false });
  const server = createServer((req, res) => {
    if (vite) vite.middlewares(req, res, () => listener(req, res));
    else listener(req, res);
  });

  // A client that pools connections (a proxy, a load balancer, a test's request context) may send on an idle
  // one just as the server closes it, and that request fails with a reset. Node closes idle connections after
  // 5 seconds; holding them longer than such pools do (about a minute) leaves the closing to the client.
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  server.headersTimeout = IDLE_CONNECTION_MS + 1_000;

  // Pusher clients connect at /app/{key}; any other upgrade is refused (start.ts).
  server.on("upgrade", (request, socket, head) => realtime.handleUpgrade(request, socket, head));

  // On the embedded database with several processes, the primary prunes and sends mail (once for all of them).
  const pruneTimer = embeddedCluster ? undefined : startPruning(config, database);
  const mailSender = embeddedCluster ? undefined : await startMailSender(config, database);
  const webhookWorker = embeddedCluster ? undefined : await startWebhooks(config, database, realtime.broadcaster);
  const stopMailJobs = embeddedCluster ? undefined : startNotificationMail(config, database);
  // Every serving process sweeps: a lapsed offer is passed on once, however many look at it together.
  const offerTimer = startOfferSweep(config, database, realtime.broadcaster);

  server.listen(config.port, config.host, () => {
    // A cluster's primary speaks for its workers once they all listen.
    if (!options.prepared) announce(seeded, database.kind === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL");
  });

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    log(`${signal} received, shutting down`);
    if (pruneTimer) clearInterval(pruneTimer);
    clearInterval(offerTimer);
    stopMailJobs?.();
    // Sockets are closed with 4200 first, so clients reconnect (to another instance, or to this one restarted).
    await realtime.close();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    // Requests still running get a few seconds to finish before the connections are cut.
    const deadline = setTimeout(() => server.closeAllConnections(), 5_000);
    deadline.unref();
    await closed;
    // Mail being handed to the server is finished; what was claimed but not started goes back to the queue.
    await mailSender?.stop();
    await webhookWorker?.stop();
    await vite?.close();
    await database.close();
    log("Stopped cleanly");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

if (cluster.isWorker) {
  // The primary gone (killed), this worker's database and peers are gone with it.
  if (embeddedCluster) process.on("disconnect", () => process.exit(1));
  await serve({ prepared: true });
} else {
  for (const warning of startupWarnings(config)) console.warn(`[launchpad] ${warning}`);
  if (embeddedCluster) {
    const database = await openConfigured(config);
    const seeded = await prepare(database);
    // Generated once and stored: made here so that the workers, starting together, all read the same.
    await appKey(database.db, config.appKey);
    if (!config.realtime.external) await realtimeCredentials(database.db, config.realtime);
    const hub = createProcessHub(database.thread!, log);
    startPruning(config, database);
    startNotificationMail(config, database);
    const mailSender = await startMailSender(config, database);
    const webhookWorker = await startWebhooks(config, database);
    await runPrimary(config.webConcurrency, {
      log,
      onFork: (worker) => hub.adopt(worker),
      beforeExit: async () => {
        await mailSender?.stop();
        await webhookWorker.stop();
        await database.close();
      },
      ready: () => announce(seeded, `embedded database in ${config.dataDir}, ${config.webConcurrency} processes`),
    });
  } else if (config.webConcurrency > 1) {
    const database = await openConfigured(config);
    const seeded = await prepare(database);
    await database.close();
    await runPrimary(config.webConcurrency, { log, ready: () => announce(seeded, `PostgreSQL, ${config.webConcurrency} processes`) });
  } else {
    await serve({ prepared: false });
  }
}
