/**
 * The main thread's side of the PGlite worker: an object with the few PGlite methods Drizzle's
 * pglite driver calls (`query`, `transaction` and, inside one, `query`), each forwarded to
 * pglite-worker.mjs. Drizzle's own pglite session runs unchanged on top of it, so queries are built, rows
 * mapped and savepoints (`tx.transaction`) taken exactly as with an in-process PGlite.
 *
 * Messages (main → worker), each with a numeric `id` the reply carries back:
 *   { op: "query", sql, params, options, tx? }  a statement; `tx` names the open transaction it belongs to
 *   { op: "begin", tx }                          answered once BEGIN ran (PGlite's transaction lock is held)
 *   { op: "end", tx, commit }                    COMMIT or ROLLBACK, then the lock is released
 *   { op: "dump" } / { op: "close" } / { op: "cacheStats" }
 * Replies: { id, ok: true, value } or { id, ok: false, error }. Request 0 is the worker's start.
 */
import type { QueryOptions, Results } from "@electric-sql/pglite";
import { Worker } from "node:worker_threads";

/**
 * Where requests go and how the process is kept alive while they are in flight: the PGlite thread, or
 * (a cluster worker process) the primary, which relays them to its thread (database-relay.ts).
 */
interface Port {
  post(message: Record<string, unknown>): void;
  ref(): void;
  unref(): void;
  terminate(): Promise<void>;
}

/** A request as it crosses to the PGlite thread; `id` is set by whoever sends it. */
export type WireRequest = Record<string, unknown> & { op: string; tx?: number };

/** What a transaction callback receives: the part of PGlite's `Transaction` Drizzle uses. */
export interface WorkerTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

interface SerializedError {
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
  cause?: SerializedError;
}

export type Reply = { id: number; ok: true; value?: unknown } | { id: number; ok: false; error: SerializedError };

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  /** Resolve with the reply itself, error or not (a relay passes it on as it came). */
  raw?: boolean;
}

/** The worker's error as an Error here, with the fields callers read (`code` for api/db/errors.ts). */
function revive(serialized: SerializedError): Error {
  const error = new Error(serialized.message, serialized.cause ? { cause: revive(serialized.cause) } : undefined);
  Object.assign(error, serialized.fields);
  if (serialized.stack) error.stack = `${serialized.stack}\n    at (PGlite worker thread)`;
  return error;
}

/**
 * Query options as they can cross a thread. Parsers are functions: the worker leaves their types as text
 * and `applyParsers` runs them here, so a caller's parsers (Drizzle's keep dates as strings) act as
 * in-process. Options that could not act the same way are refused rather than ignored.
 */
function wireOptions(options: QueryOptions | undefined) {
  if (options?.serializers || options?.blob || options?.onNotice) {
    throw new Error("PGlite worker: the serializers, blob and onNotice query options are not supported");
  }
  return {
    rowMode: options?.rowMode,
    paramTypes: options?.paramTypes,
    rawTypes: options?.parsers ? Object.keys(options.parsers).map(Number) : [],
  };
}

function applyParsers<T>(result: Results<T>, options: QueryOptions | undefined): Results<T> {
  // Indexed by any type id, most of which have no parser.
  const parsers = options?.parsers as Partial<Record<number, (value: string, typeId: number) => unknown>> | undefined;
  if (!parsers || !result.fields.length || !result.rows.length) return result;
  const columns = result.fields.flatMap((field, index) => {
    const parse = parsers[field.dataTypeID];
    return parse ? [{ index, name: field.name, type: field.dataTypeID, parse }] : [];
  });
  if (!columns.length) return result;
  const arrays = options?.rowMode === "array";
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const { index, name, type, parse } of columns) {
      const key = arrays ? index : name;
      // PGlite's own rule: NULL is never parsed.
      if (row[key] !== null) row[key] = parse(row[key] as string, type);
    }
  }
  return result;
}

export class PgliteWorker {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private nextTransaction = 1;
  /** Requests awaiting their reply plus open transactions. */
  private busy = 0;
  /** Set once the worker is gone (closed, crashed): every later call fails with it. */
  private stopped?: Error;
  private closing?: Promise<void>;

  private constructor(
    private readonly port: Port,
    private readonly onCrash?: (error: Error) => void,
  ) {}

  /**
   * Starts the worker and resolves once PGlite inside it is ready. `resultCacheBytes`: how much the thread
   * may keep of repeated reads' answers (result-cache.mjs; 0 keeps none). `onCrash`: told when the thread
   * dies on its own (not by close()), e.g. for the server to exit and be restarted.
   */
  static async start(options: {
    dataDir?: string;
    template?: Blob;
    resultCacheBytes?: number;
    onCrash?: (error: Error) => void;
  }): Promise<PgliteWorker> {
    const template = options.template ? await options.template.arrayBuffer() : undefined;
    const worker = new Worker(new URL("./pglite-worker.mjs", import.meta.url), {
      workerData: { dataDir: options.dataDir, template, resultCacheBytes: options.resultCacheBytes ?? 0 },
      transferList: template ? [template] : [],
      // The process's own flags (--import tsx, vitest's) mean nothing to the plain-JS worker.
      execArgv: [],
    });
    const client = new PgliteWorker(
      {
        post: (message) => worker.postMessage(message),
        ref: () => worker.ref(),
        unref: () => worker.unref(),
        terminate: async () => void (await worker.terminate()),
      },
      options.onCrash,
    );
    worker.on("message", (reply: Reply) => client.settle(reply));
    worker.on("error", (error) => client.fail(error));
    worker.on("exit", (code) => client.fail(new Error(`PGlite worker: the database thread stopped (exit code ${code})`)));
    // A reply that cannot be read names no request; failing everything beats one caller (or a
    // transaction holding the connection) waiting forever.
    worker.on("messageerror", (error) => client.fail(error));
    // Idle, the worker must not keep the process alive (a script that forgets close() still ends, as
    // with an in-process PGlite); while a request or a transaction is open it must.
    worker.unref();
    try {
      await client.expect(0);
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    return client;
  }

  /**
   * In a cluster worker process of a server on the embedded database: the same client, its requests
   * relayed by the primary to the primary's PGlite thread (database-relay.ts). Messages travel as
   * `{ kind: "db", ... }` on the process's IPC channel; losing the primary fails everything in flight.
   */
  static overProcess(onCrash?: (error: Error) => void): PgliteWorker {
    if (!process.send) throw new Error("PGlite worker: this process has no IPC channel to a primary");
    const send = process.send.bind(process);
    const client = new PgliteWorker(
      {
        post: (message) => send({ ...message, kind: "db" }),
        // A cluster worker lives as long as its primary: its IPC channel stays as Node keeps it.
        ref: () => {},
        unref: () => {},
        terminate: async () => {},
      },
      onCrash,
    );
    process.on("message", (message: Reply & { kind?: string }) => {
      if (message?.kind === "db") client.settle(message);
    });
    process.on("disconnect", () => client.fail(new Error("PGlite worker: the primary process is gone")));
    return client;
  }

  /** A statement outside any transaction: PGlite runs it once no transaction holds the connection. */
  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.run(sql, params, options);
  }

  /**
   * PGlite's `transaction`, across the thread: BEGIN, the callback, then COMMIT, or ROLLBACK when the
   * callback throws (its error is rethrown). While it is open the worker runs no other statement, so two
   * requests' transactions never interleave on the one connection.
   */
  async transaction<T>(callback: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const id = this.nextTransaction++;
    this.hold(+1);
    let closed = false;
    const finish = async (commit: boolean) => {
      closed = true;
      await this.request({ op: "end", tx: id, commit });
    };
    const tx: WorkerTransaction = {
      query: (sql, params = [], options) =>
        closed ? Promise.reject(new Error("Transaction is closed")) : this.run(sql, params, options, id),
      rollback: () => (closed ? Promise.reject(new Error("Transaction is closed")) : finish(false)),
      get closed() {
        return closed;
      },
    };
    try {
      await this.request({ op: "begin", tx: id });
      let result: T;
      try {
        result = await callback(tx);
      } catch (error) {
        if (!closed) {
          // The callback's error is what the caller must see; a failed ROLLBACK (a dead worker) only
          // adds to it.
          await finish(false).catch(() => {});
        }
        throw error;
      }
      if (!closed) await finish(true);
      return result;
    } finally {
      this.hold(-1);
    }
  }

  /** The data directory as a tarball (`PGlite.dumpDataDir("none")`). */
  async dumpDataDir(): Promise<Blob> {
    return new Blob([(await this.request({ op: "dump" })) as ArrayBuffer]);
  }

  /** How often the thread answered from its result cache (result-cache.mjs), and what it keeps. */
  async resultCacheStats(): Promise<{ hits: number; misses: number; kept: number }> {
    return (await this.request({ op: "cacheStats" })) as { hits: number; misses: number; kept: number };
  }

  /**
   * A request from elsewhere (a cluster worker's, through database-relay.ts), answered with the
   * reply as it comes, error or not. Its `tx`, if any, must come from `newTransactionId`.
   */
  forward(message: WireRequest): Promise<Reply> {
    return this.request(message, true) as Promise<Reply>;
  }

  /** A transaction id no transaction of this client uses, for a forwarded `begin`. */
  newTransactionId(): number {
    return this.nextTransaction++;
  }

  /** Closes PGlite (in the worker) and ends the thread; calls after the first wait for the same end. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.stopped) return void (await this.port.terminate());
      const closed = this.request({ op: "close" });
      // Work sent after this point would only meet a closed PGlite: refuse it here.
      this.stopped ??= new Error("PGlite worker: the database is closed");
      try {
        await closed;
      } finally {
        await this.port.terminate();
      }
    })();
    return this.closing;
  }

  private async run<T>(sql: string, params: unknown[], options: QueryOptions | undefined, tx?: number): Promise<Results<T>> {
    const result = (await this.request({ op: "query", sql, params, options: wireOptions(options), tx })) as Results<T>;
    return applyParsers(result, options);
  }

  private request(message: Record<string, unknown>, raw = false): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    const reply = this.expect(id, raw);
    try {
      this.port.post({ ...message, id });
    } catch (error) {
      // A parameter that cannot be cloned (a function, a symbol): nothing was sent, so answer here.
      this.pending.get(id)?.reject(error as Error);
      this.pending.delete(id);
    }
    return reply;
  }

  private expect(id: number, raw = false): Promise<unknown> {
    this.hold(+1);
    return new Promise<unknown>((resolve, reject) => this.pending.set(id, { resolve, reject, raw })).finally(() => this.hold(-1));
  }

  /** Keeps the process alive while a request or a transaction is in flight (see the constructor). */
  private hold(delta: 1 | -1) {
    if (this.busy === 0 && delta > 0) this.port.ref();
    this.busy += delta;
    if (this.busy === 0) this.port.unref();
  }

  private settle(reply: Reply) {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if (pending.raw) pending.resolve(reply);
    else if (reply.ok) pending.resolve(reply.value);
    else pending.reject(revive(reply.error));
  }

  /** The worker crashed or exited: nothing in flight will be answered, and nothing later will be. */
  private fail(error: Error) {
    if (!this.stopped && !this.closing) this.onCrash?.(error);
    this.stopped ??= error;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}
