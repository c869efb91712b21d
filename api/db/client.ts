import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as schema from "./schema.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import { PgliteWorker } from "./embedded/worker-client.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseKind = "pglite" | "postgres";

/** Each open database's kind, by its driver client: every Drizzle handle made over that client shares it. */
const kinds = new WeakMap<object, DatabaseKind>();

/** The kind of the database under a Drizzle handle; undefined for a handle openDatabase did not make. */
export function databaseKind(db: Db): DatabaseKind | undefined {
  const client = (db as { $client?: unknown }).$client;
  return typeof client === "object" && client !== null ? kinds.get(client) : undefined;
}

/** Remembers the kind of a database over `client` (see databaseKind) and hands the database back. */
function opened(client: object, database: Database): Database {
  kinds.set(client, database.kind);
  return database;
}

export interface Database {
  db: Db;
  /**
   * "pglite" for the embedded engine (in process, in its thread or through a cluster's primary: one
   * connection, one statement or transaction at a time), "postgres" for a server (a pool running many).
   * Code holding only a Drizzle handle reads it with `databaseKind`.
   */
  kind: DatabaseKind;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The embedded engine's whole data directory, as a tarball (PGlite only). */
  dump?(): Promise<Blob>;
  /** The PGlite thread's client, when this process runs it (a primary relays cluster workers' SQL to it). */
  thread?: PgliteWorker;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export interface DatabaseOptions {
  /** postgres://… — when set, a pooled PostgreSQL connection is used. */
  databaseUrl?: string;
  /** Folder for the embedded PGlite data; omitted means in memory (tests). */
  dataDir?: string;
  poolSize?: number;
  /** An in-memory PGlite starts from this data directory (a `dumpDataDir` tarball) instead of a new one. */
  template?: Blob;
  /**
   * Run PGlite in its own thread, so SQL and server rendering use two cores. Default: on for a
   * data directory (the server), off in memory (the test suite opens hundreds of those; a thread each
   * would only add start-up time), unless LAUNCHPAD_TEST_PGLITE_WORKER=1 asks for the suite to run on it.
   */
  worker?: boolean;
  /**
   * Bytes of repeated reads' answers the PGlite thread keeps until the next write (api/db/embedded/result-cache.mjs).
   * Only the thread has one: it sees every write. Default none, but for the suite run on the thread
   * (LAUNCHPAD_TEST_PGLITE_WORKER=1), which runs as the server does.
   */
  resultCacheBytes?: number;
  /** The worker thread died on its own: the server exits, so a supervisor can start it again. */
  onWorkerCrash?: (error: Error) => void;
  /**
   * A cluster worker process of a server on the embedded database: the data directory belongs to the
   * primary, which runs the PGlite thread; this process's SQL is relayed to it (api/db/embedded/database-relay.ts).
   */
  viaPrimary?: boolean;
}

/** The server's default for DatabaseOptions.resultCacheBytes (DATABASE_RESULT_CACHE_MB). */
export const DEFAULT_RESULT_CACHE_MB = 32;

/** `resultCacheBytes` unless told: see DatabaseOptions.resultCacheBytes. */
const resultCacheBytes = (options: DatabaseOptions) =>
  options.resultCacheBytes ?? (process.env.LAUNCHPAD_TEST_PGLITE_WORKER === "1" ? DEFAULT_RESULT_CACHE_MB * 2 ** 20 : 0);

/** `worker` unless told: see DatabaseOptions.worker. */
const workerByDefault = (options: DatabaseOptions) => Boolean(options.dataDir) || process.env.LAUNCHPAD_TEST_PGLITE_WORKER === "1";

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process; the pool
    // replaces it on the next query.
    pool.on("error", (error) => console.error("[launchpad] idle database connection lost:", error.message));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return opened(pool, {
      db,
      kind: "postgres",
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      close: () => pool.end(),
    });
  }
  // One process per data directory (the cluster's workers reach it through the primary).
  const unlock = options.dataDir && !options.viaPrimary ? lockDataDir(options.dataDir) : () => {};
  try {
    return await openEmbedded(options, unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}

async function openEmbedded(options: DatabaseOptions, unlock: () => void): Promise<Database> {
  const closing = (close: () => Promise<void>) => async () => {
    try {
      await close();
    } finally {
      unlock();
    }
  };
  if (options.viaPrimary || (options.worker ?? workerByDefault(options))) {
    const client = options.viaPrimary
      ? PgliteWorker.overProcess(options.onWorkerCrash)
      : await PgliteWorker.start({
          dataDir: options.dataDir,
          template: options.template,
          resultCacheBytes: resultCacheBytes(options),
          onCrash: options.onWorkerCrash,
        });
    // Drizzle's pglite driver over the worker's PGlite-shaped client: the same session code as in-process,
    // so rows, dates, numerics, JSON and savepoints come out identical.
    const driver = client as unknown as PGlite;
    return opened(client, {
      db: drizzlePglite(driver, { schema }) as unknown as Db,
      kind: "pglite",
      dump: () => client.dumpDataDir(),
      thread: options.viaPrimary ? undefined : client,
      migrate: () => migratePglite(drizzlePglite(driver), { migrationsFolder }),
      close: closing(() => client.close()),
    });
  }
  const assets = await pgliteAssets();
  const client = options.dataDir ? new PGlite(options.dataDir, assets) : new PGlite({ ...assets, loadDataDir: options.template });
  await client.waitReady;
  return inProcess(
    client,
    closing(() => client.close()),
  );
}

/** The database over an engine running in this thread, closed by `close`. */
function inProcess(client: PGlite, close: () => Promise<void>): Database {
  return opened(client, {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: "pglite",
    dump: () => client.dumpDataDir("none"),
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close,
  });
}

/**
 * A handle on an open in-process embedded engine that its holder does not own: `close` gives the engine
 * back through `release` instead of stopping it, and from then on every call through the handle fails, so
 * work its holder left running cannot reach the engine's next holder. The test suites lend one engine to
 * their files in turn (api/testing/test-database.ts).
 */
export function lendEmbedded(engine: PGlite, release: () => void): Database {
  let lent = true;
  const guarded = new Proxy(engine, {
    get(target, key) {
      if (!lent) throw new Error("The database was closed.");
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return inProcess(guarded, async () => {
    if (!lent) return;
    lent = false;
    release();
  });
}

let loadedAssets: Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;

/**
 * PGlite's engine (9 MB of WebAssembly) and its file bundle, read and compiled once per process: each
 * further in-process database starts from them instead of compiling the engine again. The test suites open
 * one a file, and this took about a third of each open (0.85 s to 0.6 s, 1.3 to 0.9 CPU-seconds).
 */
function pgliteAssets() {
  return (loadedAssets ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
    const [wasm, bundle] = await Promise.all([readFile(join(dist, "pglite.wasm")), readFile(join(dist, "pglite.data"))]);
    return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([bundle]) };
  })());
}
