/**
 * The embedded realtime server with real clients: pusher-js (Node build) and laravel-echo connect,
 * authorise through POST /broadcasting/auth, and receive what the official `pusher` SDK and the app's own
 * broadcaster publish.
 */
import Echo from "laravel-echo";
import Pusher from "pusher";
import PusherJs from "pusher-js";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { conversationParticipants, conversations } from "../db/realtime-schema.ts";
import { PASSWORD, registered } from "../testing/fixtures.ts";
import { createTestApi, type TestApi } from "../testing/harness.ts";
import { defaultApiConfig } from "../config.ts";
import { openDatabase, type Database } from "../db/client.ts";
import { ensureAccessModel } from "../modules/access/service.ts";
import { temporaryDatabase } from "../testing/temporary-database.ts";
import { MAX_NOTIFY_BYTES } from "./postgres-fanout.ts";
import {
  clientOptions,
  connected,
  memberIds,
  nextError,
  nextEvent,
  pusherClient,
  subscribed,
  type PresenceChannel,
  serverSdk,
} from "../testing/realtime-clients.ts";
import { chatPresenceChannel, echoChannelName, MAX_EVENT_DATA_BYTES } from "#schemas/realtime.ts";
import { httpBroadcaster } from "./publisher.ts";
import { signChannel, signedQuery } from "./signing.ts";
import { serveRealtime, type RealtimeTestServer } from "../testing/realtime-server.ts";

let t: TestApi;
let server: RealtimeTestServer;
let sdk: Pusher;
const open: { disconnect(): void }[] = [];
type Account = Awaited<ReturnType<typeof registered>> & { token: string };
let alice: Account;
let bob: Account;

async function account(name: string): Promise<Account> {
  const user = await registered(t, name);
  const res = await t.client().post("/sanctum/token", { email: user.email, password: PASSWORD, device_name: "test" });
  return { ...user, token: res.body.token };
}

/** A conversation of Alice and Bob (`kind` keeps each test's apart); its presence channel. */
async function aliceAndBob(kind: string): Promise<string> {
  const [conversation] = await t.database.db
    .insert(conversations)
    .values({ pairKey: `${alice.id}:${bob.id}:${kind}` })
    .returning();
  await t.database.db.insert(conversationParticipants).values([
    { conversationId: conversation.id, userId: alice.id },
    { conversationId: conversation.id, userId: bob.id },
  ]);
  return chatPresenceChannel(conversation.id);
}

/** A pusher-js client, disconnected after the test. */
function client(auth?: Parameters<typeof pusherClient>[1], key?: string) {
  const created = pusherClient(server, auth, key);
  open.push(created);
  return created;
}

function echoFor(user: Account) {
  const echo = new Echo({ broadcaster: "pusher", key: server.app.key, Pusher: PusherJs, ...clientOptions(server, { bearer: user.token }) });
  open.push(echo);
  return echo;
}

beforeAll(async () => {
  t = await createTestApi();
  server = await serveRealtime({ db: t.database.db, config: t.config });
  sdk = serverSdk(server);
  alice = await account("Alice");
  bob = await account("Bob");
});

afterEach(() => {
  for (const created of open.splice(0)) created.disconnect();
});

afterAll(async () => {
  await server.close();
  await t.close();
});

describe("pusher-js and the official SDK", () => {
  it("connects with a socket id and receives an event triggered through the HTTP API", async () => {
    const pusher = client();
    expect(await connected(pusher)).toMatch(/^\d+\.\d+$/);
    const channel = pusher.subscribe("startup.7");
    await subscribed(channel);
    const received = nextEvent(channel, "App.Events.FollowersCountChanged");
    const res = await sdk.trigger("startup.7", "App.Events.FollowersCountChanged", { startup_id: 7, followers_count: 3 });
    expect(res.status).toBe(200);
    expect(await received).toEqual({ startup_id: 7, followers_count: 3 });
  });

  /**
   * Two sockets on `channel`: `send(firstId)` publishes events there, the last one to everyone. Answers what
   * the first socket saw once the second has seen all `count` of them.
   */
  async function seenByTheSender(channel: string, count: number, send: (firstId: string) => Promise<void>) {
    const [first, second] = [client(), client()];
    const firstId = await connected(first);
    await connected(second);
    const [a, b] = [first.subscribe(channel), second.subscribe(channel)];
    await Promise.all([subscribed(a), subscribed(b)]);
    const seenByFirst: string[] = [];
    a.bind("App.Events.FollowersCountChanged", (data: { n: string }) => seenByFirst.push(data.n));
    const secondGotAll = new Promise<void>((resolve) => {
      const seen: string[] = [];
      b.bind("App.Events.FollowersCountChanged", (data: { n: string }) => seen.push(data.n) === count && resolve());
    });
    const lastForFirst = nextEvent(a, "App.Events.FollowersCountChanged");
    await send(firstId);
    await Promise.all([secondGotAll, lastForFirst]);
    return seenByFirst;
  }

  it("leaves out the socket named by socket_id (the one that caused the event)", async () => {
    const seen = await seenByTheSender("startup.8", 2, async (firstId) => {
      await sdk.trigger("startup.8", "App.Events.FollowersCountChanged", { n: "excluded" }, { socket_id: firstId });
      await sdk.trigger("startup.8", "App.Events.FollowersCountChanged", { n: "everyone" });
    });
    expect(seen).toEqual(["everyone"]);
  });

  it("the app's broadcasters leave out the socket of the request that caused a message, embedded or over the HTTP API", async () => {
    const message = (n: string, socketId?: string) => ({
      channels: ["startup.9"],
      event: "App.Events.FollowersCountChanged" as const,
      data: { n },
      ...(socketId ? { socketId } : {}),
    });
    const overHttp = httpBroadcaster({ app: server.app, baseUrl: `http://127.0.0.1:${server.port}` });
    const seen = await seenByTheSender("startup.9", 3, async (firstId) => {
      await server.realtime.broadcaster.publish([message("embedded", firstId)]);
      await overHttp.publish([message("over http", firstId)]);
      await overHttp.publish([message("everyone")]);
    });
    expect(seen).toEqual(["everyone"]);
  });

  it("reports channels and their counts through the HTTP API", async () => {
    const channel = await aliceAndBob("figures");
    const pusher = client({ bearer: alice.token });
    await subscribed(pusher.subscribe(channel));
    const channels = await (await sdk.get({ path: "/channels", params: { filter_by_prefix: channel, info: "user_count" } })).json();
    expect(channels).toEqual({ channels: { [channel]: { user_count: 1 } } });
    const info = await (await sdk.get({ path: `/channels/${channel}`, params: { info: "user_count,subscription_count" } })).json();
    expect(info).toEqual({ occupied: true, user_count: 1, subscription_count: 1 });
    const empty = await (await sdk.get({ path: "/channels/startup.999", params: {} })).json();
    expect(empty).toEqual({ occupied: false });
  });

  it("refuses a wrong signature and a stale timestamp (401)", async () => {
    const forger = new Pusher({
      appId: server.app.appId,
      key: server.app.key,
      secret: "not-the-secret",
      host: "127.0.0.1",
      port: String(server.port),
      useTLS: false,
    });
    await expect(forger.trigger("startup.1", "App.Events.X", {})).rejects.toMatchObject({ status: 401 });

    const path = `/apps/${server.app.appId}/events`;
    const body = JSON.stringify({ name: "App.Events.X", channels: ["startup.1"], data: "{}" });
    const post = (now: number) =>
      fetch(`${server.baseUrl}${path}?${signedQuery(server.app, "POST", path, body, {}, now)}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
      });
    expect((await post(Date.now() - 11 * 60_000)).status).toBe(401);
    expect((await post(Date.now())).status).toBe(200);
  });
});

describe("private channels authorised by /broadcasting/auth", () => {
  it("Echo on the user's own channel (bearer token) receives what the app's broadcaster publishes", async () => {
    const echo = echoFor(alice);
    // Echo's namespace would turn "NotificationsRead" into Laravel's class name (App\\Events\\…); the
    // contract's event names are dotted, so the panel listens with the leading dot (the name as is).
    const received = new Promise((resolve) => echo.private(`App.Models.User.${alice.id}`).listen(".App.Events.NotificationsRead", resolve));
    await vi.waitFor(() => expect(server.realtime.server.registry.subscriptionCount(`private-App.Models.User.${alice.id}`)).toBe(1));
    await server.realtime.broadcaster.publish([
      { channels: [`private-App.Models.User.${alice.id}`], event: "App.Events.NotificationsRead", data: { unread_count: 0 } },
    ]);
    expect(await received).toEqual({ unread_count: 0 });
  });

  it("a session cookie with X-XSRF-TOKEN authorises too", async () => {
    const pusher = client({ cookies: alice.client.cookies });
    const channel = pusher.subscribe(`private-App.Models.User.${alice.id}`);
    await subscribed(channel);
    const received = nextEvent(channel, "App.Events.NotificationsRead");
    await sdk.trigger(`private-App.Models.User.${alice.id}`, "App.Events.NotificationsRead", { unread_count: 2 });
    expect(await received).toEqual({ unread_count: 2 });
  });

  it("someone else's private channel is refused (403) and never subscribed", async () => {
    const pusher = client({ bearer: bob.token });
    await expect(subscribed(pusher.subscribe(`private-App.Models.User.${alice.id}`))).rejects.toMatchObject({ status: 403 });
    expect(server.realtime.server.registry.subscriptionCount(`private-App.Models.User.${alice.id}`)).toBe(0);
  });

  it("a subscription signed for another socket is refused by the server", async () => {
    const pusher = client({ bearer: alice.token });
    await connected(pusher);
    const channel = `private-App.Models.User.${alice.id}`;
    const res = await fetch(`${server.baseUrl}/broadcasting/auth`, {
      method: "POST",
      headers: { Authorization: `Bearer ${alice.token}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ socket_id: "1.1", channel_name: channel }),
    });
    const { auth } = (await res.json()) as { auth: string };
    const error = nextError(pusher);
    // A hand-made frame on purpose: pusher-js always signs for its own socket.
    pusher.send_event("pusher:subscribe", { channel, auth });
    await vi.waitFor(() => expect(pusher.connection.state).toBe("connected"));
    const refusal = await Promise.race([
      error,
      new Promise((resolve) =>
        pusher.connection.bind("message", (m: { event: string }) => m.event === "pusher:subscription_error" && resolve(m)),
      ),
    ]);
    expect(refusal).toMatchObject({ event: "pusher:subscription_error", data: { type: "AuthError", status: 401 } });
    expect(server.realtime.server.registry.subscriptionCount(channel)).toBe(0);
  });
});

describe("client events", () => {
  it("are refused on a public channel, and reach nobody", async () => {
    const [sender, listener] = [client(), client()];
    const [a, b] = [sender.subscribe("startup.9"), listener.subscribe("startup.9")];
    await Promise.all([subscribed(a), subscribed(b)]);
    const leaked: unknown[] = [];
    b.bind("client-typing", (data: unknown) => leaked.push(data));
    const error = nextError(sender);
    a.trigger("client-typing", { user_id: 1 });
    expect(await error).toMatchObject({ code: 4009, message: expect.stringContaining("only supported on presence channels") });
    // The refusal came first; an event after it reaching the listener proves the whisper did not.
    const after = nextEvent(b, "App.Events.FollowersCountChanged");
    await sdk.trigger("startup.9", "App.Events.FollowersCountChanged", {});
    await after;
    expect(leaked).toEqual([]);
  });

  it("typing reaches the other participant of a chat (Echo whisper) as the server's member data says, not the sender", async () => {
    const [conversation] = await t.database.db
      .insert(conversations)
      .values({ pairKey: `${alice.id}:${bob.id}` })
      .returning();
    await t.database.db.insert(conversationParticipants).values([
      { conversationId: conversation.id, userId: alice.id },
      { conversationId: conversation.id, userId: bob.id },
    ]);
    const [echoA, echoB] = [echoFor(alice), echoFor(bob)];
    const channelA = echoA.join(`chat.${conversation.id}`);
    const whispered = new Promise((resolve) => echoB.join(`chat.${conversation.id}`).listenForWhisper("typing", resolve));
    const backToSender: unknown[] = [];
    channelA.listenForWhisper("typing", (data: unknown) => backToSender.push(data));
    await vi.waitFor(() => expect(server.realtime.server.registry.userCount(`presence-chat.${conversation.id}`)).toBe(2));
    // Whatever the sender claims, the name shown is the one /broadcasting/auth signed for it.
    channelA.whisper("typing", { user_id: bob.id, name: "Sam Super (admin)", user_info: { name: "Sam Super (admin)" } });
    expect(await whispered).toEqual({ user_id: String(alice.id), user_info: { name: "Alice" } });
    expect(backToSender).toEqual([]);
  });

  it("that no rule names are refused on a chat's presence channel, and reach nobody", async () => {
    const channel = await aliceAndBob("spam");
    const [sender, listener] = [client({ bearer: alice.token }), client({ bearer: bob.token })];
    const [a, b] = [sender.subscribe(channel), listener.subscribe(channel)];
    await Promise.all([subscribed(a), subscribed(b)]);
    const leaked: unknown[] = [];
    b.bind("client-spam", (data: unknown) => leaked.push(data));
    const error = nextError(sender);
    a.trigger("client-spam", { text: "x".repeat(100) });
    expect(await error).toMatchObject({ code: 4009, message: expect.stringContaining("is not accepted on this channel") });
    // The refusal came first; an event after it reaching the listener proves the client event did not.
    const after = nextEvent(b, "App.Events.Marker");
    await sdk.trigger(channel, "App.Events.Marker", {});
    await after;
    expect(leaked).toEqual([]);
  });

  it("over the typing event's size cap (1 KB) are refused with 4301 and reach nobody", async () => {
    const [conversation] = await t.database.db
      .insert(conversations)
      .values({ pairKey: `${alice.id}:${bob.id}:big` })
      .returning();
    await t.database.db.insert(conversationParticipants).values([
      { conversationId: conversation.id, userId: alice.id },
      { conversationId: conversation.id, userId: bob.id },
    ]);
    const channelName = `presence-chat.${conversation.id}`;
    const [sender, listener] = [client({ bearer: alice.token }), client({ bearer: bob.token })];
    const [a, b] = [sender.subscribe(channelName), listener.subscribe(channelName)];
    await Promise.all([subscribed(a), subscribed(b)]);
    const received: unknown[] = [];
    b.bind("client-typing", (data: unknown) => received.push(data));
    const error = nextError(sender);
    a.trigger("client-typing", { padding: "x".repeat(2 * 1024) });
    expect(await error).toMatchObject({ code: 4301, message: expect.stringContaining("at most 1024 bytes") });
    const small = nextEvent(b, "client-typing");
    a.trigger("client-typing", {});
    expect(await small).toEqual({ user_id: String(alice.id), user_info: { name: "Alice" } });
    expect(received).toHaveLength(1);
  });
});

describe("presence", () => {
  it("members come and go; a user with two sockets is one member", async () => {
    const channel = await aliceAndBob("presence");
    const name = echoChannelName(channel);
    const watcher = echoFor(alice);
    const here = new Promise<{ name: string }[]>((resolve) => watcher.join(name).here(resolve));
    const joined: string[] = [];
    const left: string[] = [];
    watcher.join(name).joining((user: { name: string }) => joined.push(user.name));
    watcher.join(name).leaving((user: { name: string }) => left.push(user.name));
    expect(await here).toEqual([{ name: "Alice" }]);

    const [bobPhone, bobLaptop] = [echoFor(bob), echoFor(bob)];
    bobPhone.join(name);
    bobLaptop.join(name);
    await vi.waitFor(() => expect(server.realtime.server.registry.subscriptionCount(channel)).toBe(3));
    await vi.waitFor(() => expect(joined).toEqual(["Bob"]));

    bobPhone.disconnect();
    await vi.waitFor(() => expect(server.realtime.server.registry.subscriptionCount(channel)).toBe(2));
    // Bob is still here on his laptop: an event published now arrives with no member_removed before it.
    const marker = new Promise((resolve) => watcher.join(name).listen(".App.Events.Marker", resolve));
    await sdk.trigger(channel, "App.Events.Marker", {});
    await marker;
    expect(left).toEqual([]);

    bobLaptop.disconnect();
    await vi.waitFor(() => expect(left).toEqual(["Bob"]));
  });
});

describe("the connection", () => {
  it("an unknown app key is refused with 4001", async () => {
    const pusher = client(undefined, "no-such-key");
    expect(await nextError(pusher)).toEqual({ code: 4001, message: "Application does not exist" });
  });
});

// Two app instances on one PostgreSQL database (api/realtime/postgres-fanout.ts): registered only in the
// PostgreSQL run of the suite, as server/server.test.ts does.
const serverUrl = process.env.TEST_DATABASE_URL;
const fanoutApp = { appId: "424242", key: "fanout-key", secret: "fanout-secret" };

// Registered only in the PostgreSQL run of the suite, as server/server.test.ts does.
if (serverUrl)
  describe("two instances on PostgreSQL", () => {
    let drop = async () => {};
    let url = "";
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
      a = await serveRealtime({ db: databases[0].db, config: defaultApiConfig, databaseUrl: temporary.url, app: fanoutApp });
      b = await serveRealtime({ db: databases[1].db, config: defaultApiConfig, databaseUrl: temporary.url, app: fanoutApp });
      url = temporary.url;
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
      const sdk = new Pusher({ ...fanoutApp, host: "127.0.0.1", port: String(a.port), useTLS: false });
      await sdk.trigger("startup.1", "App.Events.FollowersCountChanged", { startup_id: 1, followers_count: 5 });
      expect(await received).toEqual({ startup_id: 1, followers_count: 5 });
    });

    it("the app's broadcaster on one instance reaches the other, payloads over NOTIFY's limit too", async () => {
      const channel = await listener(a, "startup.2");
      const small = nextEvent(channel, "App.Events.Small");
      await b.realtime.broadcaster.publish([{ channels: ["startup.2"], event: "App.Events.Small", data: { n: 1 } }]);
      expect(await small).toEqual({ n: 1 });
      // The largest data the broadcaster publishes ({"text":"…"}, two bytes a character) is still over NOTIFY's limit.
      const text = "é".repeat(Math.floor((MAX_EVENT_DATA_BYTES - 11) / 2));
      expect(Buffer.byteLength(JSON.stringify({ text }))).toBeGreaterThan(MAX_NOTIFY_BYTES);
      const large = nextEvent(channel, "App.Events.Large");
      await b.realtime.broadcaster.publish([{ channels: ["startup.2"], event: "App.Events.Large", data: { text } }]);
      expect(await large).toEqual({ text });
    });

    /** A pusher-js client in `channelName` as `userId` on `server`, signed here as /broadcasting/auth would sign it. */
    const join = async (server: RealtimeTestServer, channelName: string, userId: number) => {
      const channel_data = JSON.stringify({ user_id: userId, user_info: { name: `User ${userId}` } });
      const client = new PusherJs(fanoutApp.key, {
        ...clientOptions(server),
        channelAuthorization: {
          endpoint: "",
          transport: "ajax",
          customHandler: ({ socketId, channelName: name }, callback) =>
            callback(null, { auth: signChannel(fanoutApp, socketId, name, channel_data), channel_data }),
        },
      });
      clients.push(client);
      await connected(client);
      const channel = client.subscribe(channelName) as PresenceChannel;
      await subscribed(channel);
      return { client, channel, ids: () => memberIds(channel) };
    };

    it("client events cross instances, with the sender's presence user id", async () => {
      const channelName = "presence-chat.1";
      const { channel: onA } = await join(a, channelName, 1);
      const { channel: onB } = await join(b, channelName, 2);
      const typing = new Promise<{ data: unknown; user_id?: string }>((resolve) =>
        onB.bind("client-typing", (data: unknown, meta: { user_id?: string }) => resolve({ data, user_id: meta?.user_id })),
      );
      await vi.waitFor(() => expect(b.realtime.server.registry.hasLocalSockets(channelName)).toBe(true));
      onA.trigger("client-typing", { name: "Someone Else" });
      expect(await typing).toEqual({ data: { user_id: "1", user_info: { name: "User 1" } }, user_id: "1" });
    });

    it("presence spans the instances: members on either are listed on both, and leave with their socket or their instance", async () => {
      const channelName = "presence-chat.2";
      const third = await serveRealtime({
        db: databases[1].db,
        config: defaultApiConfig,
        databaseUrl: url,
        app: fanoutApp,
        presenceHeartbeatMs: 200,
      });
      let stopped = false;
      try {
        const onA = await join(a, channelName, 1);
        const onB = await join(b, channelName, 2);
        const onThird = await join(third, channelName, 3);
        await vi.waitFor(
          () =>
            expect([onA.ids(), onB.ids(), onThird.ids()]).toEqual([
              ["1", "2", "3"],
              ["1", "2", "3"],
              ["1", "2", "3"],
            ]),
          { timeout: 5_000 },
        );
        const sdk = new Pusher({ ...fanoutApp, host: "127.0.0.1", port: String(a.port), useTLS: false });
        const users = (await (await sdk.get({ path: `/channels/${channelName}/users` })).json()) as { users: { id: string }[] };
        expect(users.users.map((user) => user.id).sort()).toEqual(["1", "2", "3"]);

        onB.client.disconnect();
        await vi.waitFor(
          () =>
            expect([onA.ids(), onThird.ids()]).toEqual([
              ["1", "3"],
              ["1", "3"],
            ]),
          { timeout: 5_000 },
        );
        // An instance that stops says goodbye: its members leave the others' lists at once.
        await third.close();
        stopped = true;
        await vi.waitFor(() => expect(onA.ids()).toEqual(["1"]), { timeout: 5_000 });
      } finally {
        if (!stopped) await third.close();
      }
    });
  });
