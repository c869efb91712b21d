/** Where a webhook may call: public https addresses, checked when saved and again at each connection. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveries, webhookEndpoints } from "#api/db/webhooks-schema.ts";
import { startupOwner } from "#api/testing/application-fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import { startReceiver } from "#api/testing/webhook-fixtures.ts";
import { isPublicAddress } from "./address.ts";
import { sealSecret } from "./signing.ts";
import { drainWebhooks } from "./worker.ts";

const BASE = "/api/v1/admin/webhooks";

describe("where a webhook may call", () => {
  let strict: TestApi;
  beforeAll(async () => {
    strict = await createTestApi();
  });
  afterAll(() => strict.close());

  it("refuses http and private, loopback and link-local addresses without WEBHOOKS_ALLOW_PRIVATE (422 on url)", async () => {
    const owner = await startupOwner(strict);
    for (const url of [
      "https://127.0.0.1/hook",
      "https://10.1.2.3/hook",
      "https://169.254.169.254/latest",
      "https://[::1]/hook",
      "https://[fd00::1]/hook",
      "https://[::ffff:192.168.0.1]/hook",
      "https://localhost/hook",
    ]) {
      const res = await owner.client.post(BASE, { url, kinds: ["member.joined"] });
      expect(res.status, url).toBe(422);
      expect(Object.keys(res.body.errors), url).toEqual(["url"]);
    }
    const http = await owner.client.post(BASE, { url: "http://8.8.8.8/hook", kinds: ["member.joined"] });
    expect(http.body.errors).toEqual({ url: ["The url field must be a valid URL starting with https://."] });
    const created = await owner.client.post(BASE, { url: "https://8.8.8.8/hook", kinds: ["member.joined"] });
    expect(created.status).toBe(201);
    expect((await owner.client.put(`${BASE}/${created.body.webhook.id}`, { url: "https://192.168.1.1/" })).status).toBe(422);
  });

  it("checks again at connect time: a name that resolves to loopback by then is not called", async () => {
    const receiver = await startReceiver();
    try {
      const owner = await startupOwner(strict);
      // As if the name had resolved to a public address when it was saved, and to loopback now (DNS rebinding).
      const [endpoint] = await strict.database.db
        .insert(webhookEndpoints)
        .values({
          organizationId: owner.startup.id,
          url: receiver.url.replace("127.0.0.1", "localhost"),
          kinds: ["member.joined"],
          secret: await sealSecret(strict.database.db, owner.startup.id, "whsec_c2VjcmV0"),
        })
        .returning();
      expect((await owner.client.post(`${BASE}/${endpoint.id}/test`)).status).toBe(202);
      await drainWebhooks({ db: strict.database.db, config: strict.config.webhooks, log: () => {} });
      expect(receiver.calls).toEqual([]);
      const [delivery] = await strict.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
      expect(delivery).toMatchObject({ state: "pending", statusCode: null, error: expect.stringContaining("not public") });
    } finally {
      await receiver.close();
    }
  });

  it("tells public addresses from the others", () => {
    for (const address of ["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      "127.0.0.1",
      "10.0.0.1",
      "172.16.5.4",
      "192.168.1.1",
      "169.254.1.1",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fe80::1",
      "fc00::1",
      "::ffff:127.0.0.1",
      "not an address",
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });
});
