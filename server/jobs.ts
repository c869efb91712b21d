/**
 * The work each serving process (or, on the embedded database with several processes, the primary) does
 * besides answering requests: sending mail, delivering webhooks, the notification mail job, pruning what
 * has expired, and passing lapsed waitlist offers on.
 */
import { pruneRateLimits } from "#api/lib/rate-limit.ts";
import { passLapsedOffers } from "#api/modules/applications/waitlist.ts";
import { pruneSessions } from "#api/modules/auth/sessions.ts";
import { pruneAccountTokens } from "#api/modules/account-links/tokens.ts";
import { startConfiguredMailSender } from "#api/mail/sender.ts";
import { startMailJobs } from "#api/modules/notification-mail/jobs.ts";
import { startWebhookWorker, type WebhookWorker } from "#api/modules/webhooks/worker.ts";
import { pruneWebhookDeliveries } from "#api/modules/webhooks/delivery-state.ts";
import { pruneReleasedObjects } from "#api/modules/files/released-objects.ts";
import { createFileStore } from "#api/modules/files/store.ts";
import { BroadcastQueue, publishAfterCommit, type Broadcaster } from "#api/realtime/broadcaster.ts";
import type { Database } from "#api/db/client.ts";
import type { ServerConfig } from "./config.ts";

/** The background mail sender, when SMTP_URL is set; on PostgreSQL every instance runs one. */
export function startMailSender(config: ServerConfig, database: Database) {
  return startConfiguredMailSender(database.db, config.api.mail, config.databaseUrl, (message) => console.error(`[launchpad] ${message}`));
}

/** The webhooks' delivery worker: on PostgreSQL every instance runs one; on the embedded database, the process that owns it. */
export function startWebhooks(config: ServerConfig, database: Database, broadcaster?: Broadcaster): Promise<WebhookWorker> {
  return startWebhookWorker({
    db: database.db,
    config: config.api.webhooks,
    databaseUrl: config.databaseUrl,
    broadcaster,
    log: (message) => console.error(`[launchpad] ${message}`),
  });
}

/**
 * The notification mail job (chats still unread after 15 minutes, the daily digests) every minute. Every
 * instance on one PostgreSQL runs it; what it queues is keyed, so each mail is queued once.
 */
export function startNotificationMail(config: ServerConfig, database: Database) {
  return startMailJobs(database.db, config.api.appUrl, (message, error) => console.error(message, error));
}

export function startPruning(config: ServerConfig, database: Database) {
  const fileStore = createFileStore(config.api.storage);
  const timer = setInterval(() => {
    pruneSessions(database.db, config.api.sessionIdleMinutes).catch((error) => console.error("[launchpad] session prune failed", error));
    pruneRateLimits(database.db).catch((error) => console.error("[launchpad] rate limit prune failed", error));
    pruneAccountTokens(database.db).catch((error) => console.error("[launchpad] account link prune failed", error));
    pruneWebhookDeliveries(database.db).catch((error) => console.error("[launchpad] webhook delivery prune failed", error));
    // Objects of the bucket that deleted or replaced files left, and removals that failed before.
    pruneReleasedObjects(database.db, fileStore)
      .then(({ failed, error }) => failed && console.error(`[launchpad] ${failed} file objects could not be removed yet: ${error}`))
      .catch((error) => console.error("[launchpad] file object prune failed", error));
  }, 15 * 60_000);
  timer.unref();
  return timer;
}

/** Places offered from a paid event's waitlist and not paid for in time go to the next in line, every minute by default. */
export function startOfferSweep(config: ServerConfig, database: Database, broadcaster: Broadcaster) {
  const timer = setInterval(() => {
    const queue = new BroadcastQueue();
    passLapsedOffers(database.db, queue)
      .then(() => publishAfterCommit(broadcaster, queue.messages))
      .catch((error) => console.error("[launchpad] waitlist offer sweep failed", error));
  }, config.offerSweepSeconds * 1_000);
  timer.unref();
  return timer;
}
