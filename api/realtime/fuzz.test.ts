/**
 * The realtime server under hostile traffic: malformed, unknown, oversized and unauthorised frames, and
 * floods of sockets, subscriptions and client events from many addresses at once. It must stay up, refuse
 * what it should, answer a fresh client, and give back what the flood held once it disconnects: its
 * registry's channels (counted exactly) and its heap (measured after a full garbage collection).
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApi, type TestApi } from "../testing/harness.ts";
import { connected, nextEvent, pusherClient, subscribed } from "../testing/realtime-clients.ts";
import { DEFAULT_ADDRESS_LIMITS } from "./limits.ts";
import {
  establishedRaw,
  openRaw,
  rawSockets,
  subscribeFrame,
  type EstablishedSocket,
  type RawFrame,
} from "../testing/realtime-raw-socket.ts";
import { signChannel } from "./signing.ts";
import { serveRealtime, type RealtimeTestServer } from "../testing/realtime-server.ts";

/** A presence channel as the protocol sees one: signed by the test, whatever its name. */
const SIGNED_PRESENCE = "presence-chat.1";
/** A presence channel where no rule passes client events on. */
const FLOODED = "presence-flood";

let t: TestApi;
let server: RealtimeTestServer;

beforeAll(async () => {
  t = await createTestApi();
  // Behind a "proxy", so that one test process can be many addresses (X-Forwarded-For's last hop).
  server = await serveRealtime({ db: t.database.db, config: t.config, limits: { trustProxy: true } });
});

afterAll(async () => {
  for (const ws of rawSockets) ws.terminate();
  await server.close();
  await t.close();
});

const from = (address: string) => ({ headers: { "X-Forwarded-For": address } });
const registry = () => server.realtime.server.registry;

/** The next `count` frames the socket receives. */
async function answers(socket: EstablishedSocket, count: number): Promise<RawFrame[]> {
  const read: RawFrame[] = [];
  while (read.length < count) read.push(await socket.next());
  return read;
}

/** A fresh client can still connect, subscribe and receive what the app publishes. */
async function stillServes(channel: string) {
  const client = pusherClient(server);
  try {
    await connected(client);
    const subscription = client.subscribe(channel);
    await subscribed(subscription);
    const received = nextEvent(subscription, "App.Events.Alive");
    await server.realtime.broadcaster.publish([{ channels: [channel], event: "App.Events.Alive", data: { ok: true } }]);
    expect(await received).toEqual({ ok: true });
  } finally {
    client.disconnect();
  }
}

/** Heap in use after a full collection, or null where the collector cannot be reached. */
function heapAfterGc(): number | null {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("typeof gc === 'function' ? gc : null") as (() => void) | null;
  if (!gc) return null;
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed;
}

describe("hostile frames on one socket", () => {
  it("malformed, unknown and unauthorised frames are refused one by one, and the socket and the server go on", async () => {
    const socket = await establishedRaw(server, from("198.51.100.1"));
    const bad: unknown[] = [
      "not json",
      "[1,2,3]",
      "null",
      '"a string"',
      "{}",
      { event: 42 },
      { event: "pusher:subscribe", data: "{not json" },
    ];
    for (const frame of bad) socket.send(frame);
    socket.ws.send(Buffer.from([0, 1, 2, 3]), { binary: true });
    const formatErrors = await answers(socket, 7);
    expect(formatErrors.map((frame) => frame.event)).toEqual([...Array(6).fill("pusher:error"), "pusher:subscription_error"]);
    expect(formatErrors.slice(0, 6).map((frame) => (frame.data as { code: number }).code)).toEqual(Array(6).fill(4200));
    expect(await socket.next()).toMatchObject({ event: "pusher:error", data: { code: 4200 } });

    // Unknown events (ours or the protocol's) get no answer at all: a ping afterwards is answered first.
    // (pusher:signin is answered: a bad one ends the connection, user-signin.test.ts.)
    for (const event of ["pusher:cache_miss", "pusher_internal:member_added", "App.Events.Forged", "anything"])
      socket.send({ event, channel: "startup.1", data: {} });
    const refusals = [
      { event: "pusher:subscribe", data: { channel: "x".repeat(201) } },
      { event: "pusher:subscribe", data: { channel: "bad name!" } },
      { event: "pusher:subscribe", data: { channel: "#server-to-user-1" } },
      { event: "pusher:subscribe", data: { channel: "private-App.Models.User.1" } },
      { event: "pusher:subscribe", data: { channel: "private-App.Models.User.1", auth: `${server.app.key}:forged` } },
      {
        event: "pusher:subscribe",
        data: { channel: "private-App.Models.User.1", auth: signChannel(server.app, "1.1", "private-App.Models.User.1") },
      },
      {
        event: "pusher:subscribe",
        data: { channel: SIGNED_PRESENCE, auth: signChannel(server.app, socket.socketId, SIGNED_PRESENCE) },
      },
      // channel_data changed after signing: the signature no longer matches.
      {
        event: "pusher:subscribe",
        data: {
          channel: SIGNED_PRESENCE,
          auth: signChannel(server.app, socket.socketId, SIGNED_PRESENCE, '{"user_id":1}'),
          channel_data: '{"user_id":2}',
        },
      },
      // Signed, but naming nobody.
      {
        event: "pusher:subscribe",
        data: { channel: SIGNED_PRESENCE, auth: signChannel(server.app, socket.socketId, SIGNED_PRESENCE, "{}"), channel_data: "{}" },
      },
      { event: "client-typing", channel: "presence-chat.1", data: {} },
      { event: "client-typing", data: {} },
    ];
    for (const frame of refusals) socket.send(frame);
    const refused = await answers(socket, refusals.length);
    expect(
      refused.map((frame) => [
        frame.event,
        (frame.data as { status?: number; code?: number }).status ?? (frame.data as { code: number }).code,
      ]),
    ).toEqual([
      ["pusher:subscription_error", 400],
      ["pusher:subscription_error", 400],
      ["pusher:subscription_error", 400],
      ...Array(5).fill(["pusher:subscription_error", 401]),
      ["pusher:subscription_error", 400],
      ["pusher:error", 4009],
      ["pusher:error", 4009],
    ]);
    expect(registry().channelsKept).toBe(0);
    socket.send({ event: "pusher:ping" });
    expect(await socket.next()).toEqual({ event: "pusher:pong", data: {} });

    // A frame over the size cap ends the socket (1009) before it is held in memory; the server goes on.
    socket.send({ event: "client-typing", channel: "presence-chat.1", data: "x".repeat(64 * 1024) });
    expect(await socket.closed).toBe(1009);
    await stillServes("fuzz.alive.1");
  });

  it("a flood of client events on a presence channel no rule opens to them, from 5 sockets of one account, reaches none of 20 listeners", async () => {
    const member = { user_id: 7, user_info: { name: "Flooder" } };
    const listeners = await Promise.all(Array.from({ length: 20 }, (_, i) => establishedRaw(server, from(`198.51.100.${10 + i}`))));
    for (const [i, listener] of listeners.entries()) {
      listener.send(subscribeFrame(server, listener.socketId, FLOODED, { user_id: 100 + i }));
      expect(await listener.next()).toMatchObject({ event: "pusher_internal:subscription_succeeded" });
    }
    const senders = await Promise.all(Array.from({ length: 5 }, () => establishedRaw(server, from("198.51.100.2"))));
    for (const sender of senders) {
      sender.send(subscribeFrame(server, sender.socketId, FLOODED, member));
      expect(await sender.next()).toMatchObject({ event: "pusher_internal:subscription_succeeded" });
    }
    const data = { text: "x".repeat(9 * 1024) };
    for (let i = 0; i < 50; i++) for (const sender of senders) sender.send({ event: "client-spam", channel: FLOODED, data });
    for (const sender of senders) {
      const refusals = (await answers(sender, 50)).filter((frame) => frame.event === "pusher:error");
      expect(refusals).toHaveLength(50);
    }
    // Each listener's next frame after the flood is the marker published after it: no client event came first.
    await server.realtime.broadcaster.publish([{ channels: [FLOODED], event: "App.Events.Marker", data: {} }]);
    for (const listener of listeners) {
      let frame = await listener.next();
      while (frame.event === "pusher_internal:member_added") frame = await listener.next();
      expect(frame.event).toBe("App.Events.Marker");
    }
    for (const socket of [...listeners, ...senders]) socket.ws.terminate();
    await vi.waitFor(() => expect(registry().channelsKept).toBe(0));
  });
});

describe("a flood of sockets and subscriptions from many addresses", () => {
  const ADDRESSES = 10;
  const {
    maxConnectionsPerAddress: perAddress,
    maxSubscriptionsPerConnection: perSocket,
    maxSubscriptionsPerAddress: perAddressSubscriptions,
  } = DEFAULT_ADDRESS_LIMITS;

  /** Sockets per address that ask for subscriptions: enough to pass the address's cap. */
  const SUBSCRIBERS = perAddressSubscriptions / perSocket + 2;
  const ASKED = perSocket + 5;

  /**
   * Every address opens its cap of sockets and 10 more; SUBSCRIBERS of its sockets ask for ASKED
   * subscriptions each, all at once: past the cap per socket, and together past the cap per address.
   */
  async function flood(round: number) {
    const sockets: EstablishedSocket[] = [];
    let refusedSockets = 0;
    let succeeded = 0;
    let refused = 0;
    await Promise.all(
      Array.from({ length: ADDRESSES }, async (_, a) => {
        const attempts = Array.from({ length: perAddress + 10 }, () => openRaw(server, from(`192.0.2.${a + 1}`)));
        const mine: EstablishedSocket[] = [];
        for (const socket of attempts) {
          const hello = await socket.next();
          if (hello.event === "pusher:connection_established")
            mine.push({ ...socket, socketId: (hello.data as { socket_id: string }).socket_id });
          else if ((hello.data as { code: number }).code === 4100) refusedSockets++;
        }
        sockets.push(...mine);
        await Promise.all(
          mine.slice(0, SUBSCRIBERS).map(async (socket, s) => {
            // Each socket its own channels: the flood is at its worst when every subscription is a new channel.
            for (let c = 0; c < ASKED; c++) socket.send(subscribeFrame(server, socket.socketId, `flood.${round}.${a}.${s}.${c}`));
            for (const frame of await answers(socket, ASKED)) {
              if (frame.event === "pusher_internal:subscription_succeeded") succeeded++;
              else if (frame.event === "pusher:subscription_error") refused++;
            }
          }),
        );
      }),
    );
    return { sockets, refusedSockets, succeeded, refused };
  }

  it(
    `${ADDRESSES} addresses × ${perAddress + 10} sockets, ${SUBSCRIBERS} of them asking ${ASKED} subscriptions: ` +
      "the caps hold, the server answers, and what the flood held is given back",
    async () => {
      // A first round warms up what stays (compiled code, ws's buffers), so the heap is compared like for like.
      const warmUp = await flood(0);
      for (const socket of warmUp.sockets) socket.ws.terminate();
      await vi.waitFor(() => expect(server.realtime.server.connectionCount).toBe(0), { timeout: 30_000 });
      warmUp.sockets.length = 0;
      const heapBefore = heapAfterGc();

      const { sockets, refusedSockets, succeeded, refused } = await flood(1);
      expect(sockets).toHaveLength(ADDRESSES * perAddress);
      expect(refusedSockets).toBe(ADDRESSES * 10);
      // Per address, the subscription cap binds before the per-socket one does.
      expect(succeeded).toBe(ADDRESSES * perAddressSubscriptions);
      expect(refused).toBe(ADDRESSES * SUBSCRIBERS * ASKED - succeeded);
      expect(registry().channelsKept).toBe(ADDRESSES * perAddressSubscriptions);
      await stillServes("fuzz.alive.2");

      for (const socket of sockets) socket.ws.terminate();
      await vi.waitFor(() => expect(server.realtime.server.connectionCount).toBe(0), { timeout: 30_000 });
      sockets.length = 0;
      expect(registry().channelsKept).toBe(0);
      expect(server.realtime.server.addressLimits.addressCount).toBe(0);

      const heapAfter = heapAfterGc();
      if (heapBefore !== null && heapAfter !== null) {
        // The flood held about 11 MB (10,000 channels, 1,000 sockets); what stays after it is gone is noise (~0.2 MB).
        expect(heapAfter - heapBefore).toBeLessThan(4 * 1024 * 1024);
      }
      await stillServes("fuzz.alive.3");
    },
    120_000,
  );
});
