// @ts-check
/**
 * The embedded database's own thread. PGlite runs every statement synchronously in WASM; on the
 * main thread that time is taken from React's server rendering. Here it runs beside it, on another core.
 *
 * Only worker-client.ts talks to this file; the message shapes are described there. Every request is
 * handed straight to PGlite, whose own locks keep the one connection safe exactly as they do in-process:
 * a query outside a transaction goes through `pg.query`, which waits while any transaction is open, and a
 * transaction is a real `pg.transaction` whose callback stays open until the main thread says commit or
 * roll back. So no second queue or lock lives here that could disagree with PGlite's.
 *
 * Plain JavaScript on purpose: Node 20 does not apply `--import tsx` to a worker's entry file, and a
 * worker that registers tsx itself takes ~150 ms longer to start (this one loads in ~40 ms).
 */
import { PGlite } from "@electric-sql/pglite";
import { parentPort, workerData } from "node:worker_threads";
import { createResultCache } from "./result-cache.mjs";

const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);
/** @type {{ dataDir?: string; template?: ArrayBuffer; resultCacheBytes?: number }} */
const { dataDir, template, resultCacheBytes = 0 } = workerData;
// The same construction as the in-process engine in client.ts, so durability settings stay the same.
const pg = dataDir ? new PGlite(dataDir) : new PGlite({ loadDataDir: template ? new Blob([template]) : undefined });

/**
 * Transactions in progress, by the id the main thread chose: PGlite's transaction object, the function
 * that lets its callback return (true: commit, false: roll back) and the promise of its end.
 * @type {Map<number, { tx: import("@electric-sql/pglite").Transaction; finish: (commit: boolean) => void; done: Promise<void> }>}
 */
const open = new Map();

/** Answers to repeated reads, forgotten on any write (result-cache.mjs). */
const results = createResultCache({ maxBytes: resultCacheBytes });

/** @param {string} value */
const raw = (value) => value;

/**
 * Parsers are functions and cannot cross threads: the main thread names the types it parses itself, and
 * their columns come back as PostgreSQL's text, untouched here.
 * @param {{ rowMode?: "array" | "object"; paramTypes?: number[]; rawTypes: number[] }} options
 */
const queryOptions = (options) => ({
  rowMode: options.rowMode,
  paramTypes: options.paramTypes,
  parsers: Object.fromEntries(options.rawTypes.map((type) => [type, raw])),
});

/*
 * Plans kept across calls. PGlite's query() sends every statement unnamed, so PostgreSQL parses and plans it
 * on each call; for the per-request statements (who is calling, a page's lists, the chat send) planning
 * costs more than running, on the one thread every request's SQL shares. A statement with parameters seen a
 * second time is PREPAREd once in the session and then run by EXECUTE. EXECUTE takes no bind parameters, so
 * the values travel as quoted literals: an unknown-typed literal is coerced to the type PostgreSQL inferred
 * for that parameter, as a bound text value is. Only text, numbers, booleans, dates, null and arrays of
 * numbers or text under an explicit array cast are passed that way; anything else (bytes, other arrays,
 * explicit parameter types) and any statement PREPARE refuses runs as before.
 */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
const MAX_PREPARED = 500;
/** @type {Map<string, string | false>} text → statement name once prepared, false when it cannot be */
const plans = new Map();
/** @type {Set<string>} texts seen once */
const seenOnce = new Set();
let nextPlan = 1;

/** @param {unknown} value */
function arrayElement(value) {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "string") return `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
  return undefined;
}

/**
 * The SQL literal of parameter `index` (0-based), or undefined when it cannot be written as one. An array
 * of numbers or strings is written in PostgreSQL's array syntax only where the statement casts that
 * parameter to an array type itself (`= any($1::int[])`): elsewhere PGlite would have picked the wire
 * format from the inferred type (JSON for a jsonb parameter), which a literal cannot know.
 * @param {unknown} value
 * @param {number} index
 * @param {string} text
 * @returns {string | undefined}
 */
function literal(value, index, text) {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
  if ((typeof value === "number" && Number.isFinite(value)) || typeof value === "boolean" || typeof value === "bigint")
    return `'${String(value)}'`;
  // What PGlite itself sends for a Date, whatever type the parameter has.
  if (value instanceof Date && !Number.isNaN(value.getTime())) return `'${value.toISOString()}'`;
  if (Array.isArray(value) && new RegExp(`\\$${index + 1}::[a-z0-9_ ]+\\[\\]`, "i").test(text)) {
    const elements = value.map(arrayElement);
    return elements.includes(undefined) ? undefined : literal(`{${elements.join(",")}}`, index, text);
  }
  return undefined;
}

/**
 * @param {{ query: Function }} target
 * @param {string} text
 * @param {unknown[]} params
 * @param {{ paramTypes?: number[] }} wireOptions
 * @param {object} options
 */
async function planned(target, text, params, wireOptions, options) {
  const literals = params.length && !wireOptions.paramTypes?.length ? params.map((value, index) => literal(value, index, text)) : undefined;
  if (!literals || literals.includes(undefined) || !PREPARABLE.test(text)) return target.query(text, params, options);
  let name = plans.get(text);
  if (name === false) return target.query(text, params, options);
  if (name === undefined) {
    // The first time only remembered: a statement run once (a migration's, a report's) is not worth a plan.
    // Inside a transaction nothing new is prepared: PGlite would queue the PREPARE behind the transaction
    // itself, and a refused PREPARE there would abort it. Plans made outside are used inside too.
    if (target !== pg || !seenOnce.has(text) || plans.size >= MAX_PREPARED) {
      if (seenOnce.size < 10_000) seenOnce.add(text);
      return target.query(text, params, options);
    }
    seenOnce.delete(text);
    name = `lp_plan_${nextPlan++}`;
    try {
      await pg.exec(`prepare ${name} as ${text}`);
      plans.set(text, name);
    } catch {
      plans.set(text, false);
      return target.query(text, params, options);
    }
  }
  // exec(): the simple protocol, two calls into PGlite's wire handler instead of query()'s six (parse,
  // describe, bind, describe, execute, sync), ~40 % less of this thread's time per planned statement.
  const [result] = await target.exec(`execute ${name}(${literals.join(", ")})`, options);
  return result;
}

/** @param {number} id */
function opened(id) {
  const entry = open.get(id);
  if (!entry) throw new Error(`PGlite worker: transaction ${id} is not open`);
  return entry;
}

/**
 * Starts a transaction and answers once BEGIN has run (after any transaction ahead of it has ended).
 * @param {number} id
 */
function begin(id) {
  return new Promise((resolve, reject) => {
    /** @type {(commit: boolean) => void} */
    let finish = () => {};
    const decided = new Promise((resolveDecision) => (finish = resolveDecision));
    // The callback runs only after BEGIN (never synchronously), so `done` is assigned by then.
    const done = pg.transaction(async (tx) => {
      open.set(id, { tx, finish, done });
      resolve(undefined);
      // Returning lets PGlite COMMIT; a rollback is done here so PGlite sees the transaction closed.
      if (!(await decided)) await tx.rollback();
    });
    // BEGIN itself failed: nothing is open. Later failures (COMMIT) reach `end` through `done`.
    done.catch(reject);
  });
}

/**
 * @param {number} id
 * @param {boolean} commit
 */
async function end(id, commit) {
  const entry = opened(id);
  open.delete(id);
  entry.finish(commit);
  // A COMMIT PostgreSQL turned into a rollback rejects here (TransactionAbortedError, 25P02), as in-process.
  await entry.done;
}

/**
 * Errors are rebuilt on the main thread from their name, message, stack and plain fields: a
 * DatabaseError's SQLSTATE `code`, `detail`, `constraint`… (structured cloning would drop them).
 * @param {unknown} error
 * @returns {{ message: string; stack?: string; fields: Record<string, unknown>; cause?: unknown }}
 */
function serializeError(error) {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  /** @type {Record<string, unknown>} */
  const fields = { name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) fields[key] = value;
  }
  return { message: error.message, stack: error.stack, fields, cause: error.cause === undefined ? undefined : serializeError(error.cause) };
}

/**
 * One statement. Inside a transaction nothing is kept or answered from what is kept (its reads see its own
 * writes). Outside, a statement that may write forgets everything kept, before it runs and again once it has
 * (a read sent meanwhile is then not kept either: see `store`).
 * @param {{ sql: string; params: unknown[]; options: { rowMode?: "array" | "object"; paramTypes?: number[]; rawTypes: number[] }; tx?: number }} message
 */
async function query({ sql, params, options, tx }) {
  const run = (/** @type {{ query: Function }} */ target) => planned(target, sql, params, options, queryOptions(options));
  const writes = results.mayWrite(sql);
  if (tx !== undefined || writes) {
    const target = tx === undefined ? pg : opened(tx).tx;
    if (writes) results.invalidate();
    try {
      return await run(target);
    } finally {
      if (writes) results.invalidate();
    }
  }
  const key = results.keyOf(sql, params, options);
  if (key === undefined) return run(pg);
  const kept = results.get(key);
  if (kept !== undefined) return kept;
  const since = results.generation;
  const value = await run(pg);
  results.store(key, value, since);
  return value;
}

/**
 * @param {any} message
 * @returns {Promise<{ value?: unknown; transfer?: ArrayBuffer[] }>}
 */
async function handle(message) {
  switch (message.op) {
    case "query":
      return { value: await query(message) };
    case "begin":
      // Nothing is kept from here to the end: a transaction's writes are invisible outside it until COMMIT.
      results.invalidate();
      await begin(message.tx);
      return {};
    case "end":
      try {
        await end(message.tx, message.commit);
      } finally {
        results.invalidate();
      }
      return {};
    case "cacheStats":
      return { value: { hits: results.hits, misses: results.misses, kept: results.size } };
    case "dump": {
      const buffer = await (await pg.dumpDataDir("none")).arrayBuffer();
      return { value: buffer, transfer: [buffer] };
    }
    case "close":
      await pg.close();
      return {};
    default:
      throw new Error(`PGlite worker: unknown request ${JSON.stringify(message.op)}`);
  }
}

port.on("message", async (message) => {
  try {
    const { value, transfer } = await handle(message);
    port.postMessage({ id: message.id, ok: true, value }, transfer ?? []);
  } catch (error) {
    // Also a reply that could not be cloned: the caller gets an error instead of waiting forever.
    port.postMessage({ id: message.id, ok: false, error: serializeError(error) });
  }
});

// Request 0 is the start: the main thread waits for it before sending anything.
pg.waitReady.then(
  () => port.postMessage({ id: 0, ok: true }),
  (error) => port.postMessage({ id: 0, ok: false, error: serializeError(error) }),
);
