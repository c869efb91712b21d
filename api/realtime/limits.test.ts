/**
 * What one address and one socket may hold: sockets per address (refused with 4100, over capacity),
 * subscriptions per socket and per address (refused with a subscription_error the socket survives). Each
 * limit is tested with everything sent at once, as an abuser would.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApi, type TestApi } from "../testing/harness.ts";
import { connected, nextError, pusherClient, subscribed } from "../testing/realtime-clients.ts";
import { DEFAULT_ADDRESS_LIMITS } from "./limits.ts";
import {
  establishedRaw,
  openRaw,
  rawSockets,
  subscribeFrame,
  type EstablishedSocket,
  type RawFrame,
  type RawSocket,
} from "../testing/realtime-raw-socket.ts";
import type { SocketServerOptions } from "./socket-server.ts";
import { serveRealtime, type RealtimeTestServer } from "../testing/realtime-server.ts";

let t: TestApi;
const servers: RealtimeTestServer[] = [];

beforeAll(async () => {
  t = await createTestApi();
});

afterAll(async () => {
  for (const ws of rawSockets) ws.terminate();
  for (const server of servers) await server.close();
  await t.close();
});

async function serve(limits: Omit<SocketServerOptions, "app" | "log"> = {}) {
  const server = await serveRealtime({ db: t.database.db, config: t.config, limits });
  servers.push(server);
  return server;
}

/** Opens `count` sockets at once; answers the established ones and the close codes of the refused ones. */
async function openAtOnce(server: RealtimeTestServer, count: number, headers?: Record<string, string>) {
  const sockets = Array.from({ length: count }, () => openRaw(server, { headers }));
  const firsts = await Promise.all(sockets.map((socket) => socket.next()));
  const established: RawSocket[] = [];
  const refusals: Promise<number>[] = [];
  firsts.forEach((first, i) => {
    if (first.event === "pusher:connection_established") established.push(sockets[i]);
    else {
      expect(first).toEqual({ event: "pusher:error", data: { code: 4100, message: "Over capacity" } });
      refusals.push(sockets[i].closed);
    }
  });
  return { established, refusedCodes: await Promise.all(refusals) };
}

/** Sends `channels.length` subscriptions at once and reads every answer. */
async function subscribeAtOnce(server: RealtimeTestServer, socket: EstablishedSocket, channels: string[]): Promise<RawFrame[]> {
  for (const channel of channels) socket.send(subscribeFrame(server, socket.socketId, channel));
  const answers: RawFrame[] = [];
  for (let i = 0; i < channels.length; i++) answers.push(await socket.next());
  return answers;
}

const succeeded = (answers: RawFrame[]) => answers.filter((frame) => frame.event === "pusher_internal:subscription_succeeded").length;
const refused = (answers: RawFrame[]) => answers.filter((frame) => frame.event === "pusher:subscription_error");

describe("sockets per address", () => {
  it(
    `default ${DEFAULT_ADDRESS_LIMITS.maxConnectionsPerAddress}: of ${DEFAULT_ADDRESS_LIMITS.maxConnectionsPerAddress + 20} ` +
      "opened at once from one address, the extra 20 are refused with 4100",
    async () => {
      const server = await serve();
      const cap = DEFAULT_ADDRESS_LIMITS.maxConnectionsPerAddress;
      const { established, refusedCodes } = await openAtOnce(server, cap + 20);
      expect(established).toHaveLength(cap);
      expect(refusedCodes).toEqual(Array(20).fill(4100));
      expect(server.realtime.server.connectionCount).toBe(cap);

      // A socket that goes gives its place back.
      established[0].ws.close();
      await established[0].closed;
      await vi.waitFor(() => expect(server.realtime.server.connectionCount).toBe(cap - 1));
      await establishedRaw(server);
      for (const socket of established) socket.ws.terminate();
    },
  );

  it("pusher-js is refused with 4100 (it backs off and retries) once its address holds the cap", async () => {
    const server = await serve({ maxConnectionsPerAddress: 1 });
    await establishedRaw(server);
    const client = pusherClient(server);
    try {
      expect(await nextError(client)).toEqual({ code: 4100, message: "Over capacity" });
    } finally {
      client.disconnect();
    }
  });

  it("behind a trusted proxy, each client address (the last X-Forwarded-For hop) has its own cap; without TRUST_PROXY the header is ignored", async () => {
    const proxied = await serve({ maxConnectionsPerAddress: 2, trustProxy: true });
    const first = await openAtOnce(proxied, 3, { "X-Forwarded-For": "203.0.113.1" });
    expect([first.established.length, first.refusedCodes]).toEqual([2, [4100]]);
    // A client naming someone else's address first still counts as the address the proxy added.
    const second = await openAtOnce(proxied, 3, { "X-Forwarded-For": "203.0.113.1, 203.0.113.2" });
    expect([second.established.length, second.refusedCodes]).toEqual([2, [4100]]);
    expect(proxied.realtime.server.addressLimits.addressCount).toBe(2);

    const direct = await serve({ maxConnectionsPerAddress: 2 });
    await openAtOnce(direct, 1, { "X-Forwarded-For": "203.0.113.3" });
    const other = await openAtOnce(direct, 2, { "X-Forwarded-For": "203.0.113.4" });
    expect([other.established.length, other.refusedCodes]).toEqual([1, [4100]]);
  });
});

describe("subscriptions", () => {
  it(
    `default ${DEFAULT_ADDRESS_LIMITS.maxSubscriptionsPerConnection} per socket: ` +
      `of ${DEFAULT_ADDRESS_LIMITS.maxSubscriptionsPerConnection + 5} sent at once, ` +
      "5 get a LimitReached subscription_error and the socket stays",
    async () => {
      const server = await serve();
      const cap = DEFAULT_ADDRESS_LIMITS.maxSubscriptionsPerConnection;
      const socket = await establishedRaw(server);
      const answers = await subscribeAtOnce(
        server,
        socket,
        Array.from({ length: cap + 5 }, (_, i) => `flood.${i}`),
      );
      expect(succeeded(answers)).toBe(cap);
      expect(refused(answers)).toHaveLength(5);
      expect(refused(answers)[0]).toEqual({
        event: "pusher:subscription_error",
        channel: expect.stringMatching(/^flood\./),
        data: { type: "LimitReached", error: `At most ${cap} subscriptions per connection`, status: 429 },
      });
      expect(server.realtime.server.registry.occupied("flood.")).toHaveLength(cap);

      // Subscribing again to a channel it is in costs nothing; leaving one makes room for another.
      expect(await subscribeAtOnce(server, socket, ["flood.0"])).toEqual([
        { event: "pusher_internal:subscription_succeeded", channel: "flood.0", data: {} },
      ]);
      socket.send({ event: "pusher:unsubscribe", data: { channel: "flood.0" } });
      expect(succeeded(await subscribeAtOnce(server, socket, ["flood.new"]))).toBe(1);
      socket.send({ event: "pusher:ping", data: {} });
      expect(await socket.next()).toEqual({ event: "pusher:pong", data: {} });
    },
  );

  it("pusher-js passes the refusal to the channel's error handlers (status 429)", async () => {
    const server = await serve({ maxSubscriptionsPerConnection: 1 });
    const client = pusherClient(server);
    try {
      await connected(client);
      await subscribed(client.subscribe("first"));
      await expect(subscribed(client.subscribe("second"))).rejects.toEqual({
        type: "LimitReached",
        error: "At most 1 subscriptions per connection",
        status: 429,
      });
    } finally {
      client.disconnect();
    }
  });

  it("per address: two sockets asking 5 each at once, with 8 allowed to the address, get 8; a socket that goes gives its share back", async () => {
    const server = await serve({ maxSubscriptionsPerConnection: 5, maxSubscriptionsPerAddress: 8 });
    const [a, b] = [await establishedRaw(server), await establishedRaw(server)];
    const names = (prefix: string) => Array.from({ length: 5 }, (_, i) => `${prefix}.${i}`);
    const [fromA, fromB] = await Promise.all([subscribeAtOnce(server, a, names("a")), subscribeAtOnce(server, b, names("b"))]);
    expect(succeeded(fromA) + succeeded(fromB)).toBe(8);
    expect([...refused(fromA), ...refused(fromB)].map((frame) => (frame.data as { error: string }).error)).toEqual(
      Array(2).fill("At most 8 subscriptions per address"),
    );

    a.ws.close();
    await a.closed;
    await vi.waitFor(() => expect(server.realtime.server.connectionCount).toBe(1));
    const c = await establishedRaw(server);
    expect(succeeded(await subscribeAtOnce(server, c, names("c")))).toBe(5);
  });
});
