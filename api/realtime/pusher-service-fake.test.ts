/**
 * The loopback fake of an external Pusher service (tests/fakes/pusher-service.ts) speaks Pusher as the
 * official clients expect (the `pusher` SDK over HTTP, pusher-js and plain frames on the socket) and
 * enforces Pusher's documented limits, recording each refusal: 100 members per presence channel, 10 KB
 * of data per event. Other suites rely on these refusals being observable.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { once } from "node:events";
import {
  startFakePusherService,
  PUSHER_MAX_EVENT_BYTES,
  PUSHER_MAX_PRESENCE_MEMBERS,
  type FakePusherService,
} from "../../tests/fakes/pusher-service.ts";
import { connected, nextEvent, pusherClient, subscribed, serverSdk } from "../testing/realtime-clients.ts";
import { establishedRaw, rawSockets, subscribeFrame, type EstablishedSocket } from "../testing/realtime-raw-socket.ts";
import { signUser, signedQuery } from "./signing.ts";

let fake: FakePusherService;
let sdk: ReturnType<typeof serverSdk>;

beforeAll(async () => {
  fake = await startFakePusherService();
  sdk = serverSdk(fake);
});
afterAll(async () => {
  for (const ws of rawSockets) ws.terminate();
  await fake.close();
});

const member = (id: number) => ({ user_id: String(id), user_info: { name: `Member ${id}` } });

async function signedIn(id: string): Promise<EstablishedSocket> {
  const socket = await establishedRaw(fake);
  const userData = JSON.stringify({ id });
  socket.send({ event: "pusher:signin", data: { auth: signUser(fake.app, socket.socketId, userData), user_data: userData } });
  expect(await socket.next()).toEqual({ event: "pusher:signin_success", data: { user_data: userData } });
  return socket;
}

describe("publishing", () => {
  it("delivers what the official SDK publishes to pusher-js subscribers, and records it", async () => {
    const client = pusherClient({ baseUrl: fake.url, port: fake.port, app: fake.app });
    try {
      await connected(client);
      const channel = client.subscribe("news");
      await subscribed(channel);
      const heard = nextEvent<{ n: number }>(channel, "posted");
      expect((await sdk.trigger("news", "posted", { n: 1 })).status).toBe(200);
      expect(await heard).toEqual({ n: 1 });
      expect(fake.record.published.at(-1)).toMatchObject({ channels: ["news"], event: "posted", data: '{"n":1}' });
    } finally {
      client.disconnect();
    }
  });

  it("refuses an unsigned or badly signed call with 401, and records it", async () => {
    const path = `/apps/${fake.app.appId}/events`;
    const body = JSON.stringify({ name: "posted", channels: ["news"], data: "{}" });
    expect((await fetch(`${fake.url}${path}`, { method: "POST", body })).status).toBe(401);
    const forged = signedQuery({ ...fake.app, secret: "wrong" }, "POST", path, body);
    expect((await fetch(`${fake.url}${path}?${forged}`, { method: "POST", body })).status).toBe(401);
    expect(fake.record.unauthorised.slice(-2)).toEqual([expect.stringContaining(path), expect.stringContaining("Invalid signature")]);
  });

  it("refuses an event whose data is over 10 KB with 413 (alone or in a batch), and records the refusal", async () => {
    const refused = once(fake.events, "refusal");
    // The SDK sends a string as it is: its bytes are the event's data.
    const big = "x".repeat(PUSHER_MAX_EVENT_BYTES + 1);
    await expect(sdk.trigger("news", "big", big)).rejects.toMatchObject({ status: 413 });
    expect((await refused)[0]).toMatchObject({
      kind: "payload-too-large",
      event: "big",
      channels: ["news"],
      bytes: PUSHER_MAX_EVENT_BYTES + 1,
    });
    await expect(
      sdk.triggerBatch([
        { channel: "news", name: "small", data: "{}" },
        { channel: "news", name: "big", data: big },
      ]),
    ).rejects.toMatchObject({ status: 413 });
    expect(fake.record.refusals.filter((refusal) => refusal.kind === "payload-too-large")).toHaveLength(2);
    expect(fake.record.published.some((event) => event.event === "small")).toBe(false);
    // Exactly 10 KB of data passes.
    expect((await sdk.trigger("news", "fits", "x".repeat(PUSHER_MAX_EVENT_BYTES))).status).toBe(200);
  });
});

describe("channels", () => {
  it("checks private and presence signatures", async () => {
    const socket = await establishedRaw(fake);
    socket.send({ event: "pusher:subscribe", data: { channel: "private-x", auth: `${fake.app.key}:${"0".repeat(64)}` } });
    expect(await socket.next()).toMatchObject({ event: "pusher:subscription_error", channel: "private-x", data: { status: 401 } });
    socket.send(subscribeFrame(fake, socket.socketId, "private-x"));
    expect(await socket.next()).toMatchObject({ event: "pusher_internal:subscription_succeeded", channel: "private-x" });
  });

  it(`admits ${PUSHER_MAX_PRESENCE_MEMBERS} members to a presence channel, refuses the next one with LimitReached and records it`, async () => {
    const channel = "presence-crowd";
    for (let id = 1; id <= PUSHER_MAX_PRESENCE_MEMBERS; id++) {
      const socket = await establishedRaw(fake);
      socket.send(subscribeFrame(fake, socket.socketId, channel, member(id)));
      expect((await socket.next()).event).toBe("pusher_internal:subscription_succeeded");
    }
    const late = await establishedRaw(fake);
    late.send(subscribeFrame(fake, late.socketId, channel, member(PUSHER_MAX_PRESENCE_MEMBERS + 1)));
    expect(await late.next()).toMatchObject({
      event: "pusher:subscription_error",
      channel,
      data: { type: "LimitReached", status: 4100 },
    });
    expect(fake.record.refusals.at(-1)).toMatchObject({ kind: "presence-full", channel, userId: "101", members: 100 });
    expect(fake.record.maxPresenceMembersSeen).toBe(PUSHER_MAX_PRESENCE_MEMBERS);
    // A member already in the channel may open another socket there.
    const again = await establishedRaw(fake);
    again.send(subscribeFrame(fake, again.socketId, channel, member(7)));
    expect((await again.next()).event).toBe("pusher_internal:subscription_succeeded");
    const users = await sdk.get({ path: `/channels/${channel}/users` });
    expect(((await users.json()) as { users: unknown[] }).users).toHaveLength(PUSHER_MAX_PRESENCE_MEMBERS);
    const listed = await sdk.get({ path: "/channels", params: { filter_by_prefix: "presence-", info: "user_count" } });
    expect(await listed.json()).toMatchObject({ channels: { [channel]: { user_count: PUSHER_MAX_PRESENCE_MEMBERS } } });
  });

  it("passes client events on to the others with the sender's user id, and answers pings", async () => {
    const [alice, bob] = [await establishedRaw(fake), await establishedRaw(fake)];
    alice.send(subscribeFrame(fake, alice.socketId, "presence-pair", member(1)));
    await alice.next();
    bob.send(subscribeFrame(fake, bob.socketId, "presence-pair", member(2)));
    await bob.next();
    expect(await alice.next()).toMatchObject({ event: "pusher_internal:member_added", data: { user_id: "2" } });
    bob.send({ event: "client-typing", channel: "presence-pair", data: { typing: true } });
    expect(await alice.next()).toEqual({ event: "client-typing", channel: "presence-pair", data: { typing: true }, user_id: "2" });
    alice.send({ event: "pusher:ping", data: {} });
    expect(await alice.next()).toMatchObject({ event: "pusher:pong" });
  });
});

describe("signin and terminate_connections", () => {
  it("a bad signature ends the connection with 4009", async () => {
    const socket = await establishedRaw(fake);
    socket.send({ event: "pusher:signin", data: { auth: `${fake.app.key}:${"0".repeat(64)}`, user_data: '{"id":"1"}' } });
    expect(await socket.next()).toMatchObject({ event: "pusher:error", data: { code: 4009 } });
    expect(await socket.closed).toBe(4009);
  });

  it("closes every socket signed in as the user with 4009, no other, and records how many", async () => {
    const [first, second, other] = [await signedIn("t-1"), await signedIn("t-1"), await signedIn("t-2")];
    const terminated = once(fake.events, "terminated");
    expect((await sdk.terminateUserConnections("t-1")).status).toBe(200);
    expect((await terminated)[0]).toMatchObject({ userId: "t-1", sockets: 2 });
    for (const socket of [first, second]) {
      expect(await socket.next()).toMatchObject({ event: "pusher:error", data: { code: 4009 } });
      expect(await socket.closed).toBe(4009);
    }
    other.send({ event: "pusher:ping", data: {} });
    expect(await other.next()).toMatchObject({ event: "pusher:pong" });
    expect(fake.signedInSockets("t-2")).toBe(1);
  });
});
