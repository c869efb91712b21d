/**
 * One process per core (WEB_CONCURRENCY): the primary forks the workers, which share the listening port
 * through Node's cluster, restarts one that dies, and stops them all on SIGTERM/SIGINT. Sessions and
 * throttles live in the database, so any worker can answer any request. On PostgreSQL each worker has its
 * own pool; on the embedded database the primary keeps the PGlite and relays the workers' SQL to it
 * (`onFork` joins each worker to server/process-hub.ts, `beforeExit` closes the database last).
 */
import cluster, { type Worker } from "node:cluster";

export async function runPrimary(
  count: number,
  options: { log: (message: string) => void; ready: () => void; onFork?: (worker: Worker) => void; beforeExit?: () => Promise<void> },
) {
  let stopping = false;
  let listening = 0;
  // Structured clone on the IPC channel: relayed SQL parameters and results keep their types (Uint8Array…).
  cluster.setupPrimary({ serialization: "advanced" });
  const fork = () => {
    const worker = cluster.fork();
    options.onFork?.(worker);
  };
  cluster.on("listening", () => {
    if (++listening === count) options.ready();
  });
  cluster.on("exit", (worker: Worker, code) => {
    if (stopping) return;
    options.log(`worker ${worker.process.pid} exited (${code}); starting another`);
    fork();
  });
  for (let i = 0; i < count; i++) fork();

  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    options.log(`${signal} received, shutting down`);
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    await Promise.all(
      workers.map(
        (w) => new Promise<void>((resolve) => (w.isDead() ? resolve() : (w.once("exit", () => resolve()), w.process.kill(signal)))),
      ),
    );
    await options.beforeExit?.();
    options.log("Stopped cleanly");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}
