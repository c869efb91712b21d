import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "#api/db/realtime-schema.ts";
import { startupOwner } from "#api/testing/application-fixtures.ts";
import { coFounder, PASSWORD, registered, userRow } from "#api/testing/fixtures.ts";
import { expectEveryCallRefused, type TestApi } from "#api/testing/harness.ts";
import { userChannel } from "#schemas/realtime.ts";
import { notify, notifyEach } from "./notify.ts";
import { createRecordingTestApi, failCommitsWriting, type RecordingBroadcaster } from "#api/testing/recording-broadcaster.ts";
import { BroadcastQueue } from "#api/realtime/broadcaster.ts";

let t: TestApi;
let broadcaster: RecordingBroadcaster;
beforeAll(async () => {
  ({ t, broadcaster } = await createRecordingTestApi());
});
afterAll(() => t.close());

const BASE = "/api/v1/admin/notifications";

async function notificationsOf(userId: number) {
  return t.database.db.select().from(notifications).where(eq(notifications.userId, userId));
}

/** Writes notifications straight through notify(), as a cause would. */
async function seed(userId: number, titles: string[]) {
  for (const title of titles) {
    await t.database.db.transaction((tx) => notify(tx, new BroadcastQueue(), { userId, type: "new_follower", title, url: "/startups/x" }));
  }
}

describe("guards", () => {
  it("answers 401 to anonymous callers", async () => {
    await expectEveryCallRefused(
      t.client(),
      [
        ["GET", BASE],
        ["POST", `${BASE}/1/read`, {}],
        ["POST", `${BASE}/read-all`, {}],
      ],
      401,
      { message: "Unauthenticated." },
    );
  });

  it("another user's notification is as missing as one that does not exist (404), and stays unread", async () => {
    const owner = await registered(t);
    const stranger = await registered(t);
    await seed(owner.id, ["Mine"]);
    const [mine] = await notificationsOf(owner.id);
    for (const path of [`${BASE}/${mine.id}/read`, `${BASE}/999999/read`, `${BASE}/abc/read`]) {
      const res = await stranger.client.post(path, {});
      expect(res, path).toMatchObject({ status: 404, body: { message: "Notification not found" } });
    }
    await stranger.client.post(`${BASE}/read-all`, {});
    expect((await notificationsOf(owner.id))[0].readAt).toBeNull();
    const list = await stranger.client.get(BASE);
    expect(list.body.data).toEqual([]);
  });
});

describe("the list and marking read", () => {
  it("lists newest first, paged, with the unread count; filter=unread; marks one and all read", async () => {
    const user = await registered(t);
    await seed(user.id, ["First", "Second", "Third"]);
    const list = await user.client.get(`${BASE}?per_page=2`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((n: { title: string }) => n.title)).toEqual(["Third", "Second"]);
    expect(list.body.meta).toMatchObject({ total: 3, per_page: 2, last_page: 2, unread_count: 3 });
    expect(list.body.data[0]).toEqual({
      id: expect.any(Number),
      type: "new_follower",
      title: "Third",
      body: null,
      url: "/startups/x",
      read_at: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const past = await user.client.get(`${BASE}?page=5`);
    expect(past.body.meta).toMatchObject({ total: 3, unread_count: 3 });

    broadcaster.clear();
    const read = await user.client.post(`${BASE}/${list.body.data[0].id}/read`, {});
    expect(read).toMatchObject({ status: 200, body: { message: "Notification marked as read", unread_count: 2 } });
    expect(broadcaster.take("App.Events.NotificationsRead")).toEqual([
      { channels: [userChannel(user.id)], event: "App.Events.NotificationsRead", data: { unread_count: 2 } },
    ]);
    // Again is fine, and does not move read_at.
    const first = (await notificationsOf(user.id)).find((n) => n.id === list.body.data[0].id)!;
    expect((await user.client.post(`${BASE}/${first.id}/read`, {})).body.unread_count).toBe(2);
    expect((await notificationsOf(user.id)).find((n) => n.id === first.id)!.readAt).toEqual(first.readAt);

    const unread = await user.client.get(`${BASE}?filter=unread`);
    expect(unread.body.data.map((n: { title: string }) => n.title)).toEqual(["Second", "First"]);
    expect(unread.body.meta).toMatchObject({ total: 2, unread_count: 2 });

    broadcaster.clear();
    const all = await user.client.post(`${BASE}/read-all`, {});
    expect(all).toMatchObject({ status: 200, body: { message: "All notifications marked as read", unread_count: 0 } });
    expect(broadcaster.take("App.Events.NotificationsRead").map((m) => m.data)).toEqual([{ unread_count: 0 }]);
    expect((await user.client.get(`${BASE}?filter=unread`)).body).toMatchObject({ data: [], meta: { total: 0, unread_count: 0 } });
  });

  it("GET /api/user carries unread_notifications_count, and it follows every change", async () => {
    const user = await registered(t);
    expect((await user.client.get("/api/user")).body.unread_notifications_count).toBe(0);
    await seed(user.id, ["One", "Two"]);
    const other = await registered(t);
    await seed(other.id, ["Not yours"]);
    expect((await user.client.get("/api/user")).body.unread_notifications_count).toBe(2);
    // The bearer path loads the caller in its own statement (UPDATE … RETURNING): the same count.
    const issued = await t.client().request("POST", "/sanctum/token", { email: user.email, password: PASSWORD, device_name: "cli" });
    const bearer = t.client();
    bearer.bearer = issued.body.token;
    expect((await bearer.get("/api/user")).body.unread_notifications_count).toBe(2);
    await user.client.post(`${BASE}/read-all`, {});
    expect((await user.client.get("/api/user")).body.unread_notifications_count).toBe(0);
  });
});

describe("a new follower", () => {
  it("notifies the followed startup's users after the commit, and moves the public follower count", async () => {
    const owner = await startupOwner(t, "Followed Owner");
    const fan = await startupOwner(t, "Fan");
    broadcaster.clear();
    // What the database shows when the messages go out: the notification must already be committed.
    const seenAtPublish: number[] = [];
    broadcaster.onPublish = async () => {
      seenAtPublish.push((await notificationsOf(owner.id)).length);
    };
    const res = await fan.client.post("/api/v1/admin/follow", { followee_id: owner.startup.id, followee_type: "startup" });
    broadcaster.onPublish = undefined;
    expect(res.status).toBe(200);
    expect(seenAtPublish).toEqual([1]);
    const [row] = await notificationsOf(owner.id);
    expect(row).toMatchObject({
      type: "new_follower",
      title: "Acme started following you",
      url: `/startups/${fan.startup.username}`,
      readAt: null,
    });
    expect(broadcaster.messages).toEqual([
      {
        channels: [userChannel(owner.id)],
        event: "App.Events.NotificationCreated",
        data: { notification_id: row.id, unread_count: 1 },
      },
      {
        channels: [`startup.${owner.startup.id}`],
        event: "App.Events.FollowersCountChanged",
        data: { startup_id: owner.startup.id, followers_count: 1 },
      },
    ]);
    broadcaster.clear();
    // Following again changes nothing and tells nobody; unfollowing moves the count only.
    await fan.client.post("/api/v1/admin/follow", { followee_id: owner.startup.id, followee_type: "startup" });
    expect(broadcaster.take()).toEqual([]);
    await fan.client.post("/api/v1/admin/unfollow", { followee_id: owner.startup.id, followee_type: "startup" });
    expect(broadcaster.take()).toEqual([
      {
        channels: [`startup.${owner.startup.id}`],
        event: "App.Events.FollowersCountChanged",
        data: { startup_id: owner.startup.id, followers_count: 0 },
      },
    ]);
    expect(await notificationsOf(owner.id)).toHaveLength(1);
  });

  it("a co-founder profile's count moves on co-founder.{id}", async () => {
    const person = await coFounder(t);
    const { coFounderId } = await userRow(t, person.id);
    const fan = await startupOwner(t, "Fan");
    broadcaster.clear();
    await fan.client.post("/api/v1/admin/follow", { followee_id: coFounderId, followee_type: "co_founder" });
    expect(broadcaster.take("App.Events.FollowersCountChanged")).toEqual([
      {
        channels: [`co-founder.${coFounderId}`],
        event: "App.Events.FollowersCountChanged",
        data: { profile_id: coFounderId, followers_count: 1 },
      },
    ]);
    expect((await person.client.get(BASE)).body.data[0]).toMatchObject({ title: "Acme started following you" });
  });

  it("a follow whose transaction fails at commit leaves no notification and publishes nothing", async () => {
    const owner = await startupOwner(t, "Unlucky Owner");
    const fan = await startupOwner(t, "Fan");
    const undo = await failCommitsWriting(t, "follows");
    broadcaster.clear();
    try {
      const res = await fan.client.post("/api/v1/admin/follow", { followee_id: owner.startup.id, followee_type: "startup" });
      expect(res.status).toBe(500);
    } finally {
      await undo();
    }
    expect(await notificationsOf(owner.id)).toEqual([]);
    expect(broadcaster.take()).toEqual([]);
  });
});

describe("settings", () => {
  it("a type turned off on /settings is not written or pushed; the others still are", async () => {
    const user = await registered(t);
    const saved = await user.client.put("/api/v1/admin/settings", {
      time_zone: "UTC",
      date_format: "medium",
      theme: "system",
      layout: "auto",
      notifications: ["new_follower"],
    });
    expect(saved.status).toBe(200);
    const queue = new BroadcastQueue();
    const off = await t.database.db.transaction((tx) =>
      notify(tx, queue, { userId: user.id, type: "message_received", title: "New message from Ada" }),
    );
    expect(off).toBeNull();
    expect(queue.messages).toEqual([]);
    const on = await t.database.db.transaction((tx) =>
      notify(tx, queue, { userId: user.id, type: "new_follower", title: "Ada started following you" }),
    );
    expect(on).toMatchObject({ type: "new_follower" });
    expect((await notificationsOf(user.id)).map((n) => n.type)).toEqual(["new_follower"]);
    expect(queue.messages).toHaveLength(1);
  });
});

describe("grouped notifications", () => {
  it("collapse into one unread row that moves to the top with a new id and a count", async () => {
    const user = await registered(t);
    const queue = new BroadcastQueue();
    const input = { userId: user.id, type: "message_received" as const, title: "New message from Ada", groupKey: "conversation:1" };
    const first = (await t.database.db.transaction((tx) => notify(tx, queue, { ...input, body: "one" })))!;
    await seed(user.id, ["Something else"]);
    const second = (await t.database.db.transaction((tx) => notify(tx, queue, { ...input, body: "two" })))!;
    expect(second.id).toBeGreaterThan(first.id);
    const rows = await notificationsOf(user.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === second.id)).toMatchObject({ body: "two", data: { count: 2 } });
    expect(queue.messages.at(-1)!.data).toMatchObject({ replaces_id: first.id, unread_count: 2 });
    const list = await user.client.get(BASE);
    expect(list.body.data.map((n: { body: string | null }) => n.body)).toEqual(["two", null]);
    // Once read, the next one starts a new row.
    await user.client.post(`${BASE}/${second.id}/read`, {});
    await t.database.db.transaction((tx) => notify(tx, queue, { ...input, body: "three" }));
    expect(await notificationsOf(user.id)).toHaveLength(3);
  });
});

describe("several recipients", () => {
  it("notifyEach writes one per user in one statement: a repeated user once, a muted one not at all, each with their own count", async () => {
    const [one, two, quiet] = [await registered(t), await registered(t), await registered(t)];
    await seed(one.id, ["Earlier"]);
    // The settings list the types left on: `quiet` turned new followers off.
    expect(
      (
        await quiet.client.put("/api/v1/admin/settings", {
          time_zone: "UTC",
          date_format: "medium",
          theme: "system",
          layout: "auto",
          notifications: [],
        })
      ).status,
    ).toBe(200);
    const queue = new BroadcastQueue();
    await t.database.db.transaction((tx) =>
      notifyEach(tx, queue, [two.id, one.id, quiet.id, two.id], {
        type: "new_follower",
        title: "Acme started following you",
        data: { startup_id: 7 },
      }),
    );
    expect(queue.messages.map((m) => [m.channels, (m.data as { unread_count: number }).unread_count])).toEqual([
      [[userChannel(one.id)], 2],
      [[userChannel(two.id)], 1],
    ]);
    expect(await notificationsOf(two.id)).toEqual([
      expect.objectContaining({ title: "Acme started following you", data: { startup_id: 7 }, groupKey: null, readAt: null }),
    ]);
    expect(await notificationsOf(quiet.id)).toEqual([]);
    expect(await notificationsOf(one.id)).toHaveLength(2);
  });
});
