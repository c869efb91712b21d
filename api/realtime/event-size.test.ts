/**
 * The publishers refuse an event whose data is over Pusher's 10,240 bytes: thrown in tests (the route that
 * queued it fails), and on a running server logged with its event and channels and left out, the rest of
 * the batch still going out. Over the embedded server and over the HTTP API to a Pusher-compatible one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_EVENT_DATA_BYTES } from "#schemas/realtime.ts";
import { createTestApi, type TestApi } from "../testing/harness.ts";
import { connected, nextEvent, pusherClient, subscribed } from "../testing/realtime-clients.ts";
import { serveRealtime, type RealtimeTestServer } from "../testing/realtime-server.ts";
import { publishAfterCommit, type BroadcastMessage } from "./broadcaster.ts";
import { defaultOversizeHandling, OversizeEventError } from "./event-size.ts";
import type { PublishedEvent } from "./http-api.ts";
import { httpBroadcaster, localBroadcaster, toPublishedEvents } from "./publisher.ts";

const EVENT = "App.Events.FollowersCountChanged" as const;
/** A message whose data, as JSON, is exactly `bytes` long: {"text":"…"} around the padding. */
const sized = (bytes: number, channels = ["startup.1"]): BroadcastMessage => ({
  channels,
  event: EVENT,
  data: { text: "é".repeat(Math.floor((bytes - 11) / 2)) + "x".repeat((bytes - 11) % 2) },
});

let t: TestApi;
let server: RealtimeTestServer;

beforeAll(async () => {
  t = await createTestApi();
  server = await serveRealtime({ db: t.database.db, config: t.config });
});
afterAll(async () => {
  await server.close();
  await t.close();
});

describe("an event over Pusher's limit", () => {
  it("is measured in UTF-8 bytes of its JSON: exactly the limit passes, one byte more is refused", () => {
    expect(Buffer.byteLength(JSON.stringify(sized(MAX_EVENT_DATA_BYTES).data))).toBe(MAX_EVENT_DATA_BYTES);
    expect(toPublishedEvents([sized(MAX_EVENT_DATA_BYTES)], { oversize: "throw" })).toHaveLength(1);
    expect(() => toPublishedEvents([sized(MAX_EVENT_DATA_BYTES + 1)], { oversize: "throw" })).toThrow(OversizeEventError);
  });

  it("throws where tests run (NODE_ENV=test), and only warns on a running server", () => {
    expect(defaultOversizeHandling()).toBe("throw");
    expect(defaultOversizeHandling({ NODE_ENV: "production" })).toBe("warn");
    expect(defaultOversizeHandling({})).toBe("warn");
  });

  it("in tests, the embedded server's broadcaster publishes nothing of the batch and publishAfterCommit throws", async () => {
    const published: PublishedEvent[][] = [];
    const broadcaster = localBroadcaster(async (events) => void published.push(events));
    const logged: string[] = [];
    const refused = publishAfterCommit(broadcaster, [sized(100), sized(20_000, ["private-chat.4"])], (message) => logged.push(message));
    await expect(refused).rejects.toThrow(OversizeEventError);
    await expect(refused).rejects.toThrow(/App\.Events\.FollowersCountChanged on private-chat\.4 carries 20000 bytes/);
    expect(published).toEqual([]);
    expect(logged).toEqual([]);
  });

  it("on a running server, is logged with its event and channels and left out; the rest reaches the sockets, embedded or over the HTTP API", async () => {
    const listener = pusherClient(server);
    try {
      await connected(listener);
      const channel = listener.subscribe("startup.5");
      await subscribed(channel);
      const warnings: string[] = [];
      const embedded = localBroadcaster((events) => server.realtime.publish(events), { oversize: "warn", log: (m) => warnings.push(m) });
      const overHttp = httpBroadcaster({
        app: server.app,
        baseUrl: server.baseUrl,
        oversize: "warn",
        log: (m) => warnings.push(m),
      });
      for (const broadcaster of [embedded, overHttp]) {
        const received: unknown[] = [];
        const handler = (data: unknown) => received.push(data);
        channel.bind(EVENT, handler);
        const marker = nextEvent<{ n: number }>(channel, "App.Events.Marker");
        await broadcaster.publish([
          sized(MAX_EVENT_DATA_BYTES + 1, ["startup.5", "startup.6"]),
          { channels: ["startup.5"], event: EVENT, data: { n: 1 } },
        ]);
        await broadcaster.publish([{ channels: ["startup.5"], event: "App.Events.Marker", data: { n: 2 } }]);
        // Events reach a socket in the order they were published: once the marker is here, the others would be.
        await marker;
        channel.unbind(EVENT, handler);
        expect(received).toEqual([{ n: 1 }]);
      }
      expect(warnings).toHaveLength(2);
      for (const warning of warnings)
        expect(warning).toContain(`App.Events.FollowersCountChanged on startup.5, startup.6 carries ${MAX_EVENT_DATA_BYTES + 1} bytes`);
    } finally {
      listener.disconnect();
    }
  });
});
