// @ts-check
/**
 * Answers to repeated reads, kept by the embedded database's thread until anything is written
 * (docs/decisions/019-embedded-database-result-cache.md).
 *
 * Every statement of every process of a server on the embedded database runs on that one thread, so it sees
 * every write as it happens: no write can go round it, which is what makes forgetting everything on a
 * write enough. A statement's answer is kept only when its text can neither write nor depend on anything
 * but the data and its parameters (the clock, randomness, sequences). Anything not recognised as such is
 * treated as a possible write. Plain JavaScript for the same reason as pglite-worker.mjs.
 */

/** Functions that only compute from their arguments and rows (no clock, no randomness, no side effects). */
const PURE_FUNCTIONS = new Set([
  "count",
  "sum",
  "avg",
  "min",
  "max",
  "bool_and",
  "bool_or",
  "array_agg",
  "string_agg",
  "json_agg",
  "jsonb_agg",
  "coalesce",
  "nullif",
  "greatest",
  "least",
  "abs",
  "round",
  "floor",
  "ceil",
  "ceiling",
  "mod",
  "lower",
  "upper",
  "left",
  "right",
  "length",
  "char_length",
  "btrim",
  "ltrim",
  "rtrim",
  "trim",
  "substring",
  "substr",
  "replace",
  "concat",
  "concat_ws",
  "position",
  "strpos",
  "split_part",
  "to_char",
  "date_trunc",
  "date_part",
  "extract",
  "make_interval",
  "array_length",
  "array_position",
  "cardinality",
  "unnest",
  "generate_series",
  "json_build_object",
  "jsonb_build_object",
  "json_build_array",
  "jsonb_build_array",
  "jsonb_array_elements_text",
  "json_array_elements_text",
  "jsonb_array_length",
  "to_jsonb",
  "to_json",
  // IMMUTABLE in migrations/0008_co_founder_matches.sql.
  "co_founder_match_score",
]);
/** Read-only, but their answer changes with the clock or by chance: run every time, never kept. */
const UNSTABLE_FUNCTIONS = new Set([
  "now",
  "random",
  "clock_timestamp",
  "statement_timestamp",
  "transaction_timestamp",
  "timeofday",
  "age",
]);
/** Words that may stand before a parenthesis without calling anything. */
const SQL_WORDS = new Set([
  "select",
  "from",
  "where",
  "and",
  "or",
  "not",
  "in",
  "exists",
  "any",
  "all",
  "some",
  "as",
  "on",
  "using",
  "join",
  "lateral",
  "filter",
  "over",
  "values",
  "row",
  "array",
  "cast",
  "case",
  "when",
  "then",
  "else",
  "is",
  "by",
  "with",
  "union",
  "except",
  "intersect",
  "distinct",
  "having",
  "limit",
  "offset",
  "numeric",
  "decimal",
  "varchar",
  "char",
  "int",
  "integer",
  "bigint",
  "smallint",
  "text",
  "boolean",
]);
/** Statements and clauses that write, lock or reach outside the data, wherever they appear. */
const WRITES =
  /\b(insert|update|delete|merge|truncate|copy|call|do|lock|notify|listen|unlisten|into|nextval|setval|prepare|execute|set|reset|vacuum|refresh|share)\b/i;
/** The clock without parentheses. */
const CLOCK_WORDS = /\b(current_date|current_time|current_timestamp|localtime|localtimestamp)\b/i;
/** The catalog and statistics change without any write through here (a PREPARE, a lock, a setting). */
const SYSTEM_NAMES = /\b(pg_\w+|information_schema)\b/i;
/** PostgreSQL reads these strings as "the time now" when cast to a date or time. */
const CLOCK_STRING = /^\s*(now|today|tomorrow|yesterday)\s*$/i;
const MAX_KEY_CHARS = 8_192;
const MAX_VERDICTS = 2_000;

/**
 * What a statement's text allows: `keep` (its answer depends on the data and parameters only), `read`
 * (read-only, answer not kept: the clock, chance, the system catalog) or `write` (may change data: everything kept is forgotten).
 * @param {string} text
 * @returns {"keep" | "read" | "write"}
 */
export function classifyStatement(text) {
  if (!/^\s*(select|with)\b/i.test(text)) return "write";
  // Literals and quoted names cannot call or write anything; without them, every word is SQL.
  const code = text.replace(/'(?:[^']|'')*'/g, "''").replace(/"(?:[^"]|"")*"/g, '""');
  if (WRITES.test(code)) return "write";
  let unstable = CLOCK_WORDS.test(code) || SYSTEM_NAMES.test(text);
  for (const match of code.matchAll(/(\bas\s+)?\b([a-z_][a-z0-9_]*)\s*\(/gi)) {
    if (match[1]) continue; // `as alias(column, …)`: names, not a call
    const word = match[2].toLowerCase();
    if (PURE_FUNCTIONS.has(word) || SQL_WORDS.has(word)) continue;
    if (UNSTABLE_FUNCTIONS.has(word)) unstable = true;
    else return "write"; // unknown: it may write (co_founder_match_fill does)
  }
  return unstable ? "read" : "keep";
}

/**
 * Roughly how many bytes a structured-cloned answer holds, or Infinity past `limit`.
 * @param {unknown} value
 * @param {number} limit
 */
export function approximateBytes(value, limit) {
  let bytes = 0;
  /** @type {unknown[]} */
  const stack = [value];
  while (stack.length) {
    const item = stack.pop();
    if (typeof item === "string") bytes += 16 + 2 * item.length;
    else if (ArrayBuffer.isView(item)) bytes += 16 + item.byteLength;
    else if (Array.isArray(item)) {
      bytes += 16 + 8 * item.length;
      for (const element of item) stack.push(element);
    } else if (item && typeof item === "object" && !(item instanceof Date)) {
      for (const [key, field] of Object.entries(item)) {
        bytes += 16 + 2 * key.length;
        stack.push(field);
      }
    } else bytes += 8;
    if (bytes > limit) return Infinity;
  }
  return bytes;
}

/**
 * @param {unknown[]} params
 * @returns {boolean}
 */
const keepableParams = (params) =>
  params.every(
    (value) => !(typeof value === "string" && CLOCK_STRING.test(value)) && !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer),
  );

/** @param {string} _key @param {unknown} value */
const jsonValue = (_key, value) => (typeof value === "bigint" ? `${value}n` : value);

/**
 * @param {{ maxBytes: number }} options `maxBytes` 0 keeps nothing.
 */
export function createResultCache({ maxBytes }) {
  const maxEntryBytes = Math.floor(maxBytes / 8);
  /** @type {Map<string, { value: unknown; bytes: number }>} oldest first */
  let entries = new Map();
  let bytes = 0;
  let generation = 0;
  /** @type {Map<string, "keep" | "read" | "write">} */
  const verdicts = new Map();
  let hits = 0;
  let misses = 0;

  /** @param {string} text */
  const classify = (text) => {
    let verdict = verdicts.get(text);
    if (verdict === undefined) {
      verdict = classifyStatement(text);
      if (verdicts.size < MAX_VERDICTS) verdicts.set(text, verdict);
    }
    return verdict;
  };

  return {
    /** Bumped by every possible write: an answer read across one is not kept. */
    get generation() {
      return generation;
    },
    get size() {
      return entries.size;
    },
    get hits() {
      return hits;
    },
    get misses() {
      return misses;
    },
    /** @param {string} text */
    mayWrite: (text) => classify(text) === "write",
    /**
     * The key an answer is kept under, or undefined when it must not be kept.
     * @param {string} text
     * @param {unknown[]} params
     * @param {unknown} options
     */
    keyOf(text, params, options) {
      if (maxBytes <= 0 || classify(text) !== "keep" || !keepableParams(params)) return undefined;
      const key = JSON.stringify([text, params, options], jsonValue);
      return key.length > MAX_KEY_CHARS ? undefined : key;
    },
    /** @param {string} key */
    get(key) {
      const entry = entries.get(key);
      if (!entry) {
        misses++;
        return undefined;
      }
      hits++;
      // Most recently used last: eviction takes from the front.
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    /**
     * Keeps an answer unless something may have been written since its statement was sent.
     * @param {string} key
     * @param {unknown} value
     * @param {number} since the generation when the statement was sent
     */
    store(key, value, since) {
      if (since !== generation) return;
      const size = approximateBytes(value, maxEntryBytes) + 2 * key.length;
      if (size > maxEntryBytes) return;
      const previous = entries.get(key);
      if (previous) bytes -= previous.bytes;
      entries.delete(key);
      entries.set(key, { value, bytes: size });
      bytes += size;
      for (const [oldest, entry] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(oldest);
        bytes -= entry.bytes;
      }
    },
    /** Something was or may have been written: forget every answer. */
    invalidate() {
      generation++;
      if (entries.size) entries = new Map();
      bytes = 0;
    },
  };
}
