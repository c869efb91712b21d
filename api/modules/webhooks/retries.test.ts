/**
 * What becomes of an endpoint that keeps failing: after three days it is turned off and its owner told. The
 * time that passes is the stored times moved back, never a wait.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookEndpoints } from "#api/db/webhooks-schema.ts";
import { insertEventForm } from "#api/testing/application-fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import { applicationBy, deliveriesOf, ownerWithWebhook, startReceiver, TEST_WEBHOOKS } from "#api/testing/webhook-fixtures.ts";
import { drainWebhooks } from "./worker.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ webhooks: TEST_WEBHOOKS });
});
afterAll(() => t.close());

describe("failing deliveries and endpoints", () => {
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
      await applicationBy(t, form.id);
      expect(await deliveriesOf(t, webhook.id)).toHaveLength(1);
      const on = await owner.client.put(`/api/v1/admin/webhooks/${webhook.id}`, { enabled: true });
      expect(on.body.webhook).toMatchObject({ enabled: true, failing_since: null });
    } finally {
      await receiver.close();
    }
  });
});
