import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { defaultApiConfig, STANDARD_PASSWORD_HASH_COST } from "#api/config.ts";
import {
  EMBEDDED_CALLER_CACHE_MS,
  MAX_DEFAULT_PROCESSES,
  defaultProcesses,
  readConfig,
  realtimePublicConfig,
  startupWarnings,
} from "./config.ts";

describe("registration limit settings", () => {
  it("default to 10 accounts per address in an hour, and are read from the environment", () => {
    expect(readConfig({}).api).toMatchObject({ registerMaxPerAddress: 10, registerWindowSeconds: 3600 });
    expect(readConfig({ REGISTER_MAX_PER_ADDRESS: "3", REGISTER_WINDOW_SECONDS: "86400" }).api).toMatchObject({
      registerMaxPerAddress: 3,
      registerWindowSeconds: 86400,
    });
  });

  it("keep the default for a value that is not a whole number of at least 1", () => {
    for (const value of ["0", "-5", "2.5", "many", ""]) {
      const { api } = readConfig({ REGISTER_MAX_PER_ADDRESS: value, REGISTER_WINDOW_SECONDS: value });
      expect(api.registerMaxPerAddress, value).toBe(defaultApiConfig.registerMaxPerAddress);
      expect(api.registerWindowSeconds, value).toBe(defaultApiConfig.registerWindowSeconds);
    }
  });
});

describe("password hashing", () => {
  it("is at OWASP's minimum argon2id cost on every server, whatever the environment", () => {
    expect(readConfig({}).api.passwordHashCost).toEqual(STANDARD_PASSWORD_HASH_COST);
    expect(readConfig({ NODE_ENV: "test", CI: "true" }).api.passwordHashCost).toEqual({ memoryCost: 19_456, timeCost: 2 });
  });
});

describe("REQUIRE_2FA_FOR_ADMINS", () => {
  it("is off unless set to true or 1", () => {
    expect(readConfig({}).api.requireTwoFactorForAdmins).toBe(false);
    expect(readConfig({ REQUIRE_2FA_FOR_ADMINS: "true" }).api.requireTwoFactorForAdmins).toBe(true);
    expect(readConfig({ REQUIRE_2FA_FOR_ADMINS: "1" }).api.requireTwoFactorForAdmins).toBe(true);
    for (const value of ["false", "0", "yes", ""])
      expect(readConfig({ REQUIRE_2FA_FOR_ADMINS: value }).api.requireTwoFactorForAdmins).toBe(false);
  });
});

describe("login throttle settings", () => {
  it("default to 5 a minute per email and address, 20 per address and 10 per account in 10 minutes", () => {
    const { api } = readConfig({});
    expect(api).toMatchObject({
      loginMaxAttempts: 5,
      loginThrottleWindowSeconds: 60,
      loginMaxAttemptsPerAddress: 20,
      loginAddressWindowSeconds: 600,
      loginMaxAttemptsPerAccount: 10,
      loginAccountWindowSeconds: 600,
    });
  });

  it("are read from the environment", () => {
    const { api } = readConfig({
      LOGIN_MAX_ATTEMPTS: "3",
      LOGIN_THROTTLE_WINDOW_SECONDS: "120",
      LOGIN_MAX_ATTEMPTS_PER_ADDRESS: "50",
      LOGIN_ADDRESS_WINDOW_SECONDS: "900",
      LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: "15",
      LOGIN_ACCOUNT_WINDOW_SECONDS: "1800",
    });
    expect(api).toMatchObject({
      loginMaxAttempts: 3,
      loginThrottleWindowSeconds: 120,
      loginMaxAttemptsPerAddress: 50,
      loginAddressWindowSeconds: 900,
      loginMaxAttemptsPerAccount: 15,
      loginAccountWindowSeconds: 1800,
    });
  });

  it("keep the default for a value that is not a whole number of at least 1", () => {
    for (const value of ["0", "-5", "2.5", "many", ""]) {
      const { api } = readConfig({ LOGIN_MAX_ATTEMPTS_PER_ADDRESS: value, LOGIN_ACCOUNT_WINDOW_SECONDS: value });
      expect(api.loginMaxAttemptsPerAddress, value).toBe(defaultApiConfig.loginMaxAttemptsPerAddress);
      expect(api.loginAccountWindowSeconds, value).toBe(defaultApiConfig.loginAccountWindowSeconds);
    }
  });
});

describe("the caller cache", () => {
  it("is on for the embedded database, whose only writer is this process", () => {
    expect(readConfig({}).api.callerCacheMs).toBe(EMBEDDED_CALLER_CACHE_MS);
  });

  it("is off with DATABASE_URL, where other instances write too", () => {
    expect(readConfig({ DATABASE_URL: "postgres://db/launchpad" }).api.callerCacheMs).toBe(0);
  });
});

describe("realtime settings", () => {
  it("default to the embedded server on the page's own origin; TLS forced only for an https APP_URL", () => {
    const config = readConfig({});
    expect(config.realtime).toEqual({
      maxConnections: 10_000,
      maxConnectionsPerAddress: 100,
      maxSubscriptionsPerConnection: 100,
      maxSubscriptionsPerAddress: 1_000,
    });
    expect(realtimePublicConfig(config, "k")).toEqual({ key: "k", host: null, port: null, scheme: null, forceTLS: false });
    expect(realtimePublicConfig(readConfig({ APP_URL: "https://app.example.com" }), "k").forceTLS).toBe(true);
  });

  it("the realtime caps per address and per socket are read from REALTIME_MAX_*; 0 or junk keeps the default", () => {
    const env = {
      REALTIME_MAX_CONNECTIONS_PER_ADDRESS: "5",
      REALTIME_MAX_SUBSCRIPTIONS_PER_CONNECTION: "20",
      REALTIME_MAX_SUBSCRIPTIONS_PER_ADDRESS: "60",
    };
    expect(readConfig(env).realtime).toMatchObject({
      maxConnectionsPerAddress: 5,
      maxSubscriptionsPerConnection: 20,
      maxSubscriptionsPerAddress: 60,
    });
    const junk = {
      REALTIME_MAX_CONNECTIONS_PER_ADDRESS: "0",
      REALTIME_MAX_SUBSCRIPTIONS_PER_CONNECTION: "many",
      REALTIME_MAX_SUBSCRIPTIONS_PER_ADDRESS: "-1",
    };
    expect(readConfig(junk).realtime).toMatchObject({
      maxConnectionsPerAddress: 100,
      maxSubscriptionsPerConnection: 100,
      maxSubscriptionsPerAddress: 1_000,
    });
  });

  it("PUSHER_HOST naming the app itself keeps the embedded server", () => {
    const config = readConfig({ APP_URL: "https://app.example.com", PUSHER_HOST: "app.example.com", PUSHER_PORT: "443" });
    expect(config.realtime.external).toBeUndefined();
  });

  it("PUSHER_HOST naming another server turns the embedded one off and is what browsers connect to", () => {
    const env = {
      APP_URL: "https://app.example.com",
      PUSHER_HOST: "ws.example.com",
      PUSHER_APP_ID: "1",
      PUSHER_APP_KEY: "key",
      PUSHER_APP_SECRET: "secret",
    };
    const config = readConfig(env);
    expect(config.realtime).toMatchObject({
      appId: "1",
      key: "key",
      secret: "secret",
      external: { host: "ws.example.com", port: 443, scheme: "https" },
    });
    expect(realtimePublicConfig(config, "key")).toEqual({
      key: "key",
      host: "ws.example.com",
      port: 443,
      scheme: "https",
      forceTLS: false,
    });
    const local = readConfig({ PUSHER_HOST: "localhost", PUSHER_PORT: "6001", PUSHER_SCHEME: "http" });
    expect(local.realtime.external).toEqual({ host: "localhost", port: 6001, scheme: "http" });
    expect(startupWarnings(config)).not.toContainEqual(expect.stringContaining("realtime"));
    expect(startupWarnings(local)).toEqual([expect.stringContaining("realtime is off")]);
  });

  it("the API elsewhere (API_URL): browsers connect to its origin", () => {
    const config = readConfig({ API_URL: "https://api.example.com/", APP_URL: "https://app.example.com" });
    expect(realtimePublicConfig(config, "k")).toEqual({ key: "k", host: "api.example.com", port: 443, scheme: "https", forceTLS: false });
  });
});

describe("the embedded database's result cache", () => {
  it("keeps 32 MB unless DATABASE_RESULT_CACHE_MB says otherwise; 0 turns it off", () => {
    expect(readConfig({}).databaseResultCacheMb).toBe(32);
    expect(readConfig({ DATABASE_RESULT_CACHE_MB: "0" }).databaseResultCacheMb).toBe(0);
    expect(readConfig({ DATABASE_RESULT_CACHE_MB: "-5" }).databaseResultCacheMb).toBe(0);
    expect(readConfig({ DATABASE_RESULT_CACHE_MB: "128" }).databaseResultCacheMb).toBe(128);
    expect(readConfig({ DATABASE_RESULT_CACHE_MB: "many" }).databaseResultCacheMb).toBe(32);
  });
});

describe("processes (WEB_CONCURRENCY)", () => {
  it("default to one per core, at most four, in production, and to one otherwise; a set value wins", () => {
    const cores = availableParallelism();
    expect(readConfig({ NODE_ENV: "production" }).webConcurrency).toBe(Math.min(cores, MAX_DEFAULT_PROCESSES));
    expect(defaultProcesses()).toBe(Math.min(cores, MAX_DEFAULT_PROCESSES));
    expect(readConfig({}).webConcurrency).toBe(1);
    expect(readConfig({ NODE_ENV: "production", WEB_CONCURRENCY: "1" }).webConcurrency).toBe(1);
    expect(readConfig({ NODE_ENV: "production", WEB_CONCURRENCY: "6" }).webConcurrency).toBe(6);
    expect(readConfig({ NODE_ENV: "production", WEB_CONCURRENCY: "none" }).webConcurrency).toBe(Math.min(cores, MAX_DEFAULT_PROCESSES));
  });
});
