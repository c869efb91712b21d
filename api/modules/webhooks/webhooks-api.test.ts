import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveries, webhookEndpoints } from "#api/db/webhooks-schema.ts";
import { insertEventForm, sendApplication, startupOwner } from "#api/testing/application-fixtures.ts";
import { coFounder, registered } from "#api/testing/fixtures.ts";
import { createTestApi, expectEveryCallRefused, type Call, type TestApi } from "#api/testing/harness.ts";
import { joinedMember } from "#api/testing/team-fixtures.ts";
import { addWebhook, deliverUntil, ownerWithWebhook, startReceiver, TEST_WEBHOOKS } from "#api/testing/webhook-fixtures.ts";
import { MAX_WEBHOOKS, WEBHOOK_SEND_RATE } from "#schemas/webhooks.ts";
import { limits } from "#api/lib/limits.ts";
import { ageHits } from "#api/testing/rate-limits.ts";
import { openSecret } from "./signing.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ webhooks: TEST_WEBHOOKS });
});
afterAll(() => t.close());

const BASE = "/api/v1/admin/webhooks";

describe("the webhooks API", () => {
  it("adds an endpoint with its secret shown once, lists, changes and deletes it", async () => {
    const owner = await startupOwner(t);
    const created = await owner.client.post(BASE, { url: "http://127.0.0.1:9/in", kinds: ["billing.paid", "billing.paid"] });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(created.body.webhook).toMatchObject({ kinds: ["billing.paid"], description: "", enabled: true, failing_since: null });
    const id = created.body.webhook.id as number;

    // At rest the secret is sealed, and opens to the one shown.
    const [row] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(row.secret).not.toContain(created.body.secret);
    expect(await openSecret(t.database.db, owner.startup.id, row.secret)).toBe(created.body.secret);

    const listed = await owner.client.get(BASE);
    expect(listed.body.data).toEqual([created.body.webhook]);
    expect(listed.body.data[0].secret).toBeUndefined();
    expect((await owner.client.get(`${BASE}/${id}`)).body).toEqual({ webhook: created.body.webhook });
    expect((await owner.client.get(`${BASE}/${id + 1000}`)).status).toBe(404);

    const changed = await owner.client.put(`${BASE}/${id}`, { kinds: ["check_in.created"], description: "Door CRM", enabled: false });
    expect(changed.body).toMatchObject({
      webhook: { kinds: ["check_in.created"], description: "Door CRM", enabled: false },
      message: "Webhook updated.",
    });
    expect(changed.body.secret).toBeUndefined();

    const refused = await owner.client.put(`${BASE}/${id}`, { description: "Two\nlines", kinds: [] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      description: ["The description may not contain a line break."],
      kinds: ["Choose at least one kind of event."],
    });
    expect((await owner.client.post(BASE, { url: "ftp://example.com", kinds: ["nope"] })).body.errors).toEqual({
      url: ["The url field must be a valid URL starting with https://."],
      "kinds.0": ["The selected kind is invalid."],
    });

    expect(await owner.client.delete(`${BASE}/${id}`)).toMatchObject({ status: 200, body: { message: "Webhook deleted." } });
    expect((await owner.client.delete(`${BASE}/${id}`)).status).toBe(404);
  });

  it("puts each change to an endpoint on the audit log, with who made it and never its secret", async () => {
    const owner = await startupOwner(t);
    const created = await owner.client.post(BASE, { url: "http://127.0.0.1:9/crm", kinds: ["billing.paid"], description: "CRM" });
    const id = created.body.webhook.id as number;
    await owner.client.put(`${BASE}/${id}`, { enabled: false, description: "CRM" });
    const rotated = await owner.client.put(`${BASE}/${id}`, { rotate_secret: true });
    // Saved as it was: nothing changed, nothing recorded.
    await owner.client.put(`${BASE}/${id}`, { description: "CRM" });
    await owner.client.delete(`${BASE}/${id}`);

    const log = await owner.client.get("/api/v1/admin/audit_log?per_page=10");
    const entries = (log.body.data as { kind: string; actor: { id: number }; subject: object; changes: object }[]).filter((entry) =>
      entry.kind.startsWith("webhook."),
    );
    expect(entries.map((entry) => entry.kind)).toEqual(["webhook.deleted", "webhook.secret_rotated", "webhook.updated", "webhook.created"]);
    for (const entry of entries)
      expect(entry).toMatchObject({ actor: { id: owner.id }, subject: { type: "webhook", id, label: "http://127.0.0.1:9/crm" } });
    expect(entries[2].changes).toEqual({ enabled: { from: true, to: false } });
    expect(entries[3].changes).toMatchObject({
      url: { from: null, to: "http://127.0.0.1:9/crm" },
      kinds: { from: null, to: ["billing.paid"] },
    });
    const logged = JSON.stringify(log.body);
    expect(logged).not.toContain(created.body.secret);
    expect(logged).not.toContain(rotated.body.secret);
  });

  it("refuses a URL with a line break or another control character inside (422 on url), added or changed", async () => {
    const owner = await startupOwner(t);
    const kept = await addWebhook(owner.client, "https://example.com/in", ["member.joined"]);
    for (const url of [
      "https://example.com/a\nb",
      "https://example.com/a\r\nb",
      "https://exa\tmple.com/in",
      "https://example.com/\u007f",
      "https://example.com/\u0085",
    ]) {
      const added = await owner.client.post(BASE, { url, kinds: ["member.joined"] });
      expect(added.status, JSON.stringify(url)).toBe(422);
      expect(added.body.errors, JSON.stringify(url)).toEqual({ url: ["The url may not contain a line break or other control character."] });
      const changed = await owner.client.put(`${BASE}/${kept.webhook.id}`, { url });
      expect(changed.status, JSON.stringify(url)).toBe(422);
      expect(Object.keys(changed.body.errors)).toEqual(["url"]);
    }
    // Nothing refused was stored: the one endpoint keeps its URL.
    const listed = await owner.client.get(BASE);
    expect(listed.body.data.map((w: { url: string }) => w.url)).toEqual(["https://example.com/in"]);
  });

  it("signs with the old secret beside the new one for a day after a rotation", async () => {
    const receiver = await startReceiver();
    try {
      const { owner, webhook, secret: before } = await ownerWithWebhook(t, receiver.url, ["member.joined"]);
      const rotated = await owner.client.put(`${BASE}/${webhook.id}`, { rotate_secret: true });
      const after = rotated.body.secret as string;
      expect(after).toMatch(/^whsec_/);
      expect(after).not.toBe(before);
      const until = new Date(rotated.body.webhook.previous_secret_until).getTime();
      expect(Math.abs(until - Date.now() - 24 * 3600_000)).toBeLessThan(60_000);

      await owner.client.post(`${BASE}/${webhook.id}/test`);
      await deliverUntil(t, () => receiver.calls.length >= 1);
      const first = receiver.calls[0];
      expect(String(first.headers["webhook-signature"]).split(" ")).toHaveLength(2);
      for (const secret of [before, after])
        expect(new Webhook(secret).verify(first.body, first.headers as Record<string, string>)).toBeTruthy();
      expect(JSON.parse(first.body)).toMatchObject({ type: "webhook.test", data: { webhook_id: webhook.id } });

      // A day later the old one signs no more.
      await t.database.db
        .update(webhookEndpoints)
        .set({ previousSecretUntil: sql`now() - interval '1 second'` })
        .where(eq(webhookEndpoints.id, webhook.id));
      await owner.client.post(`${BASE}/${webhook.id}/test`);
      await deliverUntil(t, () => receiver.calls.length >= 2);
      const second = receiver.calls[1];
      expect(String(second.headers["webhook-signature"]).split(" ")).toHaveLength(1);
      expect(new Webhook(after).verify(second.body, second.headers as Record<string, string>)).toBeTruthy();
      expect(() => new Webhook(before).verify(second.body, second.headers as Record<string, string>)).toThrow();
    } finally {
      await receiver.close();
    }
  });

  it("lists deliveries newest first and redelivers one with its message id", async () => {
    const receiver = await startReceiver();
    try {
      const { owner, webhook } = await ownerWithWebhook(t, receiver.url, ["application.submitted", "check_in.created"]);
      const form = await insertEventForm(t, owner.startup.id);
      const person = await registered(t, "Tia Ticket");
      const sent = await sendApplication(person.client, form.id, { full_name: "Tia Ticket", email: person.email });
      const ticket = (await person.client.get(`/api/v1/site/event_forms/${form.id}`)).body.my_ticket;
      // A scan is one statement: its delivery rides in it.
      expect((await owner.client.post(`/api/v1/admin/event_forms/${form.id}/check_ins`, { code: ticket.code })).status).toBe(201);
      await deliverUntil(t, () => receiver.calls.length >= 2);
      expect(receiver.calls.map((call) => JSON.parse(call.body).type)).toEqual(["application.submitted", "check_in.created"]);
      const checkedIn = JSON.parse(receiver.calls[1].body);
      expect(checkedIn.activity.subject).toEqual({ type: "application", id: sent.body.event_application.id, label: "Tia Ticket" });
      expect(checkedIn.data).toMatchObject({ application_id: sent.body.event_application.id, checked_in_at: expect.any(String) });

      const listed = await owner.client.get(`${BASE}/${webhook.id}/deliveries?per_page=1`);
      expect(listed.body.meta.total).toBe(2);
      expect(listed.body.data[0]).toMatchObject({ event_type: "check_in.created", state: "delivered", attempts: 1, status_code: 200 });
      expect(listed.body.data[0].duration_ms).toBeGreaterThanOrEqual(0);
      expect(JSON.parse(listed.body.data[0].request_body).id).toBe(listed.body.data[0].message_id);

      const again = await owner.client.post(`/api/v1/admin/webhook_deliveries/${listed.body.data[0].id}/redeliver`);
      expect(again.status).toBe(202);
      expect(again.body.delivery).toMatchObject({ message_id: listed.body.data[0].message_id, state: "pending", attempts: 0 });
      await deliverUntil(t, () => receiver.calls.length >= 3);
      expect(receiver.calls[2].body).toBe(receiver.calls[1].body);
    } finally {
      await receiver.close();
    }
  });

  it("keeps an organization to 20 endpoints and 60 calls asked for an hour", async () => {
    const owner = await startupOwner(t);
    const ids: number[] = [];
    for (let i = 0; i < MAX_WEBHOOKS - 2; i++)
      ids.push((await addWebhook(owner.client, `http://127.0.0.1:9/${i}`, ["member.joined"])).webhook.id);
    // Five asked for at once with two places left: exactly two are made.
    const atOnce = await Promise.all(
      Array.from({ length: 5 }, (_, i) => owner.client.post(BASE, { url: `http://127.0.0.1:9/race-${i}`, kinds: ["member.joined"] })),
    );
    expect(atOnce.filter((a) => a.status === 201)).toHaveLength(2);
    for (const refused of atOnce.filter((a) => a.status !== 201))
      expect(refused.body.errors).toEqual({ url: [`An organization may have at most ${MAX_WEBHOOKS} webhooks.`] });
    ids.push(...atOnce.filter((a) => a.status === 201).map((a) => a.body.webhook.id as number));

    await ageHits(t.database.db, limits(t.config).webhookSend, owner.startup.id, 0);
    for (let i = 0; i < WEBHOOK_SEND_RATE.maxSends; i++)
      expect((await owner.client.post(`${BASE}/${ids[i % ids.length]}/test`)).status).toBe(202);
    const refused = await owner.client.post(`${BASE}/${ids[0]}/test`);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^This organization has asked for 60 webhook calls in the last hour\./);
  });

  it("is for the organization's owners and admins, each within their own organization", async () => {
    const { owner, webhook } = await ownerWithWebhook(t, "http://127.0.0.1:9/in", ["member.joined"]);
    const [delivery] = await t.database.db
      .insert(webhookDeliveries)
      .values({ endpointId: webhook.id, eventType: "webhook.test", payload: {} })
      .returning();
    const calls: Call[] = [
      ["GET", BASE],
      ["POST", BASE, { url: "http://127.0.0.1:9/in", kinds: ["member.joined"] }],
      ["PUT", `${BASE}/${webhook.id}`, { enabled: false }],
      ["DELETE", `${BASE}/${webhook.id}`],
      ["GET", `${BASE}/${webhook.id}/deliveries`],
      ["POST", `/api/v1/admin/webhook_deliveries/${delivery.id}/redeliver`],
      ["POST", `${BASE}/${webhook.id}/test`],
    ];
    await expectEveryCallRefused(t.client(), calls, 401, { message: "Unauthenticated." });
    const reviewer = await joinedMember(t, owner.client, "reviewer");
    await expectEveryCallRefused(reviewer.client, calls, 403, { message: "Access Forbidden" });
    const { client } = await coFounder(t);
    await expectEveryCallRefused(client, calls, 403, { message: "Access Forbidden" });

    const admin = await joinedMember(t, owner.client, "admin");
    expect((await admin.client.get(BASE)).body.data.map((w: { id: number }) => w.id)).toEqual([webhook.id]);
    const other = await startupOwner(t);
    expect((await other.client.get(BASE)).body.data).toEqual([]);
    await expectEveryCallRefused(other.client, calls.slice(2, 5).concat([calls[6]]), 404, { message: "Webhook not found" });
    await expectEveryCallRefused(other.client, [calls[5]], 404, { message: "Webhook delivery not found" });
    await addWebhook(other.client, "http://127.0.0.1:9/other", ["member.joined"]);
    expect((await owner.client.get(BASE)).body.meta.total).toBe(1);
  });
});
