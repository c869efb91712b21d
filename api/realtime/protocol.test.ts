/**
 * The protocol's edges, spoken frame by frame over a plain WebSocket (the cases real clients never
 * provoke): refusals on connect, capacity, ping/pong, the activity timeout, rate and size limits, and the
 * HTTP API's checks. Real-client behaviour is in realtime.test.ts.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../testing/harness.ts";
import { establishedRaw, openRaw, rawSockets, subscribeFrame } from "../testing/realtime-raw-socket.ts";
import { signChannel, signedQuery } from "./signing.ts";
import { serveRealtime, type RealtimeTestServer } from "../testing/realtime-server.ts";

let t: TestApi;
let server: RealtimeTestServer;

const open = (target: RealtimeTestServer, path?: string) => openRaw(target, { path });
const established = (target = server) => establishedRaw(target);

beforeAll(async () => {
  t = await createTestApi();
  server = await serveRealtime({ db: t.database.db, config: t.config });
});

afterAll(async () => {
  for (const ws of rawSockets) ws.terminate();
  await server.close();
  await t.close();
});

describe("connecting", () => {
  it("announces a socket id and an activity timeout", async () => {
    const socket = open(server);
    expect(await socket.next()).toEqual({
      event: "pusher:connection_established",
      data: { socket_id: expect.stringMatching(/^\d+\.\d+$/), activity_timeout: 30 },
    });
  });

  it("refuses an unknown key (4001), a missing or unsupported protocol (4008, 4007), and closes with the code", async () => {
    for (const [path, code] of [
      ["/app/wrong-key?protocol=7", 4001],
      [`/app/${server.app.key}`, 4008],
      [`/app/${server.app.key}?protocol=3`, 4007],
      [`/app/${server.app.key}?protocol=seven`, 4006],
    ] as const) {
      const socket = open(server, path);
      expect(await socket.next()).toMatchObject({ event: "pusher:error", data: { code } });
      expect(await socket.closed).toBe(code);
    }
  });

  it("destroys upgrades on any other path, and on a key that is not valid percent-encoding, and keeps serving", async () => {
    for (const path of ["/elsewhere", "/app/%E0%A4%A?protocol=7"]) {
      const raw = connect(server.port, "127.0.0.1");
      raw.write(
        `GET ${path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
      );
      await new Promise((resolve) => raw.on("close", resolve));
      expect(raw.bytesRead, path).toBe(0);
    }
    const socket = open(server);
    expect(await socket.next()).toMatchObject({ event: "pusher:connection_established" });
  });

  it("refuses a connection over the limit with 4100 (over capacity)", async () => {
    const small = await serveRealtime({ db: t.database.db, config: t.config, limits: { maxConnections: 1 } });
    try {
      await established(small);
      const refused = open(small);
      expect(await refused.next()).toMatchObject({ event: "pusher:error", data: { code: 4100 } });
      expect(await refused.closed).toBe(4100);
    } finally {
      await small.close();
    }
  });
});

describe("staying alive", () => {
  it("answers pusher:ping with pusher:pong", async () => {
    const socket = await established();
    socket.send({ event: "pusher:ping", data: {} });
    expect(await socket.next()).toEqual({ event: "pusher:pong", data: {} });
  });

  it("pings a silent socket after the activity timeout and closes it with 4201 when no pong comes", async () => {
    const quick = await serveRealtime({ db: t.database.db, config: t.config, limits: { activityTimeoutMs: 300, pongTimeoutMs: 300 } });
    try {
      const socket = await established(quick);
      expect(await socket.next()).toEqual({ event: "pusher:ping", data: {} });
      expect(await socket.closed).toBe(4201);
    } finally {
      await quick.close();
    }
  });
});

describe("subscribing and client events", () => {
  it("refuses a private subscription with a bad signature; accepts a good one", async () => {
    const socket = await established();
    socket.send({ event: "pusher:subscribe", data: { channel: "private-x", auth: `${server.app.key}:bad` } });
    expect(await socket.next()).toEqual({
      event: "pusher:subscription_error",
      channel: "private-x",
      data: { type: "AuthError", error: "Invalid signature", status: 401 },
    });
    socket.send({ event: "pusher:subscribe", data: { channel: "private-x", auth: signChannel(server.app, socket.socketId, "private-x") } });
    expect(await socket.next()).toEqual({ event: "pusher_internal:subscription_succeeded", channel: "private-x", data: {} });
  });

  it("client events: only from subscribed sockets, at most 10 a second", async () => {
    const [sender, listener] = [await established(), await established()];
    sender.send({ event: "client-typing", channel: "presence-chat.7", data: {} });
    expect(await sender.next()).toMatchObject({
      event: "pusher:error",
      data: { code: 4009, message: expect.stringContaining("not subscribed") },
    });
    for (const [socket, user_id] of [
      [sender, 1],
      [listener, 2],
    ] as const) {
      socket.send(subscribeFrame(server, socket.socketId, "presence-chat.7", { user_id, user_info: { name: `User ${user_id}` } }));
      expect(await socket.next()).toMatchObject({ event: "pusher_internal:subscription_succeeded" });
    }
    expect(await sender.next()).toMatchObject({ event: "pusher_internal:member_added", data: { user_id: "2" } });
    for (let i = 0; i < 11; i++) sender.send({ event: "client-typing", channel: "presence-chat.7", data: { i } });
    expect(await sender.next()).toMatchObject({
      event: "pusher:error",
      data: { code: 4301, message: expect.stringContaining("rate limit") },
    });
    const received = [];
    for (let i = 0; i < 10; i++) received.push(await listener.next());
    expect(received).toEqual(
      Array(10).fill({
        event: "client-typing",
        channel: "presence-chat.7",
        data: { user_id: "1", user_info: { name: "User 1" } },
        user_id: "1",
      }),
    );
    // The eleventh was refused: the next thing the listener hears is a ping answer, not a client event.
    listener.send({ event: "pusher:ping", data: {} });
    expect(await listener.next()).toEqual({ event: "pusher:pong", data: {} });
  });

  it("closes a socket that sends a frame over the size cap (1009)", async () => {
    const socket = await established();
    socket.send({ event: "client-huge", channel: "private-z", data: "x".repeat(64 * 1024) });
    expect(await socket.closed).toBe(1009);
  });

  it("answers a frame that is not JSON with an error and stays open", async () => {
    const socket = await established();
    socket.send("not json");
    expect(await socket.next()).toMatchObject({ event: "pusher:error", data: { code: 4200 } });
    socket.send({ event: "pusher:ping" });
    expect(await socket.next()).toEqual({ event: "pusher:pong", data: {} });
  });
});

describe("the HTTP API's checks", () => {
  const post = (path: string, body: unknown, appId = server.app.appId) => {
    const full = `/apps/${appId}${path}`;
    const text = JSON.stringify(body);
    return fetch(`${server.baseUrl}${full}?${signedQuery(server.app, "POST", full, text)}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: text,
    });
  };

  it("refuses an unknown app id (404), bad events (400) and data over 100 KB (413)", async () => {
    expect((await post("/events", { name: "e", channels: ["a"], data: "{}" }, "999")).status).toBe(404);
    expect((await post("/events", { name: "e", channels: [], data: "{}" })).status).toBe(400);
    expect((await post("/events", { name: "e", channels: ["a"], data: {} })).status).toBe(400);
    expect((await post("/events", { name: "e", channels: ["a"], data: "{}", socket_id: "nope" })).status).toBe(400);
    expect((await post("/events", { name: "e", channels: ["a"], data: "x".repeat(101 * 1024) })).status).toBe(413);
    expect(
      (await post("/batch_events", { batch: Array.from({ length: 11 }, () => ({ name: "e", channel: "a", data: "{}" })) })).status,
    ).toBe(400);
    expect((await post("/batch_events", { batch: [{ name: "e", channel: "a", data: "{}" }] })).status).toBe(200);
  });

  it("refuses a body that does not match body_md5 (401)", async () => {
    const path = `/apps/${server.app.appId}/events`;
    const signed = JSON.stringify({ name: "e", channels: ["a"], data: "{}" });
    const other = JSON.stringify({ name: "e", channels: ["b"], data: "{}" });
    const res = await fetch(`${server.baseUrl}${path}?${signedQuery(server.app, "POST", path, signed)}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: other,
    });
    expect(res.status).toBe(401);
  });
});
