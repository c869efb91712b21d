import { databaseKind, type Db } from "#api/db/client.ts";
import { listenForMail, onMailQueuedHere } from "./wake.ts";

/*
 * The outbox's background loops (the sender, and the keeper when no mail server is set) run the same way:
 * a round at once while the last one found work, otherwise after the poll interval or as soon as mail is
 * queued (LISTEN on PostgreSQL, this process's own signal on the embedded database).
 */

export interface Rounds {
  /** Look for due mail now. */
  wake(): void;
  /** True from the moment stop is called: a round should start nothing new. */
  stopping(): boolean;
  /** Ends the loop after the round under way, and stops listening. */
  stop(): Promise<void>;
}

export interface RoundsOptions {
  db: Db;
  /** For PostgreSQL: LISTEN here to be woken when mail is queued in any instance. */
  databaseUrl?: string;
  pollMs: number;
  log: (message: string) => void;
  /** One round: answers whether there was anything to do. */
  round: () => Promise<boolean>;
  /** Another queue's wake-ups (the webhooks'): its LISTEN channel and this process's signal. Mail's by default. */
  queue?: { channel: string; onQueuedHere: (wake: () => void) => () => void };
}

export async function runRounds({ db, databaseUrl, pollMs, log, round, queue }: RoundsOptions): Promise<Rounds> {
  let stopping = false;
  let woken = false;
  let sleeper: (() => void) | null = null;
  const wake = () => {
    woken = true;
    sleeper?.();
  };
  const sleep = () =>
    new Promise<void>((resolve) => {
      if (woken || stopping) return resolve();
      const timer = setTimeout(done, pollMs);
      function done() {
        clearTimeout(timer);
        sleeper = null;
        resolve();
      }
      sleeper = done;
    });

  const postgres = databaseKind(db) === "postgres";
  const stopListening =
    postgres && databaseUrl
      ? await listenForMail(databaseUrl, wake, log, queue?.channel).catch((error: Error) => {
          log(`mail: LISTEN failed, relying on polling: ${error.message}`);
          return async () => {};
        })
      : async () => {};
  const stopLocalWake = postgres ? () => {} : (queue?.onQueuedHere ?? onMailQueuedHere)(wake);

  const loop = (async () => {
    while (!stopping) {
      woken = false;
      const busy = await round().catch((error: unknown) => {
        log(`mail: a round over the outbox failed: ${String(error)}`);
        return false;
      });
      if (!busy) await sleep();
    }
  })();

  return {
    wake,
    stopping: () => stopping,
    async stop() {
      stopping = true;
      sleeper?.();
      stopLocalWake();
      await loop;
      await stopListening();
    },
  };
}
