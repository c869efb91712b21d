/** The real server as a child process for the benchmarks: started on a free port, stopped with SIGTERM. */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { createServer } from "node:net";
import pg from "pg";

const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  /** The server's process (with WEB_CONCURRENCY > 1, the cluster's primary). */
  pid: number;
  stop(): Promise<void>;
}

/** Servers started and not yet stopped, for a signal to end. */
export const children = new Set<ChildProcess>();

/**
 * `node --import tsx server.ts` in `cwd` (a checkout with a build), production mode, 127.0.0.1 only.
 * Settings from the caller's shell do not leak in: only `env` decides the database and processes. One
 * process unless `env` sets WEB_CONCURRENCY (production's own default is one per core).
 */
export async function startServer(cwd: string, env: Record<string, string>, log: (message: string) => void): Promise<RunningServer> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1" };
  for (const name of [
    "DATABASE_URL",
    "DATA_DIR",
    "API_URL",
    "APP_URL",
    "TRUST_PROXY",
    "SEED",
    "WEB_CONCURRENCY",
    "DATABASE_RESULT_CACHE_MB",
  ])
    delete childEnv[name];
  Object.assign(childEnv, { WEB_CONCURRENCY: "1" }, env);
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], { cwd, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  let output = "";
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
    const code = await exited;
    clearTimeout(timer);
    if (code !== 0) log(`the server in ${cwd} stopped with code ${code}; its output:\n${output}`);
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`bench: the server did not start in ${START_TIMEOUT_MS / 1000}s:\n${output}`)),
        START_TIMEOUT_MS,
      );
      child.stdout!.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        // The last line printed at start.
        if (output.includes("Demo accounts (password")) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`bench: the server exited (code ${code}) before it was running:\n${output}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl: `http://127.0.0.1:${port}`, pid: child.pid!, stop };
}

/** The PostgreSQL server for the figures on PostgreSQL (BENCH_DATABASE_URL, or the local one), if it answers. */
export async function benchPostgresUrl(): Promise<string | undefined> {
  const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return undefined;
  }
}

/** Builds the checkout at `root` first when it has no build (the servers run the production build). */
export function ensureBuilt(root: string, log: (message: string) => void) {
  if (existsSync(path.join(root, "build/server/index.js"))) return;
  log("building the app first (npm run build)");
  if (spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" }).status !== 0) throw new Error("bench: the build failed");
}
