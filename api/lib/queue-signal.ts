import { EventEmitter } from "node:events";

/**
 * A queue's wake-up within this process (the mail outbox's, the webhooks'): whoever queues signals it, the
 * queue's worker listens. On PostgreSQL other processes hear of it by pg_notify instead (api/mail/wake.ts).
 */
export function queueSignal() {
  const queuedHere = new EventEmitter();
  queuedHere.setMaxListeners(0);
  return {
    signal: (): void => void queuedHere.emit("queued"),
    /** Calls `wake` on every signal; answers a function that stops it. */
    onHere: (wake: () => void): (() => void) => {
      queuedHere.on("queued", wake);
      return () => queuedHere.off("queued", wake);
    },
  };
}
