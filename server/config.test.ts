import { describe, expect, it } from "vitest";
import { defaultApiConfig } from "../api/config.ts";
import { EMBEDDED_CALLER_CACHE_MS, readConfig } from "./config.ts";

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
