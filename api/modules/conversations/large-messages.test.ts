/**
 * A message as long as the chat takes, in characters that take four bytes each in UTF-8, is over Pusher's
 * 10 KB limit on an event's data as text: its events carry its id, and the other side reads the whole text
 * from the API. Over a real socket, as the panel hears it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGE_BODY_INVALID, MESSAGE_MAX_LENGTH } from "#schemas/conversations.ts";
import {
  chatChannel,
  CONVERSATION_UPDATED_EVENT,
  MAX_EVENT_DATA_BYTES,
  MESSAGE_SENT_EVENT,
  NOTIFICATION_CREATED_EVENT,
  userChannel,
  type MessageSentPayload,
} from "#schemas/realtime.ts";
import { callingAs, converse, crowd, type CrowdMember } from "#api/testing/crowd-fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import { connected, nextEvent, pusherClient, subscribed, type Channel } from "#api/testing/realtime-clients.ts";
import { serveRealtime, type RealtimeTestServer } from "#api/testing/realtime-server.ts";
import type PusherJs from "pusher-js";

let t: TestApi;
let server: RealtimeTestServer;
let sender: CrowdMember;
let reader: CrowdMember;
let conversationId: number;
let listener: PusherJs;
let chat: Channel;
let own: Channel;

/** The bytes of an event's data as it travelled: pusher-js hands it parsed, and our publishers wrote it with JSON.stringify. */
const bytesOf = (data: unknown) => Buffer.byteLength(JSON.stringify(data), "utf8");

const as = (person: CrowdMember) => callingAs(server.api, person);

beforeAll(async () => {
  t = await createTestApi();
  server = await serveRealtime({ db: t.database.db, config: t.config });
  [sender, reader] = await crowd(t.database.db, 2);
  [conversationId] = await converse(t.database.db, [{ between: [sender.id, reader.id], at: new Date() }]);
  listener = pusherClient(server, { bearer: reader.token });
  await connected(listener);
  [chat, own] = [listener.subscribe(chatChannel(conversationId)), listener.subscribe(userChannel(reader.id))];
  await Promise.all([subscribed(chat), subscribed(own)]);
});

afterAll(async () => {
  listener.disconnect();
  await server.close();
  await t.close();
});

/** What the panel does on MessageSent: the messages from that one on (after the one before it; from the start for the first). */
const messagesFrom = (messageId: number) =>
  as(reader).get(`/api/v1/admin/conversations/${conversationId}/messages${messageId > 1 ? `?after=${messageId - 1}` : ""}`);

/** Sends `body`; the three events the reader hears of it, and the message as the API answered the sender. */
async function sendAndHear(body: string) {
  const heard = Promise.all([
    nextEvent<MessageSentPayload>(chat, MESSAGE_SENT_EVENT),
    nextEvent(own, CONVERSATION_UPDATED_EVENT),
    nextEvent(own, NOTIFICATION_CREATED_EVENT),
  ]);
  const sent = await as(sender).post(`/api/v1/admin/conversations/${conversationId}/messages`, { body });
  expect(sent.status).toBe(201);
  return { events: await heard, message: sent.body.data as { id: number; body: string } };
}

describe("a message longer than an event may carry", () => {
  it(`${MESSAGE_MAX_LENGTH} four-byte characters (${MESSAGE_MAX_LENGTH * 4} bytes of text) arrive as events under 10 KB; the reader gets the whole text from the API`, async () => {
    const body = "😀".repeat(MESSAGE_MAX_LENGTH);
    expect(bytesOf({ body })).toBeGreaterThan(MAX_EVENT_DATA_BYTES);
    const { events, message } = await sendAndHear(body);
    const [sentEvent] = events;
    expect(sentEvent).toEqual({ conversation_id: conversationId, message_id: message.id, user_id: sender.id });
    for (const data of events) expect(bytesOf(data)).toBeLessThan(MAX_EVENT_DATA_BYTES);
    const page = await messagesFrom(sentEvent.message_id);
    expect(page.status).toBe(200);
    expect(page.body.data.map((m: { id: number; body: string }) => [m.id, m.body])).toEqual([[message.id, body]]);
  });

  it(`${MESSAGE_MAX_LENGTH} characters of Japanese (three bytes each) arrive the same way`, async () => {
    const body = "長い日本語のメッセージ、".repeat(Math.ceil(MESSAGE_MAX_LENGTH / 12)).slice(0, MESSAGE_MAX_LENGTH);
    expect([...body]).toHaveLength(MESSAGE_MAX_LENGTH);
    expect(bytesOf({ body })).toBeGreaterThan(MAX_EVENT_DATA_BYTES);
    const { events, message } = await sendAndHear(body);
    for (const data of events) expect(bytesOf(data)).toBeLessThan(MAX_EVENT_DATA_BYTES);
    const page = await messagesFrom(message.id);
    expect(page.body.data.map((m: { id: number; body: string }) => [m.id, m.body])).toEqual([[message.id, body]]);
  });

  it("9,000 plain characters, as much as a whole event could carry, arrive as the same small events", async () => {
    const body = "x".repeat(9_000);
    const { events, message } = await sendAndHear(body);
    for (const data of events) expect(bytesOf(data)).toBeLessThan(1_024);
    const page = await messagesFrom(message.id);
    expect(page.body.data.map((m: { id: number; body: string }) => [m.id, m.body])).toEqual([[message.id, body]]);
  });

  it("one character more than a message may hold is refused on the field", async () => {
    const refused = await as(sender).post(`/api/v1/admin/conversations/${conversationId}/messages`, {
      body: "x".repeat(MESSAGE_MAX_LENGTH + 1),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.body).toEqual([MESSAGE_BODY_INVALID]);
  });
});
