/*
 * Waking the delivery worker soon after a delivery is queued, as the mail sender is woken (api/mail/wake.ts):
 * pg_notify on PostgreSQL, which arrives when the queuing transaction commits, and a signal in this process
 * on the embedded database. Only a shortcut: the worker also looks on a timer.
 */
import { sql } from "drizzle-orm";
import { queueSignal } from "#api/lib/queue-signal.ts";

export const WEBHOOKS_QUEUED_CHANNEL = "launchpad_webhooks_queued";

const webhooksQueued = queueSignal();

export const signalWebhooksQueued = webhooksQueued.signal;
export const onWebhooksQueuedHere = webhooksQueued.onHere;

/** The notification, as a query to run in the queuing transaction (PGlite answers it too, to no listener). */
export const notifyWebhooksQueued = () => sql`select pg_notify(${WEBHOOKS_QUEUED_CHANNEL}, '')`;
