import { defaultApiConfig, type ApiConfig } from "../api/config.ts";

export interface ServerConfig {
  port: number;
  host: string;
  production: boolean;
  dataDir: string;
  databaseUrl?: string;
  databasePoolSize: number;
  apiUrl?: string;
  appKey?: string;
  trustProxy: boolean;
  seed: boolean;
  /**
   * Processes serving requests (WEB_CONCURRENCY, Node's cluster). Only with DATABASE_URL: the embedded
   * database is one process per data directory.
   */
  webConcurrency: number;
  api: ApiConfig;
}

const int = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value && Number.isFinite(n) ? n : fallback;
};

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
    apiUrl: env.API_URL?.replace(/\/$/, "") || undefined,
    appKey: env.APP_KEY || undefined,
    trustProxy: env.TRUST_PROXY === "true" || env.TRUST_PROXY === "1",
    seed: env.SEED !== "false",
    webConcurrency: env.DATABASE_URL ? positive(env.WEB_CONCURRENCY, 1) : 1,
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
      stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
      stripeApiBase: env.STRIPE_API_BASE?.replace(/\/+$/, "") || defaultApiConfig.stripeApiBase,
      // The embedded database has this process as its only writer, so who-is-calling answers can be reused
      // for a moment (api/modules/auth/caller-cache.ts); on PostgreSQL other instances write too.
      callerCacheMs: env.DATABASE_URL ? 0 : EMBEDDED_CALLER_CACHE_MS,
    },
  };
}

/** Stated once at startup (server.ts): the sandbox provider lets any payer mark a billing paid. */
export const SANDBOX_IN_PRODUCTION_WARNING = "payments use the sandbox provider: anyone can mark their own billing paid";

/** Warnings about settings that work but are unsafe where the app is public (served over https). */
/** Long enough to spare the database the look-ups of a burst of requests, short next to any session's life. */
export const EMBEDDED_CALLER_CACHE_MS = 5_000;

export function startupWarnings(config: Pick<ServerConfig, "api">, env: NodeJS.ProcessEnv = process.env): string[] {
  const warnings: string[] = [];
  if (positive(env.WEB_CONCURRENCY, 1) > 1 && !env.DATABASE_URL) {
    warnings.push("Warning: WEB_CONCURRENCY needs DATABASE_URL (the embedded database is one process per data directory); running one process.");
  }
  if (config.api.appUrl.startsWith("https://") && !config.api.stripeSecretKey) {
    warnings.push(`Warning: APP_URL is https and STRIPE_SECRET_KEY is unset, so ${SANDBOX_IN_PRODUCTION_WARNING}.`);
  }
  return warnings;
}
