/** An endpoint's deliveries as its organization sees them: listed newest first, sent again, or a test one queued. */
import { and, count, desc, eq } from "drizzle-orm";
import { WEBHOOK_DELIVERY_NOT_FOUND, WEBHOOK_TEST_KIND, type WebhookDeliveryView } from "#schemas/webhooks.ts";
import type { Db } from "#api/db/client.ts";
import { webhookDeliveries, webhookEndpoints, type DeliveryRow } from "#api/db/webhooks-schema.ts";
import { notFound } from "#api/lib/errors.ts";
import { offset, totalOf, totalOver, type ListQuery, type PageRows } from "#api/lib/pagination.ts";
import { ownEndpoint } from "./endpoints.ts";
import { signalWebhooksQueued } from "./wake.ts";

export type { DeliveryRow };

/**
 * The body a delivery sends: the same bytes on every try (its id, type, time and data never change). `data`
 * is the object as the API answers it (objects.ts); `activity` is what the record keeps of the event: who
 * did it, what changed, and its subject by name even once that is gone. A test event's data is its note.
 */
export function deliveryBody(row: Pick<DeliveryRow, "messageId" | "eventType" | "occurredAt" | "payload" | "activityId">) {
  const head = { id: row.messageId, type: row.eventType, created_at: row.occurredAt.toISOString() };
  if (row.activityId === null) return JSON.stringify({ ...head, data: row.payload });
  const { object = null, ...activity } = row.payload;
  return JSON.stringify({ ...head, data: object, activity });
}

export const deliveryView = (row: DeliveryRow): WebhookDeliveryView => ({
  id: row.id,
  webhook_id: row.endpointId,
  event_type: row.eventType,
  message_id: row.messageId,
  state: row.state,
  attempts: row.attempts,
  status_code: row.statusCode,
  duration_ms: row.durationMs,
  error: row.error,
  request_body: row.requestBody ?? deliveryBody(row),
  response_body: row.responseBody,
  next_attempt_at: row.state === "pending" ? (row.nextAttemptAt?.toISOString() ?? null) : null,
  last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

export async function listDeliveries(
  db: Db,
  organizationId: number,
  endpointId: number,
  query: ListQuery,
): Promise<PageRows<WebhookDeliveryView>> {
  await ownEndpoint(db, organizationId, endpointId);
  const where = eq(webhookDeliveries.endpointId, endpointId);
  const rows = await db
    .select({ row: webhookDeliveries, listTotal: totalOver() })
    .from(webhookDeliveries)
    .where(where)
    .orderBy(desc(webhookDeliveries.id))
    .limit(query.per_page)
    .offset(offset(query));
  const total = await totalOf(rows, query, async () => (await db.select({ n: count() }).from(webhookDeliveries).where(where))[0].n);
  return { total, data: rows.map(({ row }) => deliveryView(row)) };
}

/**
 * The delivery again, as a new one with the same message (its `webhook-id` too, so a receiver that kept the
 * first can tell), sent at once even to a turned-off endpoint's URL: the person asked for it.
 */
export async function redeliver(db: Db, organizationId: number, deliveryId: number): Promise<WebhookDeliveryView> {
  const [found] = await db
    .select({ row: webhookDeliveries })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookEndpoints.organizationId, organizationId)));
  if (!found) throw notFound(WEBHOOK_DELIVERY_NOT_FOUND);
  const { endpointId, activityId, eventType, messageId, occurredAt, payload } = found.row;
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ endpointId, activityId, eventType, messageId, occurredAt, payload, manual: true })
    .returning();
  signalWebhooksQueued();
  return deliveryView(row);
}

/** A test event to the endpoint, whatever kinds it takes, so its owner can see a call arrive and check the signature. */
export async function sendTestEvent(db: Db, organizationId: number, endpointId: number): Promise<WebhookDeliveryView> {
  const endpoint = await ownEndpoint(db, organizationId, endpointId);
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      endpointId: endpoint.id,
      eventType: WEBHOOK_TEST_KIND,
      payload: { webhook_id: endpoint.id, message: "A test event from Launchpad." },
      manual: true,
    })
    .returning();
  signalWebhooksQueued();
  return deliveryView(row);
}
