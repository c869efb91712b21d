import { describe, expect, it } from "vitest";
import { channelKind, socketAddress } from "./options";

const page = { protocol: "http:", hostname: "localhost", port: "3000" };

describe("where the browser opens its socket", () => {
  it("is the page's own host and port when the configuration leaves them out (the embedded server)", () => {
    expect(socketAddress({ key: "k", host: null, port: null, scheme: null, forceTLS: false }, page)).toEqual({
      wsHost: "localhost",
      wsPort: 3000,
      wssPort: 3000,
      forceTLS: false,
    });
  });

  it("uses TLS on an https page, and the default port when the page has none", () => {
    const https = { protocol: "https:", hostname: "app.example.com", port: "" };
    expect(socketAddress({ key: "k", host: null, port: null, scheme: null, forceTLS: false }, https)).toMatchObject({
      wsPort: 443,
      forceTLS: true,
    });
  });

  it("follows an external server's host, port and scheme", () => {
    expect(socketAddress({ key: "k", host: "ws.example.com", port: 6001, scheme: "https", forceTLS: true }, page)).toEqual({
      wsHost: "ws.example.com",
      wsPort: 6001,
      wssPort: 6001,
      forceTLS: true,
    });
    expect(socketAddress({ key: "k", host: "ws.example.com", port: null, scheme: "http", forceTLS: false }, page)).toMatchObject({
      wsPort: 80,
      forceTLS: false,
    });
  });
});

describe("channel names", () => {
  it("map to Echo's kinds", () => {
    expect(channelKind("private-App.Models.User.4")).toEqual({ kind: "private", echoName: "App.Models.User.4" });
    expect(channelKind("presence-chat.9")).toEqual({ kind: "presence", echoName: "chat.9" });
    expect(channelKind("startup.3")).toEqual({ kind: "public", echoName: "startup.3" });
  });
});
