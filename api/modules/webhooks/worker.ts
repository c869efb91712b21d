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
import { claimDueDeliveries, hasDueDeliveries, recordHealth, recordTry, releaseClaims } from "./delivery-state.ts";
import { withObject } from "./objects.ts";
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
  /** Endpoints served at once, side by side (default 8). */
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

/** One try of one delivery, recorded with the endpoint's health; answers whether the receiver took it. */
async function deliver(options: WebhookWorkerOptions, delivery: DeliveryRow, endpoint: EndpointRow): Promise<boolean> {
  const { db, config } = options;
  const body = deliveryBody(await withObject(db, delivery));
  const headers = signedHeaders(await secretsOf(db, endpoint), delivery.messageId, body);
  const outcome = await postWebhook(endpoint.url, headers, body, { timeoutMs: config.timeoutMs, allowPrivate: config.allowPrivate });
  await recordTry(db, delivery.id, delivery.attempts, body, outcome, config.retrySeconds);
  const queue = new BroadcastQueue();
  await recordHealth(db, endpoint.id, outcome.ok, queue);
  if (options.broadcaster && queue.messages.length) await publishAfterCommit(options.broadcaster, queue.messages);
  return outcome.ok;
}

/** An endpoint's oldest due deliveries, claimed together and sent in this order, one at a time. */
const PER_ENDPOINT = 10;

/**
 * One round: claims what is due and sends it, endpoints side by side and each endpoint's deliveries one
 * after the other; after a failure the endpoint's other claimed deliveries go back untried, so they keep
 * their order behind it. Answers whether there was anything. Tests call it to send what is queued.
 */
export async function runWebhookRound(options: WebhookWorkerOptions, stopping: () => boolean = () => false): Promise<boolean> {
  const { db, config } = options;
  const log = options.log ?? logToConsole;
  if (!(await hasDueDeliveries(db))) return false;
  // Long enough for every call of an endpoint's batch (each at most the timeout), with room for the marks.
  const ids = await claimDueDeliveries(db, options.concurrency ?? 8, PER_ENDPOINT, PER_ENDPOINT * config.timeoutMs + 30_000);
  if (!ids.length) return false;
  const rows = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(inArray(webhookDeliveries.id, ids))
    .orderBy(webhookDeliveries.id);
  const byEndpoint = new Map<number, typeof rows>();
  for (const row of rows) byEndpoint.set(row.endpoint.id, [...(byEndpoint.get(row.endpoint.id) ?? []), row]);
  await Promise.all(
    [...byEndpoint.values()].map(async (batch) => {
      for (const [index, { delivery, endpoint }] of batch.entries()) {
        const ok = await deliver(options, delivery, endpoint).catch((error: unknown) => {
          log(`webhooks: delivery ${delivery.id} failed to be recorded: ${String(error)}`);
          return false;
        });
        if (!ok || stopping()) {
          await releaseClaims(
            db,
            batch.slice(index + 1).map((row) => row.delivery.id),
          );
          return;
        }
      }
    }),
  );
  return true;
}

/** Sends every delivery that is due now, round after round, until none is left (tests). */
export async function drainWebhooks(options: WebhookWorkerOptions): Promise<void> {
  while (await runWebhookRound(options));
}

export async function startWebhookWorker(options: WebhookWorkerOptions): Promise<WebhookWorker> {
  const log = options.log ?? logToConsole;
  let stopping = false;
  const rounds = await runRounds({
    db: options.db,
    databaseUrl: options.databaseUrl,
    pollMs: options.pollMs ?? 1_000,
    log,
    round: () => runWebhookRound({ ...options, log }, () => stopping),
    queue: { channel: WEBHOOKS_QUEUED_CHANNEL, onQueuedHere: onWebhooksQueuedHere },
  });
  return {
    wake: rounds.wake,
    stop: () => {
      // What an endpoint's batch has not started goes back to the queue for the next worker.
      stopping = true;
      return rounds.stop();
    },
  };
}
