/**
 * The send path as one statement (send.ts): what it costs in statements, and what it must still get right
 * when sends meet: both people writing at once, a muted recipient, hostile text, a stranger's broken body.
 */
import { and, eq, isNull } from "drizzle-orm";
import pg from "pg";
import { NOTIFICATION_TYPES } from "#schemas/notifications.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, notifications } from "#api/db/realtime-schema.ts";
import { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { limits } from "#api/lib/limits.ts";
import { registered } from "#api/testing/fixtures.ts";
import { hitsOf } from "#api/testing/rate-limits.ts";
import type { TestApi, TestClient } from "#api/testing/harness.ts";
import { loadAuthUser } from "../auth/sessions.ts";
import { userChannel } from "#schemas/realtime.ts";
import { createRecordingTestApi, type RecordingBroadcaster } from "#api/testing/recording-broadcaster.ts";
import { sendMessage } from "./send.ts";

let t: TestApi;
let broadcaster: RecordingBroadcaster;
beforeAll(async () => {
  ({ t, broadcaster } = await createRecordingTestApi());
});
afterAll(() => t.close());

const BASE = "/api/v1/admin/conversations";
const send = (client: TestClient, id: number, body: unknown) => client.post(`${BASE}/${id}/messages`, { body });

async function pair(nameA = "Alice", nameB = "Bob") {
  const a = await registered(t, nameA);
  const b = await registered(t, nameB);
  const started = await a.client.post(BASE, { user_id: b.id });
  return { a, b, id: started.body.data.id as number };
}

/** Every statement the database is sent while `action` runs (either engine). */
async function statementsDuring(action: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  type Query = (this: unknown, text: unknown, ...rest: unknown[]) => unknown;
  const record = (text: unknown) => seen.push(typeof text === "string" ? text : (text as { text: string }).text);
  if (t.database.kind === "pglite") {
    const client = (t.database.db as unknown as { $client: { query: Query } }).$client;
    const original = client.query;
    client.query = function (text, ...rest) {
      record(text);
      return original.call(this, text, ...rest);
    };
    try {
      await action();
    } finally {
      client.query = original;
    }
  } else {
    const prototype = pg.Client.prototype as unknown as { query: Query };
    const original = prototype.query;
    prototype.query = function (text, ...rest) {
      record(text);
      return original.call(this, text, ...rest);
    };
    try {
      await action();
    } finally {
      prototype.query = original;
    }
  }
  return seen.map((text) => text.trim().split(/\s+/).slice(0, 3).join(" ").toLowerCase());
}

describe("the send", () => {
  it("is one statement on the embedded database, the send limit included; on PostgreSQL the same one after the conversation's lock", async () => {
    const { a, id } = await pair();
    const me = await loadAuthUser(t.database.db, a.id);
    const limit = limits(t.config).chatMessage;
    await sendMessage(t.database.db, me, id, "warm", new BroadcastQueue(), limit);
    const statements = await statementsDuring(() => sendMessage(t.database.db, me, id, "counted", new BroadcastQueue(), limit));
    if (t.database.kind === "pglite") {
      expect(statements).toEqual([expect.stringMatching(/^with /)]);
    } else {
      expect(statements).toEqual(["begin", "select user_id from", expect.stringMatching(/^with /), "commit"]);
    }
    expect(await hitsOf(t.database.db, limit, a.id)).toBe(2);
  });

  it("two people writing at once in one conversation: every message saved once, counts as the list shows them", async () => {
    const { a, b, id } = await pair();
    broadcaster.clear();
    const sends = Array.from({ length: 16 }, (_, i) => send(i % 2 ? b.client : a.client, id, `both ${i}`));
    const results = await Promise.all(sends);
    expect(results.map((r) => r.status)).toEqual(Array(16).fill(201));
    const saved = await t.database.db.select({ body: messages.body }).from(messages).where(eq(messages.conversationId, id));
    expect(saved.map((m) => m.body).sort()).toEqual(Array.from({ length: 16 }, (_, i) => `both ${i}`).sort());
    expect(broadcaster.take("App.Events.MessageSent")).toHaveLength(16);
    // Each side's own last message is read; what the other wrote after it is unread, and the list agrees.
    for (const [person, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const ids = await t.database.db
        .select({ id: messages.id, userId: messages.userId })
        .from(messages)
        .where(eq(messages.conversationId, id));
      const ownLast = Math.max(...ids.filter((m) => m.userId === person.id).map((m) => m.id));
      const unread = ids.filter((m) => m.userId === other.id && m.id > ownLast).length;
      expect((await person.client.get(`${BASE}/${id}`)).body.data).toMatchObject({ unread_count: unread, last_read_message_id: ownLast });
      const open = await t.database.db
        .select({ data: notifications.data })
        .from(notifications)
        .where(and(eq(notifications.userId, person.id), eq(notifications.groupKey, `conversation:${id}`), isNull(notifications.readAt)));
      expect(open.length).toBe(unread ? 1 : 0);
    }
  });

  it("a recipient who muted new messages gets no notification; the message and the conversation update still reach them", async () => {
    const { a, b, id } = await pair("Ada", "Muted Bob");
    // The settings list the types left on.
    const saved = await b.client.put("/api/v1/admin/settings", {
      time_zone: "UTC",
      date_format: "medium",
      theme: "system",
      layout: "auto",
      notifications: NOTIFICATION_TYPES.filter((type) => type !== "message_received"),
    });
    expect(saved.status).toBe(200);
    broadcaster.clear();
    const res = await send(a.client, id, "hello?");
    expect(res.status).toBe(201);
    const published = broadcaster.take();
    expect(published.filter((m) => m.event === "App.Events.NotificationCreated")).toEqual([]);
    expect(published.find((m) => m.event === "App.Events.ConversationUpdated" && m.channels[0] === userChannel(b.id))?.data).toMatchObject({
      unread_count: 1,
    });
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, b.id))).toEqual([]);
  });

  it("stores and returns hostile text exactly as sent", async () => {
    const { a, b, id } = await pair();
    const bodies = ["it's", "'); delete from messages; --", "back\\slash \\' E'\\x41'", "$1 $$ $tag$", "emoji 😀\nsecond line"];
    for (const body of bodies) expect((await send(a.client, id, body)).body.data.body).toBe(body);
    const listed = await b.client.get(`${BASE}/${id}/messages?limit=10`);
    expect(listed.body.data.map((m: { body: string }) => m.body)).toEqual(bodies);
  });

  it("a stranger's unreadable body is still answered 404, not 400 or 422", async () => {
    const { id } = await pair();
    const stranger = await registered(t, "Eve");
    await stranger.client.prime();
    const res = await stranger.client.request(
      "POST",
      `${BASE}/${id}/messages`,
      undefined,
      { "content-type": "application/json" },
      "{not json",
    );
    expect(res).toMatchObject({ status: 404, body: { message: "Conversation not found" } });
  });
});
