import pg from "pg";
import { queueSignal } from "#api/lib/queue-signal.ts";

/*
 * Waking the sender soon after mail is queued. Only a shortcut: the sender also looks for due mail on a
 * timer, so a wake-up lost (a LISTEN connection down, mail queued in another process of an embedded
 * cluster) only delays mail by one poll interval.
 *
 * - On PostgreSQL, queueMail's pg_notify reaches every instance's LISTEN connection when the queuing
 *   transaction commits, never before.
 * - On the embedded database, queueMail also signals this process. It may do so before its transaction
 *   commits, which does no harm: the database runs one statement or transaction at a time, so the sender's
 *   claim waits for that transaction to end and then sees the committed mail.
 */

/** The channel the senders listen on: PostgreSQL delivers the notification when the queuing transaction commits. */
export const MAIL_QUEUED_CHANNEL = "launchpad_mail_queued";

const mailQueued = queueSignal();

/** Called by queueMail. */
export const signalMailQueued = mailQueued.signal;
export const onMailQueuedHere = mailQueued.onHere;

/**
 * LISTENs on the mail channel (or another queue's: the webhooks') with a connection of its own, reconnecting
 * after a loss; answers a stop function.
 */
export async function listenForMail(
  databaseUrl: string,
  wake: () => void,
  log: (message: string) => void,
  channel = MAIL_QUEUED_CHANNEL,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = 500;
  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on("notification", (message) => {
      if (message.channel === channel) wake();
    });
    next.on("error", (error) => log(`mail: the LISTEN connection failed: ${error.message}`));
    next.on("end", () => {
      if (stopped || client !== next) return;
      client = null;
      void reconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
    retryMs = 500;
    // Mail queued while not listening is found by this poll.
    wake();
  };
  const reconnect = async () => {
    while (!stopped && !client) {
      await new Promise((resolve) => setTimeout(resolve, retryMs).unref());
      retryMs = Math.min(retryMs * 2, 30_000);
      await connect().catch((error: Error) => log(`mail: reconnecting LISTEN failed: ${error.message}`));
    }
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}
