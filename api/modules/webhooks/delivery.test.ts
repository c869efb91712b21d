import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { applicationView } from "#schemas/applications.ts";
import { eventBillingView } from "#schemas/billing.ts";
import { ticketView } from "#schemas/check-ins.ts";
import { eventFormView } from "#schemas/event-form-views.ts";
import { teamMemberView } from "#schemas/team.ts";
import { webhookDeliveries, webhookEndpoints } from "#api/db/webhooks-schema.ts";
import { insertEventForm, sendApplication } from "#api/testing/application-fixtures.ts";
import { ownerWithCollection, publishedEventForm, validEventFormFields } from "#api/testing/event-fixtures.ts";
import { createBilling, paidThroughSandbox } from "#api/testing/billing-fixtures.ts";
import { registered } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import { joinedMember, TEAM_MEMBERS } from "#api/testing/team-fixtures.ts";
import { addWebhook, deliverUntil, ownerWithWebhook, startReceiver, TEST_WEBHOOKS } from "#api/testing/webhook-fixtures.ts";
import { pruneWebhookDeliveries } from "./delivery-state.ts";
import { drainWebhooks, runWebhookRound } from "./worker.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ webhooks: TEST_WEBHOOKS });
});
afterAll(() => t.close());

async function apply(formId: number, name = "Ada Applicant") {
  const person = await registered(t, name);
  const res = await sendApplication(person.client, formId, { full_name: name, email: person.email });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.event_application as { id: number };
}

/** `data` is exactly an object the API answers: valid for its schema, with nothing the schema leaves out. */
function expectApiShape(schema: z.ZodType, data: unknown) {
  expect(schema.parse(data)).toEqual(data);
  return data;
}

const deliveriesOf = (endpointId: number) =>
  t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).orderBy(webhookDeliveries.id);

describe("webhook delivery", () => {
  it("tries again after failures: three calls with one webhook-id, each signed as Standard Webhooks says", async () => {
    const receiver = await startReceiver((n) => (n < 2 ? 500 : 200));
    try {
      const { owner, webhook, secret } = await ownerWithWebhook(t, receiver.url, ["application.submitted"]);
      const form = await insertEventForm(t, owner.startup.id);
      const application = await apply(form.id);
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
      expect(await deliveriesOf(webhook.id)).toHaveLength(50);
      await deliverUntil(t, () => receiver.calls.length >= 50, 20_000);
      await drainWebhooks({ db: t.database.db, config: t.config.webhooks });
      expect(receiver.calls).toHaveLength(50);
      const subjects = receiver.calls.map((call) => JSON.parse(call.body).activity.subject.id);
      expect(new Set(subjects).size).toBe(50);
      expect(new Set(receiver.calls.map((call) => call.headers["webhook-id"])).size).toBe(50);
      // One endpoint, one call at a time, in the order the applications were recorded.
      const order = (await deliveriesOf(webhook.id)).map((row) => row.payload.subject as { id: number });
      expect(subjects).toEqual(order.map((subject) => subject.id));
    } finally {
      await receiver.close();
    }
  }, 60_000);

  it("reads the record's kinds as the webhooks': a status change, the applicant's cancelling, a member joining and removed", async () => {
    const receiver = await startReceiver();
    try {
      const { owner } = await ownerWithWebhook(t, receiver.url, [
        "application.status_changed",
        "application.cancelled",
        "member.joined",
        "member.removed",
      ]);
      const form = await insertEventForm(t, owner.startup.id);
      const person = await registered(t, "Cam Cancel");
      const sent = await sendApplication(person.client, form.id, { full_name: "Cam Cancel", email: person.email });
      const id = sent.body.event_application.id as number;
      expect((await owner.client.put(`/api/v1/admin/event_applications/${id}/status`, { status: "accepted" })).status).toBe(200);
      expect((await person.client.put(`/api/v1/admin/event_applications/${id}/cancel_apply`)).status).toBe(200);
      const member = await joinedMember(t, owner.client, "door");
      expect((await owner.client.delete(`${TEAM_MEMBERS}/${member.id}`)).status).toBe(200);
      await deliverUntil(t, () => receiver.calls.length >= 4);
      const events = receiver.calls.map((call) => JSON.parse(call.body));
      expect(events.map((event) => event.type)).toEqual([
        "application.status_changed",
        "application.cancelled",
        "member.joined",
        "member.removed",
      ]);
      expect(events[0].activity).toMatchObject({
        subject: { id },
        changes: { status: { to: "accepted" } },
        details: { status: "accepted" },
      });
      expect(events[1].activity).toMatchObject({ subject: { id, label: "Cam Cancel" }, actor: { id: person.id } });
      expect(events[2].activity.subject).toMatchObject({ type: "member" });
      // Each `data` is the object as the API answers it, read when the event is first sent.
      for (const event of events.slice(0, 2)) expectApiShape(applicationView, event.data);
      expect(events[1].data).toMatchObject({ id, status: "cancelled" });
      expect(expectApiShape(teamMemberView, events[2].data)).toMatchObject({ user_id: member.id });
      // A member removed is gone: the activity still names them.
      expect(events[3].data).toBeNull();
      expect(events[3].activity.subject).toMatchObject({ id: member.id });
    } finally {
      await receiver.close();
    }
  });

  it("tells of a payment, its refund, a check-in at the door and its undoing", async () => {
    const receiver = await startReceiver();
    try {
      const { owner } = await ownerWithWebhook(t, receiver.url, [
        "billing.paid",
        "billing.refunded",
        "check_in.created",
        "check_in.undone",
      ]);
      const form = await insertEventForm(t, owner.startup.id, {
        typeOfEvent: "paid",
        paidEventInformation: { price: "50.00", currency: "USD", includes: null },
      });
      const guest = await registered(t, "Pat Payer");
      const { event_billing, payment_url } = await createBilling(guest.client, form.id);
      await paidThroughSandbox(t, guest.client, payment_url!);
      const applied = await sendApplication(guest.client, form.id, { full_name: "Pat Payer", email: guest.email });
      expect(applied.status).toBe(201);
      const refunded = await owner.client.post(`/api/v1/admin/event_billings/${event_billing.id}/refund`, {
        amount: "10",
        reason: "Goodwill",
      });
      expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
      const { code } = (await guest.client.get(`/api/v1/site/event_forms/${form.id}`)).body.my_ticket as { code: string };
      const checkIns = `/api/v1/admin/event_forms/${form.id}/check_ins`;
      expect((await owner.client.post(checkIns, { code })).status).toBe(201);
      expect((await owner.client.delete(`${checkIns}/${code}`)).status).toBe(200);

      await deliverUntil(t, () => receiver.calls.length >= 4);
      const events = receiver.calls.map((call) => JSON.parse(call.body));
      expect(events.map((event) => event.type)).toEqual(["billing.paid", "billing.refunded", "check_in.created", "check_in.undone"]);
      expect(events[0].activity.subject).toMatchObject({ type: "billing", id: event_billing.id });
      expect(events[1].activity.subject).toMatchObject({ type: "billing", id: event_billing.id });
      for (const event of events.slice(0, 2)) expect(expectApiShape(eventBillingView, event.data)).toMatchObject({ id: event_billing.id });
      const applicationId = applied.body.event_application.id as number;
      expect(events[2].activity).toMatchObject({ subject: { id: applicationId, label: "Pat Payer" }, event_form_id: form.id });
      expect(events[3].activity).toMatchObject({ subject: { id: applicationId }, event_form_id: form.id });
      for (const event of events.slice(2))
        expect(expectApiShape(ticketView, event.data)).toMatchObject({ application_id: applicationId, ticket_code: code });
    } finally {
      await receiver.close();
    }
  });

  it("tells of an event form published and then edited", async () => {
    const receiver = await startReceiver();
    try {
      const owner = await ownerWithCollection(t);
      await addWebhook(owner.client, receiver.url, ["event_form.published", "event_form.updated"]);
      const form = await publishedEventForm(owner.client, owner.collection.id);
      const edited = await owner.client.put(
        `/api/v1/admin/event_forms/${form.id}`,
        validEventFormFields(owner.collection.id, { title: "Renamed" }),
      );
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      await deliverUntil(t, () => receiver.calls.length >= 2);
      const events = receiver.calls.map((call) => JSON.parse(call.body));
      expect(events.map((event) => event.type)).toEqual(["event_form.published", "event_form.updated"]);
      expect(events[1].activity).toMatchObject({ subject: { type: "event_form", id: form.id, label: "Renamed" }, event_form_id: form.id });
      // Each as the change left it: published under its first title, then renamed.
      expect(expectApiShape(eventFormView, events[0].data)).toMatchObject({ id: form.id, title: form.title, status: "published" });
      expect(expectApiShape(eventFormView, events[1].data)).toMatchObject({ id: form.id, title: "Renamed" });
    } finally {
      await receiver.close();
    }
  });

  it("sends an endpoint's deliveries one after the other, and after a failure leaves the rest untried", async () => {
    const receiver = await startReceiver((n) => (n === 1 ? 500 : 200));
    try {
      const { owner, webhook } = await ownerWithWebhook(t, receiver.url, ["application.submitted"]);
      for (let i = 0; i < 3; i++) await owner.client.post(`/api/v1/admin/webhooks/${webhook.id}/test`);
      expect(await runWebhookRound({ db: t.database.db, config: { ...t.config.webhooks, retrySeconds: 60 } })).toBe(true);
      const [first, second, third] = await deliveriesOf(webhook.id);
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
    expect((await deliveriesOf(webhook.id)).map((row) => row.state)).toEqual(["pending", "delivered"]);
    expect((await deliveriesOf(webhook.id))[0].id).toBe(rows[2].id);
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
      const [delivery] = await deliveriesOf(webhook.id);
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
      await apply(form.id);
      const config = { ...t.config.webhooks, timeoutMs: 200, retrySeconds: 60 };
      const started = Date.now();
      await drainWebhooks({ db: t.database.db, config, log: () => {} });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(healthy.calls).toHaveLength(1);
      const [stuck] = await deliveriesOf(webhook.id);
      expect(stuck).toMatchObject({ state: "pending", attempts: 1, statusCode: null, error: "No answer within 0.2 s" });
      expect((await deliveriesOf(other.webhook.id))[0].state).toBe("delivered");
    } finally {
      await silent.close();
      await healthy.close();
    }
  });

  it("turns off an endpoint failing for three days and tells the owner", async () => {
    const receiver = await startReceiver(() => 503);
    try {
      const { owner, webhook } = await ownerWithWebhook(t, receiver.url, ["application.submitted"]);
      await t.database.db
        .update(webhookEndpoints)
        .set({ failingSince: sql`now() - interval '3 days 1 minute'` })
        .where(eq(webhookEndpoints.id, webhook.id));
      await owner.client.post(`/api/v1/admin/webhooks/${webhook.id}/test`);
      await drainWebhooks({ db: t.database.db, config: t.config.webhooks });
      const listed = await owner.client.get("/api/v1/admin/webhooks");
      expect(listed.body.data[0]).toMatchObject({ id: webhook.id, enabled: false });
      const notifications = await owner.client.get("/api/v1/admin/notifications");
      expect(notifications.body.data[0]).toMatchObject({ type: "webhook_disabled", url: "/webhooks" });

      // Turned off, it gets no events; turned on again, it starts healthy.
      const form = await insertEventForm(t, owner.startup.id);
      await apply(form.id);
      expect(await deliveriesOf(webhook.id)).toHaveLength(1);
      const on = await owner.client.put(`/api/v1/admin/webhooks/${webhook.id}`, { enabled: true });
      expect(on.body.webhook).toMatchObject({ enabled: true, failing_since: null });
    } finally {
      await receiver.close();
    }
  });
});
