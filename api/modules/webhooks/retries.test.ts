/**
 * How long a failing delivery is tried, and what becomes of an endpoint that keeps failing: retries wait
 * WEBHOOK_RETRY_SECONDS, six times longer each time, up to a day, eight tries in all; an endpoint failing
 * for three days is turned off and its owner told. The time that passes is the stored times moved back,
 * never a wait.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveries, webhookEndpoints } from "#api/db/webhooks-schema.ts";
import { insertEventForm } from "#api/testing/application-fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import { outboxMails } from "#api/testing/mail-fixtures.ts";
import { applicationBy, deliveriesOf, ownerWithWebhook, startReceiver, TEST_WEBHOOKS } from "#api/testing/webhook-fixtures.ts";
import { readWebhooksConfig } from "./config.ts";
import { drainWebhooks, runWebhookRound } from "./worker.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ webhooks: TEST_WEBHOOKS });
});
afterAll(() => t.close());

const HOUR = 3600;

describe("failing deliveries and endpoints", () => {
  it("waits WEBHOOK_RETRY_SECONDS, then six times longer each time up to a day, and gives up after eight tries", async () => {
    const receiver = await startReceiver(() => 500);
    try {
      const config = { ...t.config.webhooks, retrySeconds: readWebhooksConfig({ WEBHOOK_RETRY_SECONDS: "60" }).retrySeconds };
      const { owner, webhook } = await ownerWithWebhook(t, receiver.url, ["application.submitted"]);
      const form = await insertEventForm(t, owner.startup.id);
      await applicationBy(t, form.id);
      const [{ id }] = await deliveriesOf(t, webhook.id);
      // Brings the next try's time to now: the wait it was given has passed.
      const due = () =>
        t.database.db
          .update(webhookDeliveries)
          .set({ nextAttemptAt: sql`now()` })
          .where(eq(webhookDeliveries.id, id));

      const waits = [60, 360, 2160, 12960, 77760, 24 * HOUR, 24 * HOUR];
      for (const [index, wait] of waits.entries()) {
        expect(await runWebhookRound({ db: t.database.db, config, log: () => {} })).toBe(true);
        const [delivery] = await deliveriesOf(t, webhook.id);
        expect(delivery).toMatchObject({ state: "pending", attempts: index + 1, statusCode: 500 });
        // As long as the schedule says, and at most a tenth longer (the spread that keeps retries apart).
        const waited = (delivery.nextAttemptAt!.getTime() - delivery.lastAttemptAt!.getTime()) / 1000;
        expect(waited, `wait after try ${index + 1}`).toBeGreaterThanOrEqual(wait - 0.001);
        expect(waited, `wait after try ${index + 1}`).toBeLessThanOrEqual(wait * 1.1 + 0.001);
        expect(receiver.calls).toHaveLength(index + 1);
        await due();
      }

      // The eighth failed try is the last: the delivery is given up, and no time passing brings a ninth.
      expect(await runWebhookRound({ db: t.database.db, config, log: () => {} })).toBe(true);
      const [given] = await deliveriesOf(t, webhook.id);
      expect(given).toMatchObject({ state: "failed", attempts: 8, nextAttemptAt: null });
      await due();
      await drainWebhooks({ db: t.database.db, config, log: () => {} });
      expect(receiver.calls).toHaveLength(8);
      expect((await deliveriesOf(t, webhook.id))[0]).toMatchObject({ state: "failed", attempts: 8 });
    } finally {
      await receiver.close();
    }
  });

  it("turns off an endpoint failing for three days and tells the owner, in the panel and by mail", async () => {
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
      // Mailed at once, as an owner's settings choose by default, naming the endpoint.
      const mails = await outboxMails(t.database.db, owner.email, "webhook_disabled");
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe("A webhook was turned off after three days of failed calls");
      expect(mails[0].text).toContain(receiver.url);

      // Turned off, it gets no events; turned on again, it starts healthy.
      const form = await insertEventForm(t, owner.startup.id);
      await applicationBy(t, form.id);
      expect(await deliveriesOf(t, webhook.id)).toHaveLength(1);
      const on = await owner.client.put(`/api/v1/admin/webhooks/${webhook.id}`, { enabled: true });
      expect(on.body.webhook).toMatchObject({ enabled: true, failing_since: null });
    } finally {
      await receiver.close();
    }
  });
});
