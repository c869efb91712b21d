/**
 * Repeats of one cause (follow, unfollow, follow again; invite, withdraw, invite again) within the repeat
 * window are one notification, sequentially and in parallel; after the window, or once read, a repeat is
 * a new one.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "#api/db/realtime-schema.ts";
import { startupOwner } from "#api/testing/application-fixtures.ts";
import type { TestApi } from "#api/testing/harness.ts";
import { coFounderWith, startupOwner as invitingStartup } from "#api/testing/co-founder-fixtures.ts";
import { userChannel } from "#schemas/realtime.ts";
import { REPEAT_WINDOW_MINUTES } from "./notify.ts";
import { createRecordingTestApi, type RecordingBroadcaster } from "#api/testing/recording-broadcaster.ts";

let t: TestApi;
let broadcaster: RecordingBroadcaster;
beforeAll(async () => {
  ({ t, broadcaster } = await createRecordingTestApi());
});
afterAll(() => t.close());

const FOLLOW = "/api/v1/admin/follow";
const UNFOLLOW = "/api/v1/admin/unfollow";
const INVITATIONS = "/api/v1/admin/co_founder_invitations";
/** Loops of a hundred requests on a busy machine: a generous bound, not a speed claim. */
const LONG = 180_000;

const notificationsOf = (userId: number, type: "new_follower" | "invitation_received") =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)))
    .orderBy(notifications.id);

/** Makes the user's notifications of `type` look older than the repeat window. */
const age = (userId: number, type: "new_follower") =>
  t.database.db
    .update(notifications)
    .set({ createdAt: sql`now() - make_interval(mins => ${REPEAT_WINDOW_MINUTES + 1})` })
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

async function followedPair() {
  const owner = await startupOwner(t, "Followed");
  const fan = await startupOwner(t, "Fan");
  return { owner, fan, body: { followee_id: owner.startup.id, followee_type: "startup" } };
}

describe("a repeated follow", () => {
  it(
    "50 follow/unfollow cycles leave the followee one unread notification; the bell's count stays at 1",
    async () => {
      const { owner, fan, body } = await followedPair();
      broadcaster.clear();
      for (let i = 0; i < 50; i++) {
        expect((await fan.client.post(FOLLOW, body)).status).toBe(200);
        expect((await fan.client.post(UNFOLLOW, body)).status).toBe(200);
      }
      const rows = await notificationsOf(owner.id, "new_follower");
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ title: "Acme started following you", readAt: null, data: expect.objectContaining({ count: 50 }) });
      // Each repeat moves the one notification to the top (a new id, replacing the old) without adding to the count.
      const created = broadcaster.take("App.Events.NotificationCreated", userChannel(owner.id));
      expect(created).toHaveLength(50);
      expect(created.map((m) => (m.data as { unread_count: number }).unread_count)).toEqual(Array(50).fill(1));
      expect((created[0].data as { replaces_id?: number }).replaces_id).toBeUndefined();
      expect((created[49].data as { notification_id: number }).notification_id).toBe(rows[0].id);
      expect((await owner.client.get("/api/user")).body.unread_notifications_count).toBe(1);
    },
    LONG,
  );

  it("20 follows and unfollows at once leave one notification; 20 more once it is past the window, one more", async () => {
    const { owner, fan, body } = await followedPair();
    const burst = async () => {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => fan.client.post(i % 2 === 0 ? FOLLOW : UNFOLLOW, body)));
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      // Whatever order they ran in, the last of them leaves the fan following or not: unfollow to start again.
      await fan.client.post(UNFOLLOW, body);
    };
    await burst();
    expect(await notificationsOf(owner.id, "new_follower")).toHaveLength(1);
    await age(owner.id, "new_follower");
    await burst();
    expect(await notificationsOf(owner.id, "new_follower")).toHaveLength(2);
  });

  it("a repeat after the window, or after the followee read it, is a new notification; another follower is another cause", async () => {
    const { owner, fan, body } = await followedPair();
    await fan.client.post(FOLLOW, body);
    await fan.client.post(UNFOLLOW, body);
    await age(owner.id, "new_follower");
    await fan.client.post(FOLLOW, body);
    expect(await notificationsOf(owner.id, "new_follower")).toHaveLength(2);

    await owner.client.post("/api/v1/admin/notifications/read-all");
    await fan.client.post(UNFOLLOW, body);
    await fan.client.post(FOLLOW, body);
    expect(await notificationsOf(owner.id, "new_follower")).toHaveLength(3);

    const second = await startupOwner(t, "Second Fan");
    await second.client.post(FOLLOW, body);
    expect((await notificationsOf(owner.id, "new_follower")).filter((n) => n.readAt === null)).toHaveLength(2);
  });
});

describe("a repeated invitation", () => {
  it(
    "25 invite/withdraw cycles leave the invited person one notification, carrying the latest message and invitation",
    async () => {
      const startup = await invitingStartup(t);
      const person = await coFounderWith(t, { name: "Grace" });
      let lastId = 0;
      for (let i = 1; i <= 25; i++) {
        const sent = await startup.client.post(INVITATIONS, { co_founder_id: person.profile.id, message: `Join us, take ${i}` });
        expect(sent.status).toBe(201);
        lastId = sent.body.invitation.id;
        if (i < 25) expect((await startup.client.post(`${INVITATIONS}/${lastId}/withdraw`)).status).toBe(200);
      }
      const rows = await notificationsOf(person.id, "invitation_received");
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        title: `${startup.startup.name} invited you to join their team`,
        body: "Join us, take 25",
        readAt: null,
        data: expect.objectContaining({ invitation_id: lastId, count: 25 }),
      });
      expect((await person.client.get("/api/v1/admin/notifications")).body.data).toHaveLength(1);
    },
    LONG,
  );
});
