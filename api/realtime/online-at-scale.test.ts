/**
 * Who is online, with 300 people connected at once, as the panel does it: each joins the presence channels
 * of their most recent conversations (GET /api/user's recent_conversation_ids), so no presence channel
 * holds more than the two people of a conversation (a hosted Pusher-compatible service caps one at 100),
 * while everyone still sees the people they talk with online. One of them (an organiser) talks with all
 * 299 others: their one socket joins only the WATCHED_CONVERSATIONS most recent, under the per-socket cap.
 */
import type PusherJs from "pusher-js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { chatPresenceChannel, userChannel, WATCHED_CONVERSATIONS } from "#schemas/realtime.ts";
import { DEFAULT_ADDRESS_LIMITS } from "./limits.ts";
import { callingAs, converse, crowd, inWaves, type CrowdMember } from "../testing/crowd-fixtures.ts";
import { createTestApi, type TestApi } from "../testing/harness.ts";
import { connected, memberIds, pusherClient, subscribed, type PresenceChannel, serverSdk } from "../testing/realtime-clients.ts";
import { serveRealtime, type RealtimeTestServer } from "../testing/realtime-server.ts";

const PEOPLE = 300;
/** A hosted Pusher-compatible service's cap on one presence channel's members. */
const PRESENCE_MEMBER_CAP = 100;

let t: TestApi;
let server: RealtimeTestServer;
let sdk: ReturnType<typeof serverSdk>;
let people: CrowdMember[];
let organiser: CrowdMember;
/** Each person's conversations with the other participant, by conversation id. */
const partners = new Map<number, Map<number, number>>();
/** Each person's socket and the presence channels it joined. */
const online = new Map<number, { pusher: PusherJs; channels: Map<string, PresenceChannel> }>();
/** The organiser's conversations, most recent first. */
let organiserRecent: number[] = [];

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

function note(userId: number, conversationId: number, other: number) {
  const own = partners.get(userId) ?? new Map<number, number>();
  own.set(conversationId, other);
  partners.set(userId, own);
}

/** Connects as the panel does: asks who they talk with most recently, and joins those presence channels. */
async function comeOnline(person: CrowdMember) {
  const recent: number[] = (await callingAs(server.api, person).get("/api/user")).body.recent_conversation_ids;
  const pusher = pusherClient(server, { bearer: person.token });
  await connected(pusher);
  const channels = new Map<string, PresenceChannel>();
  await Promise.all(
    [userChannel(person.id), ...recent.map(chatPresenceChannel)].map(async (name) => {
      const channel = pusher.subscribe(name) as PresenceChannel;
      await subscribed(channel);
      if (name !== userChannel(person.id)) channels.set(name, channel);
    }),
  );
  online.set(person.id, { pusher, channels });
  return recent;
}

beforeAll(async () => {
  t = await createTestApi();
  // Every socket comes from 127.0.0.1: the per-address caps would otherwise stop the crowd; the per-socket
  // cap stays as it is, which the organiser's one socket must keep under.
  server = await serveRealtime({
    db: t.database.db,
    config: t.config,
    limits: { ...DEFAULT_ADDRESS_LIMITS, maxConnectionsPerAddress: 1_000, maxSubscriptionsPerAddress: 100_000 },
  });
  sdk = serverSdk(server);
  people = await crowd(t.database.db, PEOPLE);
  [organiser] = people;
  const others = people.slice(1);
  // The organiser talked with everyone, the later ones more recently; neighbours talk with each other, more recently still.
  const withOrganiser = others.map((person, i) => ({ between: [organiser.id, person.id] as [number, number], at: minutesAgo(1_000 - i) }));
  const neighbours = others
    .slice(1)
    .map((person, i) => ({ between: [others[i].id, person.id] as [number, number], at: minutesAgo(100 - i / 10) }));
  const pairings = [...withOrganiser, ...neighbours];
  const ids = await converse(t.database.db, pairings);
  pairings.forEach(({ between: [a, b] }, i) => {
    note(a, ids[i], b);
    note(b, ids[i], a);
  });
  organiserRecent = ids.slice(0, others.length).reverse().slice(0, WATCHED_CONVERSATIONS);
  await inWaves(people, 25, comeOnline);
}, 60_000);

afterAll(async () => {
  for (const { pusher } of online.values()) pusher.disconnect();
  await server.close();
  await t.close();
});

describe(`${PEOPLE} people online`, () => {
  it("no presence channel has more than two members, far under a hosted service's 100, by the server's own figures", async () => {
    const answer = await sdk.get({ path: "/channels", params: { filter_by_prefix: "presence-", info: "user_count" } });
    const { channels } = (await answer.json()) as { channels: Record<string, { user_count: number }> };
    const counts = Object.values(channels).map((channel) => channel.user_count);
    // Every conversation someone joined has its channel: the organiser's recent ones and every neighbours' one.
    expect(counts.length).toBeGreaterThanOrEqual(PEOPLE - 2 + WATCHED_CONVERSATIONS);
    expect(Math.max(...counts)).toBeLessThanOrEqual(2);
    expect(Math.max(...counts)).toBeLessThan(PRESENCE_MEMBER_CAP);
    // The HTTP API's users endpoint agrees for a channel it lists.
    const [name] = Object.keys(channels);
    const users = (await (await sdk.get({ path: `/channels/${name}/users` })).json()) as { users: { id: string }[] };
    expect(users.users.length).toBe(channels[name].user_count);
  });

  it("everyone sees the people they talk with most recently online; the organiser's socket joined only its 50 most recent", async () => {
    // Everyone came online at once: the last member_added frames may still be on their way.
    await vi.waitFor(
      () => {
        for (const person of people) {
          for (const [name, channel] of online.get(person.id)!.channels) {
            const id = Number(chatPresenceChannel.pattern.exec(name)![1]);
            const other = partners.get(person.id)!.get(id)!;
            const expected = person.id === organiser.id || other !== organiser.id || organiserRecent.includes(id);
            expect(memberIds(channel).includes(String(other)), `${person.name} sees ${other} in ${name}`).toBe(expected);
          }
        }
      },
      { timeout: 10_000 },
    );
    const organiserChannels = [...online.get(organiser.id)!.channels.keys()];
    expect(organiserChannels.sort()).toEqual(organiserRecent.map(chatPresenceChannel).sort());
    expect(organiserChannels.length + 1).toBeLessThanOrEqual(DEFAULT_ADDRESS_LIMITS.maxSubscriptionsPerConnection);
    // Everyone else joined all their conversations: a neighbour on each side, and the organiser.
    const last = people.at(-1)!;
    expect(online.get(last.id)!.channels.size).toBe(2);
    expect(online.get(people[150].id)!.channels.size).toBe(3);
  });

  it("someone the organiser has not talked with lately is seen again once they write: the conversation is among the most recent", async () => {
    const quiet = people[1];
    const [conversationId] = [...partners.get(quiet.id)!].find(([, other]) => other === organiser.id)!;
    expect(organiserRecent).not.toContain(conversationId);
    expect(
      (await callingAs(server.api, quiet).post(`/api/v1/admin/conversations/${conversationId}/messages`, { body: "Still there?" })).status,
    ).toBe(201);
    const recent: number[] = (await callingAs(server.api, organiser).get("/api/user")).body.recent_conversation_ids;
    expect(recent[0]).toBe(conversationId);
    expect(recent).toHaveLength(WATCHED_CONVERSATIONS);
  });
});
