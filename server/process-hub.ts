/**
 * The primary's switchboard for cluster workers on the embedded database (WEB_CONCURRENCY > 1 without
 * DATABASE_URL): their SQL goes to the primary's PGlite (api/db/embedded/database-relay.ts); a write in one worker empties
 * the answer caches of every other before its response leaves (so the next request anywhere sees it); what
 * one worker publishes reaches the sockets of all the others; and what a worker's sockets do to their
 * channels reaches the others too, so presence lists span the processes (occupancy-relay.ts). The workers'
 * side is process-peers.ts.
 */
import type { Worker } from "node:cluster";
import type { Serializable } from "node:child_process";
import type { PgliteWorker } from "#api/db/embedded/worker-client.ts";
import type { OccupancyChange } from "#api/realtime/channels.ts";
import type { WriteScope } from "#api/lib/answer-caches.ts";
import { relayDatabase } from "#api/db/embedded/database-relay.ts";
import { OccupancyRelay } from "#api/realtime/occupancy-relay.ts";

/**
 * A worker that has not emptied its caches this long after a write is stuck (a blocked event loop): it is
 * killed (and replaced), since it could otherwise answer its next request from a stale cache.
 */
const INVALIDATION_TIMEOUT_MS = 10_000;

type HubMessage =
  | { kind: "invalidate"; id: number; scope: WriteScope }
  | { kind: "invalidated"; id: number }
  | { kind: "realtime"; events: Serializable[] }
  | { kind: "occupancy"; changes: OccupancyChange[] }
  | { kind: "peers-ready" };

const isHubMessage = (message: unknown): message is HubMessage =>
  typeof message === "object" &&
  message !== null &&
  ["invalidate", "invalidated", "realtime", "occupancy", "peers-ready"].includes((message as { kind?: string }).kind ?? "");

/** A send to a worker that may be exiting: its channel can close under us, which is not the primary's problem. */
function sendTo(worker: Worker, message: HubMessage) {
  if (!worker.isConnected()) return;
  try {
    worker.send(message, (error: Error | null) => void error);
  } catch {
    // The channel closed between the check and the send: the worker is gone, "exit" cleans up.
  }
}

export function createProcessHub(database: PgliteWorker, log: (message: string) => void) {
  /** Workers whose caches and realtime listen (they said "peers-ready"): a starting worker has nothing to empty. */
  const workers = new Set<Worker>();
  /** Invalidations sent out by the hub, waiting for their answers. */
  const waiting = new Map<number, { remaining: Set<Worker>; done: () => void }>();
  const occupancy = new OccupancyRelay<Worker>();
  let nextId = 1;

  const toOthers = (origin: Worker, message: HubMessage) => {
    for (const other of workers) if (other !== origin) sendTo(other, message);
  };

  const answered = (id: number, worker: Worker) => {
    const entry = waiting.get(id);
    if (!entry) return;
    entry.remaining.delete(worker);
    if (entry.remaining.size === 0) entry.done();
  };

  /**
   * Tells every worker but `origin` to empty its caches that a write of `scope` may change; resolves once all
   * did (or timed out, or died).
   */
  function invalidateOthers(origin: Worker, scope: WriteScope): Promise<void> {
    const others = [...workers].filter((worker) => worker !== origin && worker.isConnected());
    if (!others.length) return Promise.resolve();
    const id = nextId++;
    return new Promise<void>((resolve) => {
      const remaining = new Set(others);
      const finish = () => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve();
      };
      const timer = setTimeout(() => {
        for (const stuck of remaining) {
          log(`worker ${stuck.process.pid} did not empty its caches in ${INVALIDATION_TIMEOUT_MS / 1000} s; killing it`);
          stuck.process.kill("SIGKILL");
        }
        finish();
      }, INVALIDATION_TIMEOUT_MS);
      waiting.set(id, { remaining, done: finish });
      for (const worker of others) sendTo(worker, { kind: "invalidate", id, scope });
    });
  }

  return {
    /** Joins a newly forked worker. */
    adopt(worker: Worker) {
      relayDatabase(database, worker);
      // A send racing the worker's exit fails asynchronously (EPIPE): without a listener it would end the primary.
      worker.on("error", (error) => log(`worker ${worker.process.pid}: ${error.message}`));
      worker.on("message", (message: unknown) => {
        if (!isHubMessage(message)) return;
        if (message.kind === "peers-ready") {
          workers.add(worker);
          const state = occupancy.stateExcept(worker);
          if (state.length) sendTo(worker, { kind: "occupancy", changes: state });
          return;
        }
        if (message.kind === "invalidated") return answered(message.id, worker);
        if (message.kind === "invalidate") {
          void invalidateOthers(worker, message.scope).then(() => sendTo(worker, { kind: "invalidated", id: message.id }));
          return;
        }
        if (message.kind === "occupancy")
          return toOthers(worker, { kind: "occupancy", changes: occupancy.record(worker, message.changes) });
        toOthers(worker, message);
      });
      worker.on("exit", () => {
        workers.delete(worker);
        const gone = occupancy.forget(worker);
        if (gone.length) toOthers(worker, { kind: "occupancy", changes: gone });
        for (const id of [...waiting.keys()]) answered(id, worker);
      });
    },
  };
}
