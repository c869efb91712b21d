import type { Db } from "#api/db/client.ts";
import { mailUnreadChats } from "./chat.ts";
import { pruneDigestItems, sendDigests } from "./digest.ts";
import { withAppLinks } from "#api/lib/app-links.ts";

/** How often the mail job looks for unread chats and due digests. */
export const MAIL_JOB_INTERVAL_MS = 60_000;

/**
 * One run of the mail job: chat messages still unread after the delay, then the digests due now, then
 * old digest lines. Every mail it queues carries a dedupe key, so two instances running it at once (or a
 * run repeated after a restart) queue each mail once.
 */
export async function runMailJobs(db: Db, appUrl: string, now: Date = new Date()): Promise<void> {
  await withAppLinks({ appUrl }, async () => {
    await mailUnreadChats(db, now);
    await sendDigests(db, now);
    await pruneDigestItems(db, now);
  });
}

/** Runs the mail job every minute (a run still going is not started again); the server stops it at shutdown. */
export function startMailJobs(db: Db, appUrl: string, log: (message: string, error: unknown) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runMailJobs(db, appUrl)
      .catch((error: unknown) => log("[launchpad] mail job failed", error))
      .finally(() => (running = false));
  }, MAIL_JOB_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
