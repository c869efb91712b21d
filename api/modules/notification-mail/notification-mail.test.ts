/**
 * Notification mail as each recipient chose it, delivered to a real SMTP server on loopback: co-founder
 * invitations and their answers at once to the other side, followers in the daily digest (once a day, at
 * the reader's morning, whatever runs the job), payment receipts, and chat messages only when still unread
 * 15 minutes after they were sent.
 */
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailDigestItems } from "#api/db/realtime-schema.ts";
import { coFounderWith, startupOwner } from "#api/testing/co-founder-fixtures.ts";
import { createBilling, createCoupon, paidEventForm, payer, takenBySandbox } from "#api/testing/billing-fixtures.ts";
import { registered } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi, type TestClient } from "#api/testing/harness.ts";
import { headerOf, mailDelivery, outboxOf as queuedMail, unsubscribeLinkOf, type MailDelivery } from "#api/testing/mail-fixtures.ts";
import { runMailJobs } from "./jobs.ts";

const APP_URL = "https://launchpad.example.com";
let t: TestApi;
let mail: MailDelivery;
beforeAll(async () => {
  t = await createTestApi({ appUrl: APP_URL });
  mail = await mailDelivery(t);
});
afterAll(async () => {
  await mail.close();
  await t.close();
});

const INVITATIONS = "/api/v1/admin/co_founder_invitations";
const outboxOf = (userId: number, kind: string) => queuedMail(t.database.db, userId, kind);

async function saveMailChoices(client: TestClient, choices: Record<string, string>) {
  const { mail: saved, ...rest } = (await client.get("/api/v1/admin/settings")).body.data;
  const res = await client.put("/api/v1/admin/settings", { ...rest, mail: { ...saved, ...choices } });
  expect(res.status).toBe(200);
}

describe("co-founder invitations", () => {
  it("are mailed to the invited person, and the answer to the startup, each with its one-click unsubscribe", async () => {
    const owner = await startupOwner(t);
    const person = await coFounderWith(t, { name: "Grace Hopper" });
    const sent = await owner.client.post(INVITATIONS, { co_founder_id: person.profile.id, message: "Build compilers with us" });
    expect(sent.status).toBe(201);

    const invitation = await mail.mailTo(person.email, /invited you to join their team$/);
    expect(invitation.subject).toBe(`${owner.startup.name} invited you to join their team`);
    expect(invitation.text).toContain("Build compilers with us");
    expect(invitation.html).toContain(`href="${APP_URL}/co-founder-invitations?box=received"`);
    expect(headerOf(invitation, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    // Written by the app, to one person: automatic, not bulk.
    expect(headerOf(invitation, "Auto-Submitted")).toBe("auto-generated");
    expect(headerOf(invitation, "Precedence")).toBe("");
    expect(unsubscribeLinkOf(invitation)).toMatch(new RegExp(`^/unsubscribe/${person.id}\\.invitation_received\\.`));

    const answered = await person.client.post(`${INVITATIONS}/${sent.body.invitation.id}/accept`, { response_message: "Gladly" });
    expect(answered.status).toBe(200);
    const answer = await mail.mailTo(owner.email, /accepted your invitation$/);
    expect(answer.subject).toBe("Grace Hopper accepted your invitation");
    expect(answer.text).toContain("Gladly");
    expect(unsubscribeLinkOf(answer)).toMatch(new RegExp(`^/unsubscribe/${owner.id}\\.invitation_accepted\\.`));
  });
});

describe("a cause repeated", () => {
  it("is mailed once per its window: following and unfollowing five times is one mail", async () => {
    const followed = await startupOwner(t);
    await saveMailChoices(followed.client, { new_follower: "immediately" });
    const fan = await coFounderWith(t, { name: "Fickle Fan" });
    const body = { followee_id: followed.startup.id, followee_type: "startup" };
    for (let i = 0; i < 5; i++) {
      expect((await fan.client.post("/api/v1/admin/follow", body)).status).toBe(200);
      expect((await fan.client.post("/api/v1/admin/unfollow", body)).status).toBe(200);
    }
    await mail.mailTo(followed.email, /^Fickle Fan started following you$/);
    expect(await outboxOf(followed.id, "new_follower")).toHaveLength(1);
  });
});

describe("the daily digest", () => {
  it("lists the followers of the day once, at 08:00 on the reader's clock, however many runs at once", async () => {
    const followed = await startupOwner(t);
    const settings = (await followed.client.get("/api/v1/admin/settings")).body.data;
    expect(settings.mail).toMatchObject({ new_follower: "digest", invitation_received: "immediately", event_calendar: "immediately" });
    expect((await followed.client.put("/api/v1/admin/settings", { ...settings, time_zone: "Asia/Tokyo" })).status).toBe(200);
    for (const name of ["Alan Turing", "Edsger Dijkstra"]) {
      const fan = await coFounderWith(t, { name });
      const follow = await fan.client.post("/api/v1/admin/follow", { followee_id: followed.startup.id, followee_type: "startup" });
      expect(follow.status).toBe(200);
    }
    expect(await outboxOf(followed.id, "new_follower")).toHaveLength(0);

    // 07:59 in Tokyo: not yet. 08:00: one digest, though five runs (instances) try at once.
    await runMailJobs(t.database.db, APP_URL, new Date("2035-03-03T22:59:00Z"));
    expect(await outboxOf(followed.id, "digest")).toHaveLength(0);
    const morning = new Date("2035-03-03T23:00:00Z");
    await Promise.all(Array.from({ length: 5 }, () => runMailJobs(t.database.db, APP_URL, morning)));
    const digests = await outboxOf(followed.id, "digest");
    expect(digests).toHaveLength(1);
    expect(digests[0].dedupeKey).toBe(`digest:${followed.id}:2035-03-04`);

    const digest = await mail.mailTo(followed.email, /^Your Launchpad digest for 4 Mar 2035$/);
    expect(digest.text).toContain("Someone follows you");
    expect(digest.text).toContain("Alan Turing started following you");
    expect(digest.text).toContain("Edsger Dijkstra started following you");
    expect(headerOf(digest, "Precedence")).toBe("bulk");
    expect(headerOf(digest, "Auto-Submitted")).toBe("auto-generated");
    expect(unsubscribeLinkOf(digest)).toMatch(new RegExp(`^/unsubscribe/${followed.id}\\.digest\\.`));
    const waiting = await t.database.db
      .select()
      .from(mailDigestItems)
      .where(and(eq(mailDigestItems.userId, followed.id), isNull(mailDigestItems.mailedAt)));
    expect(waiting).toHaveLength(0);

    // A follower later that day waits for the next morning's digest.
    const late = await coFounderWith(t, { name: "Barbara Liskov" });
    await late.client.post("/api/v1/admin/follow", { followee_id: followed.startup.id, followee_type: "startup" });
    await runMailJobs(t.database.db, APP_URL, new Date("2035-03-04T05:00:00Z"));
    expect(await outboxOf(followed.id, "digest")).toHaveLength(1);
    await runMailJobs(t.database.db, APP_URL, new Date("2035-03-04T23:00:00Z"));
    expect((await outboxOf(followed.id, "digest")).map((row) => row.dedupeKey)).toEqual([
      `digest:${followed.id}:2035-03-04`,
      `digest:${followed.id}:2035-03-05`,
    ]);
  });
});

describe("a payment", () => {
  it("sends the payer a receipt with the amount, the coupon and the reference, once however often it is verified", async () => {
    const { owner, form } = await paidEventForm(t, "50", "USD");
    const coupon = await createCoupon(owner.client, { value: 10 });
    const p = await payer(t, "Paying Guest");
    const { event_billing, payment_url } = await createBilling(p.client, form.id, { coupon_code: coupon.code });
    await takenBySandbox(t, p.client, payment_url!);
    const verified = await Promise.all(
      Array.from({ length: 5 }, () =>
        p.client.post("/api/v1/admin/event_billings/verify_payment", { connect_pay_id: event_billing.connect_pay_id }),
      ),
    );
    expect(verified.map((answer) => answer.body.payment_status)).toEqual(Array(5).fill("Successful"));

    const receipt = await mail.mailTo(p.email, /^Receipt for Paid summit/);
    expect(receipt.subject).toBe("Receipt for Paid summit: USD 45.00");
    expect(receipt.text).toContain("Amount: USD 50.00");
    expect(receipt.text).toContain(`Coupon ${coupon.code}: −USD 5.00`);
    expect(receipt.text).toContain("Total paid: USD 45.00");
    expect(receipt.text).toContain(`Reference: ${event_billing.connect_pay_id}`);
    expect(unsubscribeLinkOf(receipt)).toMatch(new RegExp(`^/unsubscribe/${p.id}\\.payment_status_changed\\.`));
    expect(await outboxOf(p.id, "payment_status_changed/receipt")).toHaveLength(1);
  });
});

describe("chat messages", () => {
  async function conversationBetween(names: [string, string]) {
    const one = await registered(t, names[0]);
    const two = await registered(t, names[1]);
    const started = await one.client.post("/api/v1/admin/conversations", { user_id: two.id });
    expect(started.status).toBe(201);
    return { one, two, id: started.body.data.id as number };
  }
  const say = (client: TestClient, id: number, body: string) => client.post(`/api/v1/admin/conversations/${id}/messages`, { body });
  const soon = (minutes: number) => new Date(Date.now() + minutes * 60_000);

  it("are mailed only when still unread 15 minutes after they were sent, once per unread run", async () => {
    const { one, two, id } = await conversationBetween(["Chatty Sender", "Busy Reader"]);
    await saveMailChoices(two.client, { message_received: "immediately" });
    expect((await say(one.client, id, "Are you coming tonight?")).status).toBe(201);
    expect((await say(one.client, id, "Bring the slides")).status).toBe(201);

    await runMailJobs(t.database.db, APP_URL, soon(14));
    expect(await outboxOf(two.id, "message_received")).toHaveLength(0);
    await Promise.all([runMailJobs(t.database.db, APP_URL, soon(16)), runMailJobs(t.database.db, APP_URL, soon(16))]);
    await runMailJobs(t.database.db, APP_URL, soon(30));
    expect(await outboxOf(two.id, "message_received")).toHaveLength(1);
    const received = await mail.mailTo(two.email, /^New message from Chatty Sender$/);
    expect(received.text).toContain("Are you coming tonight? (and 1 more unread)");
    expect(received.html).toContain(`href="${APP_URL}/chat/${id}"`);
  });

  it("read in time, are not mailed; by default, an unread one waits for the digest", async () => {
    const { one, two, id } = await conversationBetween(["Quick Sender", "Quick Reader"]);
    const sent = await say(one.client, id, "Read me quickly");
    expect((await two.client.post(`/api/v1/admin/conversations/${id}/read`, { message_id: sent.body.data.id })).status).toBe(200);
    const other = await conversationBetween(["Slow Sender", "Slow Reader"]);
    await say(other.one.client, other.id, "Read me whenever");

    await runMailJobs(t.database.db, APP_URL, soon(20));
    expect(await outboxOf(two.id, "message_received")).toHaveLength(0);
    expect(await t.database.db.select().from(mailDigestItems).where(eq(mailDigestItems.userId, two.id))).toHaveLength(0);
    const waiting = await t.database.db.select().from(mailDigestItems).where(eq(mailDigestItems.userId, other.two.id));
    expect(waiting).toMatchObject([{ type: "message_received", title: "New message from Slow Sender", body: "Read me whenever" }]);
    await runMailJobs(t.database.db, APP_URL, soon(25));
    expect(await t.database.db.select().from(mailDigestItems).where(eq(mailDigestItems.userId, other.two.id))).toHaveLength(1);
  });
});
