/** An organization's webhook endpoints: listed, made, changed and deleted within it (another's is a 404). */
import { and, count, desc, eq, sql } from "drizzle-orm";
import { MAX_WEBHOOKS, WEBHOOK_NOT_FOUND, type WebhookCreateInput, type WebhookUpdateInput, type WebhookView } from "#schemas/webhooks.ts";
import type { Db } from "#api/db/client.ts";
import { startups } from "#api/db/schema.ts";
import { webhookEndpoints } from "#api/db/webhooks-schema.ts";
import { changedFields, recordActivity } from "#api/lib/activity.ts";
import type { Actor } from "#api/lib/activity-entry.ts";
import { fieldError, notFound } from "#api/lib/errors.ts";
import { offset, totalOf, totalOver, type ListQuery, type PageRows } from "#api/lib/pagination.ts";
import { urlRefusal } from "./address.ts";
import { newWebhookSecret, sealSecret } from "./signing.ts";

/** How long a rotated secret keeps signing beside the new one, so receivers can switch without missing a call. */
export const ROTATION_OVERLAP_HOURS = 24;

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

export const webhookView = (row: EndpointRow): WebhookView => ({
  id: row.id,
  url: row.url,
  kinds: row.kinds,
  description: row.description,
  enabled: row.enabled,
  failing_since: row.failingSince?.toISOString() ?? null,
  previous_secret_until: row.previousSecretUntil && row.previousSecretUntil > new Date() ? row.previousSecretUntil.toISOString() : null,
  created_at: row.createdAt.toISOString(),
});

/** What the audit log keeps of a change to an endpoint (never its secret). */
const RECORDED_FIELDS = { url: "url", kinds: "kinds", description: "description", enabled: "enabled" } as const;

/** Writes a change to an endpoint to the record, in the change's transaction: who may be told what, is the audit log's. */
const recordEndpoint = (
  tx: Db,
  actor: Actor,
  kind: "webhook.created" | "webhook.updated" | "webhook.secret_rotated" | "webhook.deleted",
  row: EndpointRow,
  changes = {},
) => recordActivity(tx, { organizationId: row.organizationId, actor, kind, subject: { id: row.id, label: row.url }, changes });

const own = (organizationId: number, id: number) => and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizationId, organizationId));

/** The organization's endpoint, or its 404. */
export async function ownEndpoint(db: Db, organizationId: number, id: number): Promise<EndpointRow> {
  const [row] = await db.select().from(webhookEndpoints).where(own(organizationId, id));
  if (!row) throw notFound(WEBHOOK_NOT_FOUND);
  return row;
}

async function checkUrl(url: string, allowPrivate: boolean) {
  const refusal = await urlRefusal(url, allowPrivate);
  if (refusal) throw fieldError("url", refusal);
}

export async function listWebhooks(db: Db, organizationId: number, query: ListQuery): Promise<PageRows<WebhookView>> {
  const where = eq(webhookEndpoints.organizationId, organizationId);
  const rows = await db
    .select({ row: webhookEndpoints, listTotal: totalOver() })
    .from(webhookEndpoints)
    .where(where)
    .orderBy(desc(webhookEndpoints.id))
    .limit(query.per_page)
    .offset(offset(query));
  const total = await totalOf(rows, query, async () => (await db.select({ n: count() }).from(webhookEndpoints).where(where))[0].n);
  return { total, data: rows.map(({ row }) => webhookView(row)) };
}

/** A new endpoint, with its secret in the clear: the only time it is shown. */
export async function createWebhook(db: Db, organizationId: number, actor: Actor, input: WebhookCreateInput, allowPrivate: boolean) {
  // The address is looked up before the transaction: no row stays locked while DNS answers.
  await checkUrl(input.url, allowPrivate);
  const secret = newWebhookSecret();
  const sealed = await sealSecret(db, organizationId, secret);
  // The organization's row is locked while its endpoints are counted, so endpoints made at once never pass the cap.
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: startups.id }).from(startups).where(eq(startups.id, organizationId)).for("update");
    const [{ n }] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.organizationId, organizationId));
    if (n >= MAX_WEBHOOKS) throw fieldError("url", `An organization may have at most ${MAX_WEBHOOKS} webhooks.`);
    const [made] = await tx
      .insert(webhookEndpoints)
      .values({ organizationId, url: input.url, kinds: input.kinds, description: input.description, secret: sealed })
      .returning();
    await recordEndpoint(tx, actor, "webhook.created", made, changedFields<Record<string, unknown>>({}, made, RECORDED_FIELDS));
    return made;
  });
  return { webhook: webhookView(row), secret };
}

/**
 * Changes what was given. Turning an endpoint back on clears its failing time (it starts healthy). Rotating
 * makes a new secret, shown once, and keeps the current one signing for a day beside it.
 */
export async function updateWebhook(
  db: Db,
  organizationId: number,
  actor: Actor,
  id: number,
  input: WebhookUpdateInput,
  allowPrivate: boolean,
) {
  // Read once before the transaction, so a new address is looked up (DNS) with no row locked; read again
  // under the lock for what the change is made from.
  const current = await ownEndpoint(db, organizationId, id);
  if (input.url !== undefined && input.url !== current.url) await checkUrl(input.url, allowPrivate);
  const secret = input.rotate_secret ? newWebhookSecret() : undefined;
  const sealed = secret ? await sealSecret(db, organizationId, secret) : undefined;
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(webhookEndpoints).where(own(organizationId, id)).for("update");
    if (!before) throw notFound(WEBHOOK_NOT_FOUND);
    const [after] = await tx
      .update(webhookEndpoints)
      .set({
        url: input.url,
        kinds: input.kinds,
        description: input.description,
        enabled: input.enabled,
        ...(input.enabled && !before.enabled ? { failingSince: null } : {}),
        ...(sealed
          ? {
              secret: sealed,
              previousSecret: before.secret,
              previousSecretUntil: sql`now() + make_interval(hours => ${ROTATION_OVERLAP_HOURS})`,
            }
          : {}),
      })
      .where(own(organizationId, id))
      .returning();
    const changes = changedFields(before, after, RECORDED_FIELDS);
    if (Object.keys(changes).length) await recordEndpoint(tx, actor, "webhook.updated", after, changes);
    if (sealed) await recordEndpoint(tx, actor, "webhook.secret_rotated", after);
    return after;
  });
  return { webhook: webhookView(row), secret };
}

/** Deletes the endpoint and its deliveries (a delivery being sent finishes, and is recorded nowhere). */
export async function deleteWebhook(db: Db, organizationId: number, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(webhookEndpoints).where(own(organizationId, id)).returning();
    if (!deleted) throw notFound(WEBHOOK_NOT_FOUND);
    await recordEndpoint(tx, actor, "webhook.deleted", deleted);
  });
}
