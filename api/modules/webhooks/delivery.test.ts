/**
 * Sending what is queued: signed tries with one id until the receiver takes it, endpoints side by side and
 * each one's deliveries in order, a redirect or a silence a failure that holds up nobody, bodies kept cut to
 * 8 KB, and finished deliveries forgotten after a month.
 */
import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationView } from "#schemas/applications.ts";
import { WEBHOOK_BODY_LIMIT } from "#schemas/webhooks.ts";
import { webhookDeliveries, webhookEndpoints } from "#api/db/webhooks-schema.ts";
import { insertEventForm, sendApplication } from "#api/testing/application-fixtures.ts";
import { registered } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import {
  addWebhook,
  applicationBy,
  deliverUntil,
  deliveriesOf,
  expectApiShape,
  ownerWithWebhook,
  startReceiver,
  TEST_WEBHOOKS,
} from "#api/testing/webhook-fixtures.ts";
import { pruneWebhookDeliveries } from "./delivery-state.ts";
import { drainWebhooks, runWebhookRound } from "./worker.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ webhooks: TEST_WEBHOOKS });
});
afterAll(() => t.close());

describe("webhook delivery", () => {
  it("tries again after failures: three calls with one webhook-id, each signed as Standard Webhooks says", async () => {
    const receiver = await startReceiver((n) => (n < 2 ? 500 : 200));
    try {
      const { owner, webhook, secret } = await ownerWithWebhook(t, receiver.url, ["application.submitted"]);
      const form = await insertEventForm(t, owner.startup.id);
      const { application } = await applicationBy(t, form.id);
      await deliverUntil(t, () => receiver.calls.length >= 3);

      const ids = new Set(receiver.calls.map((call) => call.headers["webhook-id"]));
      expect(ids.size).toBe(1);
      const verifier = new Webhook(secret);
      for (const call of receiver.calls) {
        const headers = call.headers as Record<string, string>;
        expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
        expect(verifier.verify(call.body, headers)).toBeTruthy();
      }
      const payload = JSON.parse(receiver.calls[2].body);
      expect(payload).toMatchObject({
        id: [...ids][0],
        type: "application.submitted",
        created_at: expect.stringMatching(/Z$/),
        data: { id: application.id, event_form_id: form.id, applicant_name: "Ada Applicant", status: expect.any(String) },
        activity: {
          subject: { type: "application", id: application.id, label: "Ada Applicant" },
          organization_id: owner.startup.id,
          event_form_id: form.id,
          details: { status: expect.any(String) },
        },
      });
      expectApiShape(applicationView, payload.data);

      const listed = await owner.client.get(`/api/v1/admin/webhooks/${webhook.id}/deliveries`);
      expect(listed.body.data).toHaveLength(1);
      expect(listed.body.data[0]).toMatchObject({ state: "delivered", attempts: 3, status_code: 200, response_body: "answer 200" });
      await drainWebhooks({ db: t.database.db, config: t.config.webhooks });
      expect(receiver.calls).toHaveLength(3);
    } finally {
      await receiver.close();
    }
  });

  it("queues one delivery per application when fifty arrive at once, none lost and none twice", async () => {
    const receiver = await startReceiver();
    try {
      const { owner, webhook } = await ownerWithWebhook(t, receiver.url, ["application.submitted"]);
      const form = await insertEventForm(t, owner.startup.id);
      const people = await Promise.all(Array.from({ length: 50 }, (_, i) => registered(t, `Applicant ${i}`)));
      const sent = await Promise.all(
        people.map((person, i) => sendApplication(person.client, form.id, { full_name: `Applicant ${i}`, email: person.email })),
      );
      expect(sent.map((res) => res.status)).toEqual(Array(50).fill(201));
      expect(await deliveriesOf(t, webhook.id)).toHaveLength(50);
      await deliverUntil(t, () => receiver.calls.length >= 50, 20_000);
      await drainWebhooks({ db: t.database.db, config: t.config.webhooks });
      expect(receiver.calls).toHaveLength(50);
      const subjects = receiver.calls.map((call) => JSON.parse(call.body).activity.subject.id);
      expect(new Set(subjects).size).toBe(50);
      expect(new Set(receiver.calls.map((call) => call.headers["webhook-id"])).size).toBe(50);
      // One endpoint, one call at a time, in the order the applications were recorded.
      const order = (await deliveriesOf(t, webhook.id)).map((row) => row.payload.subject as { id: number });
      expect(subjects).toEqual(order.map((subject) => subject.id));
    } finally {
      await receiver.close();
    }
  }, 60_000);

  it("sends an endpoint's deliveries one after the other, and after a failure leaves the rest untried", async () => {
    const receiver = await startReceiver((n) => (n === 1 ? 500 : 200));
    try {
      const { owner, webhook } = await ownerWithWebhook(t, receiver.url, ["application.submitted"]);
      for (let i = 0; i < 3; i++) await owner.client.post(`/api/v1/admin/webhooks/${webhook.id}/test`);
      expect(await runWebhookRound({ db: t.database.db, config: { ...t.config.webhooks, retrySeconds: 60 } })).toBe(true);
      const [first, second, third] = await deliveriesOf(t, webhook.id);
      expect(receiver.calls.map((call) => call.headers["webhook-id"])).toEqual([first.messageId, second.messageId]);
      expect([first, second, third].map((row) => [row.state, row.attempts])).toEqual([
        ["delivered", 1],
        ["pending", 1],
        ["pending", 0],
      ]);
    } finally {
      await receiver.close();
    }
  });

  it("forgets finished deliveries after a month, and never one still to send", async () => {
    const { webhook } = await ownerWithWebhook(t, "http://127.0.0.1:9/old", ["member.joined"]);
    const old = sql`now() - interval '31 days'`;
    const rows = await t.database.db
      .insert(webhookDeliveries)
      .values(
        (["delivered", "failed", "pending"] as const).map((state) => ({
          endpointId: webhook.id,
          eventType: "webhook.test",
          payload: {},
          state,
          createdAt: old,
        })),
      )
      .returning();
    await t.database.db
      .insert(webhookDeliveries)
      .values({ endpointId: webhook.id, eventType: "webhook.test", payload: {}, state: "delivered" });
    await pruneWebhookDeliveries(t.database.db);
    expect((await deliveriesOf(t, webhook.id)).map((row) => row.state)).toEqual(["pending", "delivered"]);
    expect((await deliveriesOf(t, webhook.id))[0].id).toBe(rows[2].id);
  });

  it("takes a redirect as a failure and does not follow it", async () => {
    let followed = false;
    const target = await startReceiver(() => {
      followed = true;
      return 200;
    });
    const receiver = await startReceiver(() => (response) => response.writeHead(307, { location: target.url }).end());
    try {
      const { owner, webhook } = await ownerWithWebhook(t, receiver.url, ["application.submitted"]);
      await owner.client.post(`/api/v1/admin/webhooks/${webhook.id}/test`);
      await drainWebhooks({ db: t.database.db, config: { ...t.config.webhooks, retrySeconds: 60 } });
      const [delivery] = await deliveriesOf(t, webhook.id);
      expect(delivery).toMatchObject({ state: "pending", statusCode: 307, attempts: 1, error: "A redirect is not followed" });
      expect(followed).toBe(false);
      const [endpoint] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, webhook.id));
      expect(endpoint.failingSince).toBeInstanceOf(Date);
    } finally {
      await receiver.close();
      await target.close();
    }
  });

  it("gives up on a receiver that never answers and goes on with the others", async () => {
    const silent = await startReceiver(() => "hang");
    const healthy = await startReceiver();
    try {
      const { owner, webhook } = await ownerWithWebhook(t, silent.url, ["application.submitted"]);
      const other = await addWebhook(owner.client, healthy.url, ["application.submitted"]);
      const form = await insertEventForm(t, owner.startup.id);
      await applicationBy(t, form.id);
      const config = { ...t.config.webhooks, timeoutMs: 200, retrySeconds: 60 };
      const started = Date.now();
      await drainWebhooks({ db: t.database.db, config, log: () => {} });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(healthy.calls).toHaveLength(1);
      const [stuck] = await deliveriesOf(t, webhook.id);
      expect(stuck).toMatchObject({ state: "pending", attempts: 1, statusCode: null, error: "No answer within 0.2 s" });
      expect((await deliveriesOf(t, other.webhook.id))[0].state).toBe("delivered");
    } finally {
      await silent.close();
      await healthy.close();
    }
  });

  it("keeps at most 8 KB of UTF-8 of the request and the answer, cut between characters", async () => {
    // "é" is two bytes, so after the one-byte "a" the 8,192nd byte is the first half of one.
    const answer = "a" + "é".repeat(5_000);
    const receiver = await startReceiver(
      () => (response) => response.writeHead(200, { "content-type": "text/plain; charset=utf-8" }).end(answer),
    );
    try {
      const { webhook } = await ownerWithWebhook(t, receiver.url, ["application.submitted"]);
      await t.database.db
        .insert(webhookDeliveries)
        .values({ endpointId: webhook.id, eventType: "webhook.test", payload: { note: "é".repeat(5_000) } });
      await drainWebhooks({ db: t.database.db, config: t.config.webhooks });
      const [delivery] = await deliveriesOf(t, webhook.id);
      expect(delivery.state).toBe("delivered");

      expect(delivery.responseBody).toBe("a" + "é".repeat(4_095));
      const sent = receiver.calls[0].body;
      expect(Buffer.byteLength(sent)).toBeGreaterThan(10_000);
      const kept = delivery.requestBody!;
      expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(WEBHOOK_BODY_LIMIT);
      // The longest start of what was sent that fits: one more character would not.
      expect(sent.startsWith(kept)).toBe(true);
      expect(Buffer.byteLength(sent.slice(0, kept.length + 1))).toBeGreaterThan(WEBHOOK_BODY_LIMIT);
    } finally {
      await receiver.close();
    }
  });
});
