/**
 * Outgoing webhooks: an organization's endpoints, and one delivery per event and endpoint, queued in the
 * transaction of the change it tells of and sent afterwards by the delivery worker (api/modules/webhooks).
 */
import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { WebhookDeliveryState, WebhookKind } from "#schemas/webhooks.ts";
import { createdAt, startups } from "./schema.ts";

export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => startups.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    kinds: text("kinds").array().$type<WebhookKind[]>().notNull(),
    description: text("description").notNull().default(""),
    enabled: boolean("enabled").notNull().default(true),
    /** The `whsec_…` signing secret, sealed with the app key (api/lib/encryption.ts) as meeting tokens are. */
    secret: text("secret").notNull(),
    /** After a rotation, the secret before it, also sealed: it signs beside the new one until `previous_secret_until`. */
    previousSecret: text("previous_secret"),
    previousSecretUntil: timestamp("previous_secret_until", { withTimezone: true }),
    /** Since when every try has failed; a success clears it, three days of it turns the endpoint off. */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_endpoints_organization_idx").on(t.organizationId, t.id)],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** The entry of the record it tells of; none for a test event. */
    activityId: bigint("activity_id", { mode: "number" }),
    eventType: text("event_type").notNull(),
    /** The `webhook-id` header and the payload's `id`: the same on every try, so a receiver can drop repeats. */
    messageId: text("message_id")
      .notNull()
      .default(sql`('msg_' || replace(gen_random_uuid()::text, '-', ''))`),
    /** When it happened: the payload's `created_at`. */
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    /** The payload's `data`. */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** Asked for by a person (a test event, a redelivery): sent even while the endpoint is turned off. */
    manual: boolean("manual").notNull().default(false),
    state: text("state").$type<WebhookDeliveryState>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).defaultNow(),
    /** While sending: past this, the worker that claimed it is taken for dead and another may try. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms"),
    error: text("error"),
    /** The last request's body and the answer's, each cut at 8 KB. */
    requestBody: text("request_body"),
    responseBody: text("response_body"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.id),
    index("webhook_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`state in ('pending', 'sending')`),
    check("webhook_deliveries_state_check", sql`${t.state} in ('pending', 'sending', 'delivered', 'failed')`),
  ],
);

/** A delivery as its row holds it. */
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
