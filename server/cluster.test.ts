/**
 * Several processes on the embedded database (WEB_CONCURRENCY=2, no DATABASE_URL): the primary keeps the
 * PGlite and relays the workers' SQL, a write in one worker applies on the other's next request (their
 * answer caches are emptied before the write's response leaves), realtime events reach sockets on both,
 * presence members are the same seen from either, and kill -9 of the primary loses nothing acknowledged
 * and leaves no worker behind.
 */
import { rmSync } from "node:fs";
import { newDataDir } from "#api/testing/data-dir-template.ts";
import Pusher from "pusher";
import PusherJs from "pusher-js";
import { afterAll, describe, expect, it } from "vitest";
import { memberIds, subscribed, type PresenceChannel } from "#api/testing/realtime-clients.ts";
import { signChannel } from "#api/realtime/signing.ts";
import { freePort, httpClient, startServer } from "./test-process.ts";

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const cleanup of cleanups.reverse()) cleanup();
});

const app = { appId: "cluster-test", key: "cluster-key", secret: "cluster-secret" };

async function startCluster(dataDir: string, port: string) {
  const running = await startServer({
    DATA_DIR: dataDir,
    PORT: port,
    // Roles exist without demo data; seeding would only add start-up time.
    SEED: "false",
    WEB_CONCURRENCY: "2",
    APP_URL: `http://127.0.0.1:${port}`,
    PUSHER_APP_ID: app.appId,
    PUSHER_APP_KEY: app.key,
    PUSHER_APP_SECRET: app.secret,
  });
  cleanups.push(() => void running.child.kill("SIGKILL"));
  return running;
}

/** A pusher-js client subscribed to a public channel, with the events it receives. */
async function subscriber(port: string, channelName: string) {
  const client = new PusherJs(app.key, {
    cluster: "test",
    wsHost: "127.0.0.1",
    wsPort: Number(port),
    forceTLS: false,
    enabledTransports: ["ws"],
    disableStats: true,
  });
  cleanups.push(() => client.disconnect());
  const received: unknown[] = [];
  const channel = client.subscribe(channelName);
  channel.bind("App.Events.ClusterTest", (data: unknown) => received.push(data));
  await new Promise<void>((resolve, reject) => {
    channel.bind("pusher:subscription_succeeded", () => resolve());
    channel.bind("pusher:subscription_error", reject);
  });
  return received;
}

/** A pusher-js client in a presence channel as `userId` (signed here with the app's secret), with the members it sees. */
async function presenceMember(port: string, channelName: string, userId: string) {
  const client = new PusherJs(app.key, {
    cluster: "test",
    wsHost: "127.0.0.1",
    wsPort: Number(port),
    forceTLS: false,
    enabledTransports: ["ws"],
    disableStats: true,
    channelAuthorization: {
      endpoint: "unused",
      transport: "ajax",
      customHandler: ({ socketId, channelName: name }, callback) => {
        const channelData = JSON.stringify({ user_id: userId, user_info: { name: `User ${userId}` } });
        callback(null, { auth: signChannel(app, socketId, name, channelData), channel_data: channelData });
      },
    },
  });
  cleanups.push(() => client.disconnect());
  const channel = client.subscribe(channelName) as PresenceChannel;
  await subscribed(channel);
  return { client, ids: () => memberIds(channel) };
}

async function eventually(check: () => boolean) {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("not within 10 s");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("the server on the embedded database with WEB_CONCURRENCY=2", () => {
  it("serves from both processes on one database: writes apply everywhere at once, events reach every socket, kill -9 loses nothing", async () => {
    const dataDir = await newDataDir("launchpad-cluster-");
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = String(await freePort());
    const base = `http://127.0.0.1:${port}`;
    const first = await startCluster(dataDir, port);
    expect(first.output()).toContain("2 processes");

    const member = httpClient(base);
    const email = `cluster.${Date.now()}@example.com`;
    const registered = await member.post("/api/register", {
      name: "Two Processes",
      email,
      password: "two processes",
      password_confirmation: "two processes",
    });
    expect(registered.status).toBe(201);
    const roles = async () => ((await (await member.get("/api/user")).json()) as { roles: string[] }).roles;
    // Each process keeps who-is-calling answers for a few seconds: make both of them hold this one.
    for (let i = 0; i < 6; i++) expect(await roles()).toEqual([]);
    // Setting up a profile gives the co-founder role: whichever process answers next must know it.
    const setup = await member.post("/api/v1/admin/profiles/setup", {
      name: "Ada",
      headline: "Engineer",
      skills: "TypeScript",
      country: "KE",
      cityName: "Nairobi",
      bio: "Hi",
      links: [],
    });
    expect(setup.status).toBe(201);
    for (let i = 0; i < 6; i++) expect(await roles()).toEqual(["co-founder"]);

    // Connections are dealt to the processes in turn: four sockets land on both, one trigger reaches all.
    const inboxes = await Promise.all([1, 2, 3, 4].map(() => subscriber(port, "cluster-news")));
    const sdk = new Pusher({ ...app, host: "127.0.0.1", port, useTLS: false });
    expect((await sdk.trigger("cluster-news", "App.Events.ClusterTest", { n: 1 })).status).toBe(200);
    await eventually(() => inboxes.every((inbox) => inbox.length === 1));
    expect(inboxes.flat()).toEqual([{ n: 1 }, { n: 1 }, { n: 1 }, { n: 1 }]);

    // Presence spans the processes: four users whose sockets are dealt to both see each other, and the
    // HTTP API lists them all whichever process answers.
    const members = await Promise.all(["u1", "u2", "u3", "u4"].map((id) => presenceMember(port, "presence-cluster", id)));
    await eventually(() => members.every((member) => member.ids().join() === "u1,u2,u3,u4"));
    for (let i = 0; i < 2; i++) {
      const listed = (await (await sdk.get({ path: "/channels/presence-cluster/users" })).json()) as { users: { id: string }[] };
      expect(listed.users.map((user) => user.id).sort()).toEqual(["u1", "u2", "u3", "u4"]);
    }
    // Whoever leaves is gone for the sockets on both processes.
    members[1].client.disconnect();
    members[2].client.disconnect();
    await eventually(() => [members[0], members[3]].every((member) => member.ids().join() === "u1,u4"));

    first.child.kill("SIGKILL");
    await first.exited;
    // The workers follow their primary, so the port is free again and the data directory unlocked.
    const second = await startCluster(dataDir, port);
    const again = httpClient(base);
    expect((await again.post("/api/login", { email, password: "two processes" })).status).toBe(200);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
    expect(second.output()).toContain("Stopped cleanly");
  }, 180_000);
});
