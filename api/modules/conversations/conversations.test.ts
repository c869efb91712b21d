import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversations, notifications } from "#api/db/realtime-schema.ts";
import { limits } from "#api/lib/limits.ts";
import { startupOwner } from "#api/testing/application-fixtures.ts";
import { coFounder, registered, userRow } from "#api/testing/fixtures.ts";
import { expectEveryCallRefused, type TestApi, type TestClient } from "#api/testing/harness.ts";
import { ageHits } from "#api/testing/rate-limits.ts";
import { userChannel } from "#schemas/realtime.ts";
import { createRecordingTestApi, failCommitsWriting, type RecordingBroadcaster } from "#api/testing/recording-broadcaster.ts";
import { isConversationParticipant } from "./access.ts";
import { waitTime } from "#schemas/plural.ts";

let t: TestApi;
let broadcaster: RecordingBroadcaster;
beforeAll(async () => {
  ({ t, broadcaster } = await createRecordingTestApi());
});
afterAll(() => t.close());

const BASE = "/api/v1/admin/conversations";
const NOT_FOUND = { message: "Conversation not found" };

async function start(client: TestClient, target: Record<string, number>) {
  const res = await client.post(BASE, target);
  if (res.status !== 201 && res.status !== 200) throw new Error(`start failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number };
}

async function pair(nameA = "Alice", nameB = "Bob") {
  const a = await registered(t, nameA);
  const b = await registered(t, nameB);
  const conversation = await start(a.client, { user_id: b.id });
  return { a, b, id: conversation.id };
}

const send = (client: TestClient, id: number, body: unknown) => client.post(`${BASE}/${id}/messages`, { body });

describe("guards", () => {
  it("answers 401 to anonymous callers", async () => {
    await expectEveryCallRefused(
      t.client(),
      [
        ["GET", BASE],
        ["POST", BASE, { user_id: 1 }],
        ["GET", `${BASE}/1`],
        ["GET", `${BASE}/1/messages`],
        ["POST", `${BASE}/1/messages`, { body: "hi" }],
        ["POST", `${BASE}/1/read`, { message_id: 1 }],
      ],
      401,
      { message: "Unauthenticated." },
    );
  });

  it("someone outside the conversation gets 404 for everything, even for a body that would be refused", async () => {
    const { a, id } = await pair();
    const message = await send(a.client, id, "Private");
    const stranger = await registered(t, "Eve");
    await expectEveryCallRefused(
      stranger.client,
      [
        ["GET", `${BASE}/${id}`],
        ["GET", `${BASE}/${id}/messages`],
        ["GET", `${BASE}/${id}/messages?before=abc`],
        ["POST", `${BASE}/${id}/messages`, { body: "Let me in" }],
        ["POST", `${BASE}/${id}/messages`, { body: "" }],
        ["POST", `${BASE}/${id}/read`, { message_id: message.body.data.id }],
        ["GET", `${BASE}/999999`],
        ["GET", `${BASE}/abc/messages`],
      ],
      404,
      NOT_FOUND,
    );
    expect((await stranger.client.get(BASE)).body.data).toEqual([]);
    expect(await isConversationParticipant(t.database.db, id, stranger.id)).toBe(false);
    expect(await isConversationParticipant(t.database.db, id, a.id)).toBe(true);
  });
});

describe("starting a conversation", () => {
  it("by user, startup or co-founder profile; the same pair always gets the same conversation", async () => {
    const me = await registered(t, "Starter");
    const owner = await startupOwner(t, "Stella Startup");
    const person = await coFounder(t);
    const { coFounderId } = await userRow(t, person.id);

    const first = await me.client.post(BASE, { startup_id: owner.startup.id });
    expect(first.status).toBe(201);
    expect(first.body.data).toEqual({
      id: expect.any(Number),
      other: { user_id: owner.id, name: "Stella Startup", avatar_url: null, profile_url: `/startups/${owner.startup.username}` },
      last_message: null,
      unread_count: 0,
      last_read_message_id: null,
      other_last_read_message_id: null,
      updated_at: expect.any(String),
    });
    const again = await owner.client.post(BASE, { user_id: me.id });
    expect(again).toMatchObject({ status: 200, body: { data: { id: first.body.data.id, other: { user_id: me.id, profile_url: null } } } });
    const profile = await me.client.post(BASE, { co_founder_id: coFounderId });
    expect(profile.body.data.other).toMatchObject({ user_id: person.id, profile_url: `/co-founders/${coFounderId}` });

    // Both at once still make one.
    const x = await registered(t);
    const y = await registered(t);
    const [one, two] = await Promise.all([start(x.client, { user_id: y.id }), start(y.client, { user_id: x.id })]);
    expect(one.id).toBe(two.id);
  });

  it("refuses yourself, unknown targets and anything but exactly one target (422)", async () => {
    const me = await startupOwner(t);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ user_id: me.id }, { user_id: ["You cannot start a conversation with yourself."] }],
      [{ startup_id: me.startup.id }, { startup_id: ["You cannot start a conversation with yourself."] }],
      [{ user_id: 999999 }, { user_id: ["The selected user id is invalid."] }],
      [{ startup_id: 999999 }, { startup_id: ["The selected startup id is invalid."] }],
      [{ co_founder_id: 999999 }, { co_founder_id: ["The selected co founder id is invalid."] }],
      [{ user_id: "x" }, { user_id: ["The selected user id is invalid."] }],
      [{}, { user_id: ["Choose exactly one of user_id, startup_id or co_founder_id."] }],
      [{ user_id: 1, startup_id: 1 }, { user_id: ["Choose exactly one of user_id, startup_id or co_founder_id."] }],
    ];
    for (const [body, errors] of cases) {
      const res = await me.client.post(BASE, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors, JSON.stringify(body)).toEqual(errors);
    }
    expect(
      await t.database.db.$count(
        conversations,
        sql`${conversations.pairKey} like ${`${me.id}:%`} or ${conversations.pairKey} like ${`%:${me.id}`}`,
      ),
    ).toBe(0);
  });
});

describe("messages", () => {
  it("sends trimmed text, publishes it after the commit, and notifies the other once per unread conversation", async () => {
    const { a, b, id } = await pair("Alice", "Bob");
    broadcaster.clear();
    const res = await send(a.client, id, "  Hello <b>Bob</b> 👋  ");
    expect(res.status).toBe(201);
    const message = res.body.data;
    expect(message).toEqual({
      id: expect.any(Number),
      conversation_id: id,
      user_id: a.id,
      sender_name: "Alice",
      body: "Hello <b>Bob</b> 👋",
      created_at: expect.any(String),
    });
    const published = broadcaster.take();
    expect(published.find((m) => m.event === "App.Events.MessageSent")).toEqual({
      channels: [`private-chat.${id}`],
      event: "App.Events.MessageSent",
      data: { conversation_id: id, message_id: message.id, user_id: a.id },
    });
    const updates = published.filter((m) => m.event === "App.Events.ConversationUpdated");
    expect(updates).toEqual(
      expect.arrayContaining([
        {
          channels: [userChannel(a.id)],
          event: "App.Events.ConversationUpdated",
          data: { conversation_id: id, last_message_id: message.id, unread_count: 0 },
        },
        {
          channels: [userChannel(b.id)],
          event: "App.Events.ConversationUpdated",
          data: { conversation_id: id, last_message_id: message.id, unread_count: 1 },
        },
      ]),
    );
    const created = published.find((m) => m.event === "App.Events.NotificationCreated");
    expect(created).toMatchObject({ channels: [userChannel(b.id)], data: { notification_id: expect.any(Number), unread_count: 1 } });
    const [notified] = await t.database.db.select().from(notifications).where(eq(notifications.userId, b.id));
    expect(notified).toMatchObject({
      id: (created!.data as { notification_id: number }).notification_id,
      type: "message_received",
      title: "New message from Alice",
      body: "Hello <b>Bob</b> 👋",
      url: `/chat/${id}`,
    });

    await send(a.client, id, "Are you there?");
    const bobs = await t.database.db.select().from(notifications).where(eq(notifications.userId, b.id));
    expect(bobs).toHaveLength(1);
    expect(bobs[0]).toMatchObject({ body: "Are you there?", data: { count: 2, conversation_id: id } });

    const list = await b.client.get(BASE);
    expect(list.body.data[0]).toMatchObject({
      id,
      other: { user_id: a.id, name: "Alice" },
      unread_count: 2,
      last_message: { body: "Are you there?", sender_name: "Alice" },
    });
    expect((await a.client.get(`${BASE}/${id}`)).body.data).toMatchObject({ unread_count: 0, last_message: { body: "Are you there?" } });
  });

  it("refuses empty and over-long text with 422, counting characters as people do", async () => {
    const { a, id } = await pair();
    const invalid = { body: ["The body field must be between 1 and 10000 characters."] };
    for (const body of ["", "   \n\t ", "x".repeat(10_001), "😀".repeat(10_001), 42]) {
      const res = await send(a.client, id, body);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual(invalid);
    }
    expect((await a.client.post(`${BASE}/${id}/messages`, {})).body.errors).toEqual({ body: ["The body field is required."] });
    expect((await send(a.client, id, "😀".repeat(4000))).status).toBe(201);
    expect((await send(a.client, id, `  ${"y".repeat(4000)}  `)).status).toBe(201);
  });

  it("sends 30 of 45 messages sent at once within 10 seconds, across conversations; the rest get 429 with Retry-After", async () => {
    const sender = await registered(t, "Chatty");
    const first = await start(sender.client, { user_id: (await registered(t)).id });
    const second = await start(sender.client, { user_id: (await registered(t)).id });
    const results = await Promise.all(Array.from({ length: 45 }, (_, i) => send(sender.client, i % 2 ? first.id : second.id, `m${i}`)));
    const refused = results.filter((r) => r.status === 429);
    expect(results.filter((r) => r.status === 201)).toHaveLength(30);
    expect(refused).toHaveLength(15);
    const retry = Number(refused[0].headers.get("retry-after"));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(10);
    expect(refused[0].body).toEqual({ message: `You are sending messages too quickly. Please try again in ${waitTime(retry)}.` });
    // Once the window has passed (the sends made 11 s older), sending works again.
    await ageHits(t.database.db, limits(t.config).chatMessage, sender.id, 11);
    expect((await send(sender.client, first.id, "again")).status).toBe(201);
  });

  it("pages by id backwards and catches up forwards, oldest first", async () => {
    const { a, b, id } = await pair();
    const ids: number[] = [];
    for (let i = 1; i <= 7; i++) ids.push((await send(i % 2 ? a.client : b.client, id, `m${i}`)).body.data.id);
    const newest = await b.client.get(`${BASE}/${id}/messages?limit=3`);
    expect(newest.body).toEqual({ data: expect.any(Array), meta: { has_more: true, limit: 3 } });
    expect(newest.body.data.map((m: { body: string }) => m.body)).toEqual(["m5", "m6", "m7"]);
    const older = await b.client.get(`${BASE}/${id}/messages?limit=3&before=${ids[4]}`);
    expect(older.body.data.map((m: { body: string }) => m.body)).toEqual(["m2", "m3", "m4"]);
    const oldest = await b.client.get(`${BASE}/${id}/messages?limit=3&before=${ids[1]}`);
    expect(oldest.body).toMatchObject({ meta: { has_more: false } });
    expect(oldest.body.data.map((m: { body: string }) => m.body)).toEqual(["m1"]);
    const after = await b.client.get(`${BASE}/${id}/messages?limit=4&after=${ids[2]}`);
    expect(after.body).toMatchObject({ meta: { has_more: false, limit: 4 } });
    expect(after.body.data.map((m: { body: string }) => m.body)).toEqual(["m4", "m5", "m6", "m7"]);
    expect((await b.client.get(`${BASE}/${id}/messages?limit=500`)).body.meta.limit).toBe(100);
    expect((await b.client.get(`${BASE}/${id}/messages?limit=abc`)).body.meta.limit).toBe(30);
    const bad = await b.client.get(`${BASE}/${id}/messages?before=x`);
    expect(bad).toMatchObject({ status: 422, body: { errors: { before: ["The selected message id is invalid."] } } });
    expect((await b.client.get(`${BASE}/${id}/messages?before=1&after=1`)).status).toBe(422);
    const empty = await pair();
    expect((await empty.b.client.get(`${BASE}/${empty.id}/messages`)).body).toEqual({ data: [], meta: { has_more: false, limit: 30 } });
  });

  it("a message whose transaction fails at commit is not sent: no notification, nothing published", async () => {
    const { a, b, id } = await pair();
    const undo = await failCommitsWriting(t, "messages");
    broadcaster.clear();
    try {
      expect((await send(a.client, id, "lost")).status).toBe(500);
    } finally {
      await undo();
    }
    expect(broadcaster.take()).toEqual([]);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, b.id))).toEqual([]);
    expect((await b.client.get(`${BASE}/${id}`)).body.data).toMatchObject({ last_message: null, unread_count: 0 });
  });
});

describe("read pointers", () => {
  it("move forward only, tell the chat and the reader's other tabs, and read the conversation's notification", async () => {
    const { a, b, id } = await pair("Alice", "Bob");
    const m1 = (await send(a.client, id, "one")).body.data.id;
    const m2 = (await send(a.client, id, "two")).body.data.id;
    broadcaster.clear();
    const read1 = await b.client.post(`${BASE}/${id}/read`, { message_id: m1 });
    expect(read1).toMatchObject({ status: 200, body: { data: { last_read_message_id: m1 } } });
    expect(broadcaster.take("App.Events.MessagesRead")).toEqual([
      {
        channels: [`private-chat.${id}`],
        event: "App.Events.MessagesRead",
        data: { conversation_id: id, user_id: b.id, last_read_message_id: m1 },
      },
    ]);
    expect((await b.client.get(`${BASE}/${id}`)).body.data).toMatchObject({ unread_count: 1, last_read_message_id: m1 });
    expect((await b.client.get("/api/user")).body.unread_notifications_count).toBe(1);

    const read2 = await b.client.post(`${BASE}/${id}/read`, { message_id: m2 });
    expect(read2.body.data.last_read_message_id).toBe(m2);
    const published = broadcaster.take();
    expect(published.find((m) => m.event === "App.Events.ConversationUpdated")).toMatchObject({
      channels: [userChannel(b.id)],
      data: { unread_count: 0 },
    });
    expect(published.find((m) => m.event === "App.Events.NotificationsRead")).toMatchObject({
      channels: [userChannel(b.id)],
      data: { unread_count: 0 },
    });
    expect((await b.client.get("/api/user")).body.unread_notifications_count).toBe(0);

    // Backwards is ignored, and tells nobody.
    const back = await b.client.post(`${BASE}/${id}/read`, { message_id: m1 });
    expect(back.body.data.last_read_message_id).toBe(m2);
    expect(broadcaster.take()).toEqual([]);
    expect((await a.client.get(`${BASE}/${id}`)).body.data).toMatchObject({ other_last_read_message_id: m2, last_read_message_id: m2 });

    // A message of another conversation, or none, is refused.
    const other = await pair();
    const foreign = (await send(other.a.client, other.id, "elsewhere")).body.data.id;
    for (const body of [{ message_id: foreign }, { message_id: "x" }, {}]) {
      expect((await b.client.post(`${BASE}/${id}/read`, body)).status).toBe(422);
    }
  });

  it("GET /api/user lists the conversations with an unread message from the other side, for the menu's count", async () => {
    const { a, b, id } = await pair();
    const second = await pair();
    const unread = async (client: TestClient) => (await client.get("/api/user")).body.unread_conversation_ids;
    expect(await unread(b.client)).toEqual([]);
    const m1 = (await send(a.client, id, "one")).body.data.id;
    await send(second.a.client, second.id, "elsewhere");
    expect(await unread(b.client)).toEqual([id]);
    // The sender's own message is not unread to them.
    expect(await unread(a.client)).toEqual([]);
    await b.client.post(`${BASE}/${id}/read`, { message_id: m1 });
    expect(await unread(b.client)).toEqual([]);
    expect(await unread(second.b.client)).toEqual([second.id]);
    // A reply reads the conversation: the last message is then the reader's own.
    await send(a.client, id, "two");
    await send(b.client, id, "reply");
    expect(await unread(b.client)).toEqual([]);
  });

  it("replying reads the conversation's notification too", async () => {
    const { a, b, id } = await pair();
    await send(a.client, id, "ping");
    expect((await b.client.get("/api/user")).body.unread_notifications_count).toBe(1);
    await send(b.client, id, "pong");
    expect((await b.client.get("/api/user")).body.unread_notifications_count).toBe(0);
    expect((await b.client.get(`${BASE}/${id}`)).body.data.unread_count).toBe(0);
  });
});

describe("the list", () => {
  it("is newest activity first, searchable by the other's name, paged", async () => {
    const me = await registered(t, "Lister");
    const names = ["Zed Zero", "Yan One", "Xia Two"];
    const ids: number[] = [];
    for (const name of names) ids.push((await start(me.client, { user_id: (await registered(t, name)).id })).id);
    await send(me.client, ids[0], "bump");
    const list = await me.client.get(`${BASE}?per_page=2`);
    expect(list.body.data.map((c: { other: { name: string } }) => c.other.name)).toEqual(["Zed Zero", "Xia Two"]);
    expect(list.body.meta).toMatchObject({ total: 3, last_page: 2 });
    expect((await me.client.get(`${BASE}?page=9`)).body.meta.total).toBe(3);
    const found = await me.client.get(`${BASE}?search=yan`);
    expect(found.body.data.map((c: { id: number }) => c.id)).toEqual([ids[1]]);
    expect((await me.client.get(`${BASE}?search=%25`)).body.data).toEqual([]);
  });
});
