/**
 * Pusher's user authentication on our own server: pusher:signin with the signature /broadcasting/user-auth
 * makes (a bad one ends the connection with 4009), and the HTTP API's terminate_connections, which closes
 * every socket signed in as the user wherever it is: this process, the server's other processes (through
 * the primary, a stand-in hub here) and, with TEST_DATABASE_URL, another instance sharing PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverToUserChannel } from "#schemas/realtime.ts";
import { openDatabase, type Database } from "../db/client.ts";
import { registered } from "../testing/fixtures.ts";
import { createTestApi, testApiConfig, type TestApi } from "../testing/harness.ts";
import { connected, pusherClient, signedIn, serverSdk } from "../testing/realtime-clients.ts";
import { establishedRaw, rawSockets, type EstablishedSocket } from "../testing/realtime-raw-socket.ts";
import { serveRealtime, type RealtimeTestServer } from "../testing/realtime-server.ts";
import { temporaryDatabase } from "../testing/temporary-database.ts";
import type { Fanout, FanoutReceiver } from "./embedded.ts";
import { signUser, signedQuery } from "./signing.ts";

let t: TestApi;
let server: RealtimeTestServer;

beforeAll(async () => {
  t = await createTestApi();
  server = await serveRealtime({ db: t.database.db, config: t.config });
});

afterAll(async () => {
  for (const ws of rawSockets) ws.terminate();
  await server.close();
  await t.close();
});

const sdkFor = (target: RealtimeTestServer) => serverSdk(target);

const userData = (id: string) => JSON.stringify({ id, user_info: { name: `User ${id}` } });

/** A raw socket signed in as the user, past pusher:signin_success. */
async function signedInRaw(target: RealtimeTestServer, id: string): Promise<EstablishedSocket> {
  const socket = await establishedRaw(target);
  const data = userData(id);
  socket.send({ event: "pusher:signin", data: { auth: signUser(target.app, socket.socketId, data), user_data: data } });
  expect(await socket.next()).toEqual({ event: "pusher:signin_success", data: { user_data: data } });
  return socket;
}

/** The socket is still open and answered: a ping gets its pong. */
async function expectOpen(socket: EstablishedSocket) {
  socket.send({ event: "pusher:ping", data: {} });
  expect(await socket.next()).toMatchObject({ event: "pusher:pong" });
}

/** The server told the socket its connection was ended (4009) and closed it with that code. */
async function expectTerminated(socket: EstablishedSocket) {
  expect(await socket.next()).toMatchObject({ event: "pusher:error", data: { code: 4009 } });
  expect(await socket.closed).toBe(4009);
}

describe("pusher:signin", () => {
  it("a valid signature signs the socket in: signin_success, and the user's own channel is theirs alone", async () => {
    const socket = await signedInRaw(server, "u-41");
    expect(server.realtime.server.signedIn.socketsOf("u-41")).toBe(1);
    socket.send({ event: "pusher:subscribe", data: { channel: serverToUserChannel("u-41") } });
    expect(await socket.next()).toEqual({
      event: "pusher_internal:subscription_succeeded",
      channel: serverToUserChannel("u-41"),
      data: {},
    });
    socket.send({ event: "pusher:subscribe", data: { channel: serverToUserChannel("u-42") } });
    expect(await socket.next()).toMatchObject({ event: "pusher:subscription_error", channel: serverToUserChannel("u-42") });
    socket.ws.close();
    await socket.closed;
  });

  it("a bad signature, another socket's, or user_data without an id: pusher:error 4009 and the connection closes", async () => {
    const other = await establishedRaw(server);
    const attempts = [
      () => ({ auth: `${server.app.key}:${"0".repeat(64)}`, user_data: userData("u-43") }),
      () => ({ auth: signUser(server.app, other.socketId, userData("u-43")), user_data: userData("u-43") }),
      (socketId: string) => ({
        auth: signUser(server.app, socketId, JSON.stringify({ name: "x" })),
        user_data: JSON.stringify({ name: "x" }),
      }),
      (socketId: string) => ({ auth: signUser(server.app, socketId, userData("u-43")), user_data: userData("u-44") }),
    ];
    for (const attempt of attempts) {
      const socket = await establishedRaw(server);
      socket.send({ event: "pusher:signin", data: attempt(socket.socketId) });
      await expectTerminated(socket);
    }
    expect(server.realtime.server.signedIn.socketsOf("u-43")).toBe(0);
    await expectOpen(other);
  });

  it("pusher-js signs in through POST /broadcasting/user-auth with the session cookie, and again after a reconnect", async () => {
    const alice = await registered(t, "Alice");
    const client = pusherClient(server, { cookies: alice.client.cookies });
    try {
      await connected(client);
      expect(await signedIn(client)).toMatchObject({ id: String(alice.id) });
      expect(server.realtime.server.signedIn.socketsOf(String(alice.id))).toBe(1);
      client.disconnect();
      client.connect();
      await connected(client);
      await client.user.signinDonePromise;
      expect(client.user.user_data).toMatchObject({ id: String(alice.id) });
      expect(server.realtime.server.signedIn.socketsOf(String(alice.id))).toBe(1);
    } finally {
      client.disconnect();
    }
  });
});

describe("POST /apps/{id}/users/{user_id}/terminate_connections", () => {
  it("signed (the official SDK): closes every socket signed in as the user with 4009, and no other", async () => {
    const [first, second] = [await signedInRaw(server, "victim-1"), await signedInRaw(server, "victim-1")];
    const bystander = await signedInRaw(server, "bystander-1");
    const anonymous = await establishedRaw(server);
    const res = await sdkFor(server).terminateUserConnections("victim-1");
    expect(res.status).toBe(200);
    await expectTerminated(first);
    await expectTerminated(second);
    expect(server.realtime.server.signedIn.socketsOf("victim-1")).toBe(0);
    await expectOpen(bystander);
    await expectOpen(anonymous);
  });

  it("unsigned or badly signed: 401, and nothing is closed", async () => {
    const victim = await signedInRaw(server, "victim-2");
    const path = `/apps/${server.app.appId}/users/victim-2/terminate_connections`;
    const unsigned = await fetch(`${server.baseUrl}${path}`, { method: "POST", body: "{}" });
    expect(unsigned.status).toBe(401);
    const wrongSecret = { ...server.app, secret: "not the secret" };
    const forged = await fetch(`${server.baseUrl}${path}?${signedQuery(wrongSecret, "POST", path, "{}")}`, { method: "POST", body: "{}" });
    expect(forged.status).toBe(401);
    const getInstead = await fetch(`${server.baseUrl}${path}?${signedQuery(server.app, "GET", path, undefined)}`);
    expect(getInstead.status).toBe(405);
    await expectOpen(victim);
    expect(server.realtime.server.signedIn.socketsOf("victim-2")).toBe(1);
  });

  it("reaches the server's other processes: the call made to one closes the socket held by another", async () => {
    // The primary's part (server/process-hub.ts) in miniature: what one process publishes reaches the others.
    const receivers: FanoutReceiver[] = [];
    const hub = (receiver: FanoutReceiver): Fanout => {
      receivers.push(receiver);
      return {
        publish: async (events) => receivers.filter((other) => other !== receiver).forEach((other) => other.deliver(events)),
        close: async () => void receivers.splice(receivers.indexOf(receiver), 1),
      };
    };
    const app = { appId: "signin-workers", key: "signin-workers-key", secret: "signin-workers-secret" };
    const first = await serveRealtime({ db: t.database.db, config: t.config, app, processFanout: hub });
    const second = await serveRealtime({ db: t.database.db, config: t.config, app, processFanout: hub });
    try {
      const onSecond = await signedInRaw(second, "victim-3");
      const bystander = await signedInRaw(first, "bystander-3");
      expect((await sdkFor(first).terminateUserConnections("victim-3")).status).toBe(200);
      await expectTerminated(onSecond);
      await expectOpen(bystander);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl)
  describe("two instances on PostgreSQL", () => {
    let temporary: Awaited<ReturnType<typeof temporaryDatabase>>;
    const databases: Database[] = [];
    beforeAll(async () => {
      temporary = await temporaryDatabase(serverUrl, "launchpad_signin");
      for (let i = 0; i < 2; i++) databases.push(await openDatabase({ databaseUrl: temporary.url, poolSize: 2 }));
      await databases[0].migrate();
    }, 60_000);
    afterAll(async () => {
      for (const database of databases) await database.close();
      await temporary?.drop();
    });

    it("terminate_connections through one instance closes the user's socket on the other", async () => {
      const app = { appId: "signin-fanout", key: "signin-fanout-key", secret: "signin-fanout-secret" };
      const a = await serveRealtime({ db: databases[0].db, config: testApiConfig, databaseUrl: temporary.url, app });
      const b = await serveRealtime({ db: databases[1].db, config: testApiConfig, databaseUrl: temporary.url, app });
      try {
        const onB = await signedInRaw(b, "victim-4");
        const bystander = await signedInRaw(b, "bystander-4");
        expect((await sdkFor(a).terminateUserConnections("victim-4")).status).toBe(200);
        await expectTerminated(onB);
        await expectOpen(bystander);
      } finally {
        await a.close();
        await b.close();
      }
    });
  });
