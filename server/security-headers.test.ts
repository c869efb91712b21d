import { describe, expect, it } from "vitest";
import { readConfig } from "./config.ts";
import { applySecurityHeaders, contentSecurityPolicy, socketSources } from "./security-headers.ts";

const production = (env: NodeJS.ProcessEnv) => readConfig({ NODE_ENV: "production", ...env });
const connectSrc = (policy: string) => policy.split("; ").find((d) => d.startsWith("connect-src "));

describe("the panel's connect-src", () => {
  it("with the built-in realtime server: only 'self' and APP_URL's own ws(s) origin, never any host", () => {
    const https = production({ APP_URL: "https://app.example.com" });
    expect(connectSrc(contentSecurityPolicy("n", true, socketSources(https)))).toBe("connect-src 'self' wss://app.example.com");
    const http = production({ APP_URL: "http://localhost:3210" });
    expect(connectSrc(contentSecurityPolicy("n", true, socketSources(http)))).toBe("connect-src 'self' ws://localhost:3210");
    for (const policy of [contentSecurityPolicy("n", true, socketSources(https)), contentSecurityPolicy("n", true)]) {
      expect(policy).not.toMatch(/\bwss?:(?!\/\/)/);
    }
  });

  it("with an external Pusher server (PUSHER_HOST/PORT/SCHEME): that host and port, and not the app's socket", () => {
    const external = production({ APP_URL: "https://app.example.com", PUSHER_HOST: "ws.example.com", PUSHER_PORT: "6001" });
    expect(socketSources(external)).toEqual(["wss://ws.example.com:6001"]);
    const plain = production({
      APP_URL: "http://localhost:3000",
      PUSHER_HOST: "soketi.internal",
      PUSHER_PORT: "6001",
      PUSHER_SCHEME: "http",
    });
    expect(socketSources(plain)).toEqual(["ws://soketi.internal:6001"]);
    const defaultPort = production({ APP_URL: "https://app.example.com", PUSHER_HOST: "ws.example.com" });
    expect(connectSrc(contentSecurityPolicy("n", true, socketSources(defaultPort)))).toBe("connect-src 'self' wss://ws.example.com:443");
  });

  it("PUSHER_HOST naming the app itself is the built-in server; API_URL elsewhere names the API's socket", () => {
    expect(socketSources(production({ APP_URL: "https://app.example.com", PUSHER_HOST: "app.example.com" }))).toEqual([
      "wss://app.example.com",
    ]);
    expect(socketSources(production({ APP_URL: "https://app.example.com", API_URL: "https://api.example.com" }))).toEqual([
      "wss://api.example.com:443",
    ]);
  });

  it("in development, Vite's hot-reload socket on the app's host is allowed too", () => {
    expect(socketSources(readConfig({ APP_URL: "http://localhost:3000" }))).toEqual(["ws://localhost:3000", "ws://localhost:*"]);
  });

  it("reaches the page's header through applySecurityHeaders", () => {
    const headers = new Headers();
    applySecurityHeaders(headers, { nonce: "abc", production: true, https: true, sockets: ["wss://ws.example.com:6001"] });
    expect(connectSrc(headers.get("Content-Security-Policy")!)).toBe("connect-src 'self' wss://ws.example.com:6001");
  });
});

describe("the Permissions-Policy", () => {
  it("lets an event's check-in page (and its data requests) use the camera, and no other page", () => {
    const policyOf = (path: string) => {
      const headers = new Headers();
      applySecurityHeaders(headers, { nonce: "n", production: true, https: false, path });
      return headers.get("Permissions-Policy");
    };
    expect(policyOf("/event-forms/check-in/12")).toBe("camera=(self), microphone=(), geolocation=()");
    expect(policyOf("/event-forms/check-in/12.data")).toBe("camera=(self), microphone=(), geolocation=()");
    for (const path of ["/", "/event-forms", "/event-forms/check-in/12/x", "/chat/4", "/e/demo-day-1"]) {
      expect(policyOf(path), path).toBe("camera=(), microphone=(), geolocation=()");
    }
    const notAPage = new Headers();
    applySecurityHeaders(notAPage, { production: true, https: false });
    expect(notAPage.get("Permissions-Policy")).toBe("camera=(), microphone=(), geolocation=()");
  });
});
