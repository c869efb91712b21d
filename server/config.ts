import { availableParallelism } from "node:os";
import { defaultApiConfig, type ApiConfig } from "#api/config.ts";
import { DEFAULT_RESULT_CACHE_MB } from "#api/db/client.ts";
import { readAiConfig } from "#api/integrations/ai/provider.ts";
import { readStorageConfig } from "#api/modules/files/storage-config.ts";
import { readMailConfig } from "#api/mail/config.ts";
import { readRequireVerifiedEmail } from "#api/modules/account-links/policy.ts";
import { readMeetingsConfig } from "#api/modules/meetings/config.ts";
import { readWebhooksConfig } from "#api/modules/webhooks/config.ts";
import { DEFAULT_ADDRESS_LIMITS } from "#api/realtime/limits.ts";
import type { RealtimePublicConfig } from "../app/lib/request-env.ts";

export interface ServerConfig {
  port: number;
  host: string;
  production: boolean;
  dataDir: string;
  databaseUrl?: string;
  databasePoolSize: number;
  /** Megabytes of repeated reads' answers the embedded database's thread keeps until a write (ADR 019). */
  databaseResultCacheMb: number;
  apiUrl?: string;
  appKey?: string;
  trustProxy: boolean;
  seed: boolean;
  /** How often each instance passes lapsed waitlist offers on (OFFER_SWEEP_SECONDS). */
  offerSweepSeconds: number;
  /**
   * Processes serving requests (WEB_CONCURRENCY, Node's cluster). On the embedded database the primary
   * keeps the one PGlite of the data directory and relays the workers' SQL to it (api/db/embedded/database-relay.ts).
   * Default: one per core, at most MAX_DEFAULT_PROCESSES, in production; one otherwise.
   */
  webConcurrency: number;
  api: ApiConfig;
  realtime: RealtimeSettings;
}

/** PUSHER_* settings (see the README's Realtime section). */
export interface RealtimeSettings {
  appId?: string;
  key?: string;
  secret?: string;
  /**
   * PUSHER_HOST naming another server (soketi, Reverb, Pusher): the app publishes there and the embedded
   * server is off. Unset, or the app's own host, means the embedded server on the app's port.
   */
  external?: { host: string; port: number; scheme: "http" | "https" };
  /** Sockets one instance accepts (REALTIME_MAX_CONNECTIONS); one more is refused with 4100 (over capacity). */
  maxConnections: number;
  /** Sockets one address may hold in one process (REALTIME_MAX_CONNECTIONS_PER_ADDRESS); one more is refused with 4100. */
  maxConnectionsPerAddress: number;
  /** Channels one socket may be in (REALTIME_MAX_SUBSCRIPTIONS_PER_CONNECTION); one more gets a subscription_error. */
  maxSubscriptionsPerConnection: number;
  /** Subscriptions one address's sockets may hold together in one process (REALTIME_MAX_SUBSCRIPTIONS_PER_ADDRESS). */
  maxSubscriptionsPerAddress: number;
}

const int = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value && Number.isFinite(n) ? n : fallback;
};

/**
 * Each process beyond the first costs ~230 MB on the embedded database (React Router's build, the API, its
 * caches) and gains less as the shared database thread fills up: four is plenty for what one PGlite serves.
 */
export const MAX_DEFAULT_PROCESSES = 4;
/** Production's default for WEB_CONCURRENCY: every core renders pages (docs/decisions/012). */
export const defaultProcesses = () => Math.max(1, Math.min(availableParallelism(), MAX_DEFAULT_PROCESSES));

/** A limit or a window: a whole number of at least 1, or the default (0 would refuse every login). */
const positive = (value: string | undefined, fallback: number) => {
  const n = int(value, fallback);
  return Number.isSafeInteger(n) && n >= 1 ? n : fallback;
};

/** Every setting the app reads, in one place; the README documents each. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = int(env.PORT, 3000);
  const appUrl = (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, "");
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    production: env.NODE_ENV === "production",
    dataDir: env.DATA_DIR ?? "./data",
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: int(env.DATABASE_POOL_SIZE, 10),
    databaseResultCacheMb: Math.max(0, int(env.DATABASE_RESULT_CACHE_MB, DEFAULT_RESULT_CACHE_MB)),
    apiUrl: env.API_URL?.replace(/\/$/, "") || undefined,
    appKey: env.APP_KEY || undefined,
    trustProxy: env.TRUST_PROXY === "true" || env.TRUST_PROXY === "1",
    seed: env.SEED !== "false",
    offerSweepSeconds: positive(env.OFFER_SWEEP_SECONDS, 60),
    webConcurrency: positive(env.WEB_CONCURRENCY, env.NODE_ENV === "production" ? defaultProcesses() : 1),
    realtime: readRealtime(env, appUrl),
    api: {
      ...defaultApiConfig,
      appUrl,
      secureCookies: appUrl.startsWith("https://"),
      sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, defaultApiConfig.sessionIdleMinutes),
      loginMaxAttempts: positive(env.LOGIN_MAX_ATTEMPTS, defaultApiConfig.loginMaxAttempts),
      loginThrottleWindowSeconds: positive(env.LOGIN_THROTTLE_WINDOW_SECONDS, defaultApiConfig.loginThrottleWindowSeconds),
      loginMaxAttemptsPerAddress: positive(env.LOGIN_MAX_ATTEMPTS_PER_ADDRESS, defaultApiConfig.loginMaxAttemptsPerAddress),
      loginAddressWindowSeconds: positive(env.LOGIN_ADDRESS_WINDOW_SECONDS, defaultApiConfig.loginAddressWindowSeconds),
      loginMaxAttemptsPerAccount: positive(env.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT, defaultApiConfig.loginMaxAttemptsPerAccount),
      loginAccountWindowSeconds: positive(env.LOGIN_ACCOUNT_WINDOW_SECONDS, defaultApiConfig.loginAccountWindowSeconds),
      registerMaxPerAddress: positive(env.REGISTER_MAX_PER_ADDRESS, defaultApiConfig.registerMaxPerAddress),
      registerWindowSeconds: positive(env.REGISTER_WINDOW_SECONDS, defaultApiConfig.registerWindowSeconds),
      checkInMaxPerMember: positive(env.CHECK_IN_MAX_PER_MEMBER, defaultApiConfig.checkInMaxPerMember),
      checkInWindowSeconds: positive(env.CHECK_IN_WINDOW_SECONDS, defaultApiConfig.checkInWindowSeconds),
      requireTwoFactorForAdmins: env.REQUIRE_2FA_FOR_ADMINS === "true" || env.REQUIRE_2FA_FOR_ADMINS === "1",
      stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
      stripeApiBase: env.STRIPE_API_BASE?.replace(/\/+$/, "") || defaultApiConfig.stripeApiBase,
      weatherApiBase: env.WEATHER_API_BASE?.replace(/\/+$/, "") || defaultApiConfig.weatherApiBase,
      geocodingApiBase: env.GEOCODING_API_BASE?.replace(/\/+$/, "") || DEFAULT_GEOCODING_API_BASE,
      // The embedded database has this process as its only writer, so who-is-calling answers can be reused
      // for a moment (api/modules/auth/caller-cache.ts); on PostgreSQL other instances write too.
      callerCacheMs: env.DATABASE_URL ? 0 : EMBEDDED_CALLER_CACHE_MS,
      // Dashboard card answers, on either database: another instance's write shows after at most this long
      // (docs/decisions/011-dashboard-cache.md). DASHBOARD_CACHE_MS=0 turns the cache off.
      dashboardCacheMs: Math.max(0, int(env.DASHBOARD_CACHE_MS, 30_000)),
      // Events' public pages, read by anyone a link reaches (docs/decisions/034, 043). PUBLIC_PAGE_CACHE_MS=0: off.
      publicPageCacheMs: Math.max(0, int(env.PUBLIC_PAGE_CACHE_MS, 10_000)),
      ai: readAiConfig(env),
      meetings: readMeetingsConfig(env),
      mail: readMailConfig(env, appUrl),
      webhooks: readWebhooksConfig(env),
      storage: readStorageConfig(env),
      requireVerifiedEmail: readRequireVerifiedEmail(env),
    },
  };
}

function readRealtime(env: NodeJS.ProcessEnv, appUrl: string): RealtimeSettings {
  const settings: RealtimeSettings = {
    appId: env.PUSHER_APP_ID || undefined,
    key: env.PUSHER_APP_KEY || undefined,
    secret: env.PUSHER_APP_SECRET || undefined,
    maxConnections: positive(env.REALTIME_MAX_CONNECTIONS, 10_000),
    maxConnectionsPerAddress: positive(env.REALTIME_MAX_CONNECTIONS_PER_ADDRESS, DEFAULT_ADDRESS_LIMITS.maxConnectionsPerAddress),
    maxSubscriptionsPerConnection: positive(
      env.REALTIME_MAX_SUBSCRIPTIONS_PER_CONNECTION,
      DEFAULT_ADDRESS_LIMITS.maxSubscriptionsPerConnection,
    ),
    maxSubscriptionsPerAddress: positive(env.REALTIME_MAX_SUBSCRIPTIONS_PER_ADDRESS, DEFAULT_ADDRESS_LIMITS.maxSubscriptionsPerAddress),
  };
  const host = env.PUSHER_HOST?.trim().toLowerCase();
  if (!host) return settings;
  const scheme = env.PUSHER_SCHEME === "http" ? "http" : "https";
  const port = env.PUSHER_PORT ? positive(env.PUSHER_PORT, 0) || undefined : undefined;
  const app = new URL(appUrl);
  const appPort = Number(app.port) || (app.protocol === "https:" ? 443 : 80);
  // PUSHER_HOST naming the app itself (with no other port) is the embedded server under its public name.
  if (host === app.hostname && (port === undefined || port === appPort)) return settings;
  return { ...settings, external: { host, scheme, port: port ?? (scheme === "https" ? 443 : 80) } };
}

/**
 * What the browser's Echo client needs. The embedded server shares the page's origin (null host, port and
 * scheme), or API_URL's when the API runs elsewhere. Echo is told to force TLS only when the broadcast host
 * is the host of APP_URL served over https.
 */
export function realtimePublicConfig(config: Pick<ServerConfig, "apiUrl" | "api" | "realtime">, key: string): RealtimePublicConfig {
  const app = new URL(config.api.appUrl);
  const https = app.protocol === "https:";
  const external = config.realtime.external;
  if (external) return { key, ...external, forceTLS: https && external.host === app.hostname };
  if (config.apiUrl) {
    const api = new URL(config.apiUrl);
    const scheme = api.protocol === "https:" ? "https" : "http";
    return {
      key,
      host: api.hostname,
      port: Number(api.port) || (scheme === "https" ? 443 : 80),
      scheme,
      forceTLS: https && api.hostname === app.hostname,
    };
  }
  return { key, host: null, port: null, scheme: null, forceTLS: https };
}

/** Stated once at startup (server.ts): the sandbox provider lets any payer mark a billing paid. */
export const SANDBOX_IN_PRODUCTION_WARNING = "payments use the sandbox provider: anyone can mark their own billing paid";

/** Warnings about settings that work but are unsafe where the app is public (served over https). */
/** Long enough to spare the database the look-ups of a burst of requests, short next to any session's life. */
export const EMBEDDED_CALLER_CACHE_MS = 5_000;

/** Where the server asks about place names its own city list does not know (the API's default is none). */
export const DEFAULT_GEOCODING_API_BASE = "https://geocoding-api.open-meteo.com";

export function startupWarnings(config: Pick<ServerConfig, "api"> & Partial<Pick<ServerConfig, "realtime">>): string[] {
  const warnings: string[] = [];
  if (config.api.appUrl.startsWith("https://") && !config.api.stripeSecretKey) {
    warnings.push(`Warning: APP_URL is https and STRIPE_SECRET_KEY is unset, so ${SANDBOX_IN_PRODUCTION_WARNING}.`);
  }
  const realtime = config.realtime;
  if (realtime?.external && !(realtime.appId && realtime.key && realtime.secret)) {
    warnings.push(
      `Warning: PUSHER_HOST names an external realtime server (${realtime.external.host}) ` +
        "but PUSHER_APP_ID, PUSHER_APP_KEY or PUSHER_APP_SECRET is unset; realtime is off.",
    );
  }
  return warnings;
}
