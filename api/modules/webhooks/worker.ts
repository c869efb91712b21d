/*
 * The delivery worker: claims due deliveries under a lease (delivery-state.ts), signs and sends each, and
 * records what became of it. It runs in the background as the mail sender does (api/mail/rounds.ts: a round
 * at once while the last one found work, otherwise on a timer or when a delivery is queued), and on
 * PostgreSQL every instance runs one. At least once: a delivery is marked only after its answer, so a worker
 * that dies mid-call leaves it to the next one when its lease ends, and one queued before a crash is found
 * by the first round after the restart.
 */
import { eq, inArray } from "drizzle-orm";
import type { Db } from "#api/db/client.ts";
import { webhookDeliveries, webhookEndpoints } from "#api/db/webhooks-schema.ts";
import { runRounds } from "#api/mail/rounds.ts";
import { BroadcastQueue, publishAfterCommit, type Broadcaster } from "#api/realtime/broadcaster.ts";
import type { WebhooksConfig } from "./config.ts";
import { deliveryBody, type DeliveryRow } from "./deliveries.ts";
import { claimDueDeliveries, hasDueDeliveries, recordHealth, recordTry } from "./delivery-state.ts";
import { postWebhook } from "./send.ts";
import { openSecret, signedHeaders } from "./signing.ts";
import { onWebhooksQueuedHere, WEBHOOKS_QUEUED_CHANNEL } from "./wake.ts";
import type { EndpointRow } from "./endpoints.ts";

export interface WebhookWorkerOptions {
  db: Db;
  config: WebhooksConfig;
  /** For PostgreSQL: LISTEN here to be woken when a delivery is queued in any instance. */
  databaseUrl?: string;
  /** Where the owner's live notification goes when an endpoint is turned off (none: the next page load shows it). */
  broadcaster?: Broadcaster;
  /** Deliveries claimed at once, each to another endpoint, sent side by side (default 8). */
  concurrency?: number;
  /** Looks for due deliveries this often when nothing woke it (default 1 s). */
  pollMs?: number;
  log?: (message: string) => void;
}

export interface WebhookWorker {
  wake(): void;
  /** Finishes the calls under way and stops. */
  stop(): Promise<void>;
}

const logToConsole = (message: string) => console.error(`[launchpad] ${message}`);

/** The secrets that sign a call: the current one, and the one before a rotation while it stays valid. */
async function secretsOf(db: Db, endpoint: EndpointRow): Promise<string[]> {
  const secrets = [await openSecret(db, endpoint.organizationId, endpoint.secret)];
  if (endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > new Date())
    secrets.push(await openSecret(db, endpoint.organizationId, endpoint.previousSecret));
  return secrets;
}

async function deliver(options: WebhookWorkerOptions, delivery: DeliveryRow, endpoint: EndpointRow): Promise<void> {
  const { db, config } = options;
  const body = deliveryBody(delivery);
  const headers = signedHeaders(await secretsOf(db, endpoint), delivery.messageId, body);
  const outcome = await postWebhook(endpoint.url, headers, body, { timeoutMs: config.timeoutMs, allowPrivate: config.allowPrivate });
  await recordTry(db, delivery.id, delivery.attempts, body, outcome, config.retrySeconds);
  const queue = new BroadcastQueue();
  await recordHealth(db, endpoint.id, outcome.ok, queue);
  if (options.broadcaster && queue.messages.length) await publishAfterCommit(options.broadcaster, queue.messages);
}

/**
 * One round: claims what is due (one per endpoint) and sends it; answers whether there was anything. Tests
 * call it to send what is queued without a running worker.
 */
export async function runWebhookRound(options: WebhookWorkerOptions): Promise<boolean> {
  const { db, config } = options;
  const log = options.log ?? logToConsole;
  if (!(await hasDueDeliveries(db))) return false;
  // Long enough for the calls of the round (each at most the timeout), with room for the marks.
  const ids = await claimDueDeliveries(db, options.concurrency ?? 8, 2 * config.timeoutMs + 30_000);
  if (!ids.length) return false;
  const rows = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(inArray(webhookDeliveries.id, ids));
  await Promise.all(
    rows.map(({ delivery, endpoint }) =>
      deliver(options, delivery, endpoint).catch((error: unknown) =>
        log(`webhooks: delivery ${delivery.id} failed to be recorded: ${String(error)}`),
      ),
    ),
  );
  return true;
}

/** Sends every delivery that is due now, round after round, until none is left (tests). */
export async function drainWebhooks(options: WebhookWorkerOptions): Promise<void> {
  while (await runWebhookRound(options));
}

export async function startWebhookWorker(options: WebhookWorkerOptions): Promise<WebhookWorker> {
  const log = options.log ?? logToConsole;
  const rounds = await runRounds({
    db: options.db,
    databaseUrl: options.databaseUrl,
    pollMs: options.pollMs ?? 1_000,
    log,
    round: () => runWebhookRound({ ...options, log }),
    queue: { channel: WEBHOOKS_QUEUED_CHANNEL, onQueuedHere: onWebhooksQueuedHere },
  });
  return { wake: rounds.wake, stop: rounds.stop };
}
