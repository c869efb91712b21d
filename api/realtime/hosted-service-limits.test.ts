/**
 * The panel's realtime against a hosted Pusher-compatible service and its documented limits, played by the
 * loopback fake (tests/fakes/pusher-service.ts: 100 members in a presence channel, 10 KB an event): with 300
 * people online, each joining the presence channels of their recent conversations as the panel does, no
 * channel nears the member cap and nothing is refused; a 9,000-character chat message is published as
 * events well under 10 KB, and its reader gets the whole text from the API.
 */
import type PusherJs from "pusher-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatChannel, chatPresenceChannel, MESSAGE_SENT_EVENT, userChannel, type MessageSentPayload } from "#schemas/realtime.ts";
import {
  startFakePusherService,
  PUSHER_MAX_EVENT_BYTES,
  PUSHER_MAX_PRESENCE_MEMBERS,
  type FakePusherService,
} from "../../tests/fakes/pusher-service.ts";
import { callingAs, converse, crowd, inWaves, type CrowdMember } from "../testing/crowd-fixtures.ts";
import { createTestApi, type TestApi } from "../testing/harness.ts";
import { connected, nextEvent, pusherClient, subscribed, type Site } from "../testing/realtime-clients.ts";
import { serveApiWithExternalRealtime, type ExternalRealtimeApi } from "../testing/realtime-server.ts";

const PEOPLE = 300;

let t: TestApi;
let fake: FakePusherService;
let app: ExternalRealtimeApi;
let site: Site;
let people: CrowdMember[];
const sockets: PusherJs[] = [];

/** Connects to the hosted service as the panel does: its own channel, and the presence channels of its recent conversations. */
async function comeOnline(person: CrowdMember) {
  const recent: number[] = (await callingAs(app.api, person).get("/api/user")).body.recent_conversation_ids;
  const pusher = pusherClient(site, { bearer: person.token });
  sockets.push(pusher);
  await connected(pusher);
  await Promise.all([userChannel(person.id), ...recent.map(chatPresenceChannel)].map((name) => subscribed(pusher.subscribe(name))));
  return pusher;
}

beforeAll(async () => {
  t = await createTestApi();
  fake = await startFakePusherService();
  app = await serveApiWithExternalRealtime({ db: t.database.db, config: t.config, external: fake });
  site = { baseUrl: app.baseUrl, port: fake.port, app: fake.app };
  people = await crowd(t.database.db, PEOPLE);
  // Everyone talks with their neighbours, and one organiser with everyone: the organiser's recent conversations
  // alone would be one channel of 300 if who is online were one presence channel.
  const [organiser, ...others] = people;
  const pairings = [
    ...others.map((person, i) => ({
      between: [organiser.id, person.id] as [number, number],
      at: new Date(Date.now() - (1_000 - i) * 60_000),
    })),
    ...others
      .slice(1)
      .map((person, i) => ({ between: [others[i].id, person.id] as [number, number], at: new Date(Date.now() - i * 1_000) })),
  ];
  await converse(t.database.db, pairings);
  await inWaves(people, 25, comeOnline);
}, 90_000);

afterAll(async () => {
  for (const pusher of sockets) pusher.disconnect();
  await app?.close();
  await fake?.close();
  await t?.close();
});

describe(`${PEOPLE} people online through a hosted service`, () => {
  it("no presence channel comes near its 100-member cap, and the service refused nothing", () => {
    expect(fake.record.maxPresenceMembersSeen).toBeGreaterThan(0);
    expect(fake.record.maxPresenceMembersSeen).toBeLessThanOrEqual(2);
    expect(fake.record.maxPresenceMembersSeen).toBeLessThan(PUSHER_MAX_PRESENCE_MEMBERS);
    expect(fake.record.refusals).toEqual([]);
  });

  it("a 9,000-character message is published as events under 10 KB, and its reader reads the whole of it from the API", async () => {
    const [writer, reader] = [people[10], people[12]];
    const [conversationId] = await converse(t.database.db, [{ between: [writer.id, reader.id], at: new Date() }]);
    const listener = await comeOnline(reader);
    const chat = listener.subscribe(chatChannel(conversationId));
    await subscribed(chat);
    const heard = nextEvent<MessageSentPayload>(chat, MESSAGE_SENT_EVENT);
    const publishedBefore = fake.record.published.length;

    const body = "x".repeat(9_000);
    const sent = await callingAs(app.api, writer).post(`/api/v1/admin/conversations/${conversationId}/messages`, { body });
    expect(sent.status).toBe(201);
    expect(await heard).toMatchObject({ conversation_id: conversationId, message_id: sent.body.data.id });

    const published = fake.record.published.slice(publishedBefore);
    expect(published.length).toBeGreaterThan(0);
    for (const event of published) expect(Buffer.byteLength(event.data)).toBeLessThan(PUSHER_MAX_EVENT_BYTES);
    expect(fake.record.refusals).toEqual([]);
    const page = await callingAs(app.api, reader).get(`/api/v1/admin/conversations/${conversationId}/messages`);
    expect(page.body.data.at(-1)).toMatchObject({ id: sent.body.data.id, body });
  });
});
