/**
 * Two app instances on one PostgreSQL database deliver each other's events: what the HTTP API or the
 * app's broadcaster publishes on one reaches the other's sockets, large payloads included, and client
 * events cross too. Registered only when TEST_DATABASE_URL names a server (the suite's PostgreSQL run).
 */
import Pusher from "pusher";
import PusherJs from "pusher-js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultApiConfig } from "../config.ts";
import { openDatabase, type Database } from "../db/client.ts";
import { ensureAccessModel } from "../modules/access/service.ts";
import { temporaryDatabase } from "../testing/temporary-database.ts";
import { clientOptions, connected, nextEvent, pusherClient, subscribed } from "./clients.ts";
import { MAX_NOTIFY_BYTES } from "./postgres-fanout.ts";
import { signChannel } from "./signing.ts";
import { serveRealtime, type RealtimeTestServer } from "./test-server.ts";

const serverUrl = process.env.TEST_DATABASE_URL;
const app = { appId: "424242", key: "fanout-key", secret: "fanout-secret" };

// Registered only in the PostgreSQL run of the suite, as server/server.test.ts does.
if (serverUrl) describe("two instances on PostgreSQL", () => {
  let drop = async () => {};
  const databases: Database[] = [];
  let a: RealtimeTestServer;
  let b: RealtimeTestServer;
  const clients: { disconnect(): void }[] = [];

  beforeAll(async () => {
    const temporary = await temporaryDatabase(serverUrl!, "launchpad_fanout");
    drop = temporary.drop;
    for (let i = 0; i < 2; i++) databases.push(await openDatabase({ databaseUrl: temporary.url, poolSize: 3 }));
    await databases[0].migrate();
    await ensureAccessModel(databases[0].db);
    a = await serveRealtime({ db: databases[0].db, config: defaultApiConfig, databaseUrl: temporary.url, app });
    b = await serveRealtime({ db: databases[1].db, config: defaultApiConfig, databaseUrl: temporary.url, app });
  });

  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await a?.close();
    await b?.close();
    for (const database of databases) await database.close();
    await drop();
  });

  const listener = async (server: RealtimeTestServer, channelName: string) => {
    const client = pusherClient(server);
    clients.push(client);
    const channel = client.subscribe(channelName);
    await subscribed(channel);
    return channel;
  };

  it("an event triggered through one instance's HTTP API reaches a socket on the other", async () => {
    const channel = await listener(b, "startup.1");
    const received = nextEvent(channel, "App.Events.FollowersCountChanged");
    const sdk = new Pusher({ ...app, host: "127.0.0.1", port: String(a.port), useTLS: false });
    await sdk.trigger("startup.1", "App.Events.FollowersCountChanged", { startup_id: 1, followers_count: 5 });
    expect(await received).toEqual({ startup_id: 1, followers_count: 5 });
  });

  it("the app's broadcaster on one instance reaches the other, payloads over NOTIFY's limit too", async () => {
    const channel = await listener(a, "startup.2");
    const small = nextEvent(channel, "App.Events.Small");
    await b.realtime.broadcaster.publish([{ channels: ["startup.2"], event: "App.Events.Small", data: { n: 1 } }]);
    expect(await small).toEqual({ n: 1 });
    const text = "é".repeat(MAX_NOTIFY_BYTES);
    const large = nextEvent(channel, "App.Events.Large");
    await b.realtime.broadcaster.publish([{ channels: ["startup.2"], event: "App.Events.Large", data: { text } }]);
    expect(await large).toEqual({ text });
  });

  it("client events cross instances, with the sender's presence user id", async () => {
    const channelName = "presence-chat.1";
    const join = async (server: RealtimeTestServer, userId: number) => {
      // Signed here as /broadcasting/auth would sign it: the authorisation rules are tested elsewhere.
      const channel_data = JSON.stringify({ user_id: userId, user_info: { name: `User ${userId}` } });
      const client = new PusherJs(app.key, {
        ...clientOptions(server),
        channelAuthorization: {
          endpoint: "",
          transport: "ajax",
          customHandler: ({ socketId, channelName: name }, callback) => callback(null, { auth: signChannel(app, socketId, name, channel_data), channel_data }),
        },
      });
      clients.push(client);
      await connected(client);
      const channel = client.subscribe(channelName);
      await subscribed(channel);
      return channel;
    };
    const onA = await join(a, 1);
    const onB = await join(b, 2);
    const typing = new Promise<{ data: unknown; user_id?: string }>((resolve) => onB.bind("client-typing", (data: unknown, meta: { user_id?: string }) => resolve({ data, user_id: meta?.user_id })));
    await vi.waitFor(() => expect(b.realtime.server.registry.subscriptionCount(channelName)).toBe(1));
    onA.trigger("client-typing", { name: "User 1" });
    expect(await typing).toEqual({ data: { name: "User 1" }, user_id: "1" });
  });
});
