/** An organization with a webhook endpoint on a receiver on loopback (./webhook-receiver.ts), and draining its calls. */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { z } from "zod";
import type { WebhookKind } from "#schemas/webhooks.ts";
import { webhookDeliveries } from "../db/webhooks-schema.ts";
import { DEFAULT_WEBHOOKS_CONFIG, type WebhooksConfig } from "../modules/webhooks/config.ts";
import { drainWebhooks } from "../modules/webhooks/worker.ts";
import { sendApplication, startupOwner } from "./application-fixtures.ts";
import { registered } from "./fixtures.ts";
import type { TestApi, TestClient } from "./harness.ts";

export { startReceiver, type Answer, type ReceivedCall } from "./webhook-receiver.ts";

/** Tests call a receiver on loopback, quickly, and retry at once. */
export const TEST_WEBHOOKS: WebhooksConfig = { ...DEFAULT_WEBHOOKS_CONFIG, allowPrivate: true, retrySeconds: 0.02, timeoutMs: 1_000 };

/** An organization's owner with an endpoint for these kinds at `url`, and the endpoint's secret. */
export async function ownerWithWebhook(t: TestApi, url: string, kinds: WebhookKind[]) {
  const owner = await startupOwner(t);
  const { webhook, secret } = await addWebhook(owner.client, url, kinds);
  return { owner, webhook, secret };
}

export async function addWebhook(client: TestClient, url: string, kinds: WebhookKind[]) {
  const res = await client.post("/api/v1/admin/webhooks", { url, kinds, description: "CRM" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { webhook: res.body.webhook as { id: number }, secret: res.body.secret as string };
}

/** Sends what is due now, and again as retries come due, until `done` or the time runs out. */
export async function deliverUntil(t: TestApi, done: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  const options = { db: t.database.db, config: t.config.webhooks, log: () => {} };
  while (!done()) {
    if (Date.now() > deadline) throw new Error("the deliveries did not arrive in time");
    await drainWebhooks(options);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** An endpoint's deliveries as stored, oldest first. */
export const deliveriesOf = (t: TestApi, endpointId: number) =>
  t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).orderBy(webhookDeliveries.id);

/** A new person's application to the form: the change most kinds of webhook follow. */
export async function applicationBy(t: TestApi, formId: number, name = "Ada Applicant") {
  const person = await registered(t, name);
  const res = await sendApplication(person.client, formId, { full_name: name, email: person.email });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { person, application: res.body.event_application as { id: number } };
}

/** A payload's `data` is exactly an object the API answers: valid for its schema, with nothing the schema leaves out. */
export function expectApiShape(schema: z.ZodType, data: unknown) {
  expect(schema.parse(data)).toEqual(data);
  return data;
}
