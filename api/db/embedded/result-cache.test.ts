/**
 * What the embedded database's thread keeps of a read's answer, and when it forgets (result-cache.mjs).
 * The thread itself, with real writes and transactions, is in worker-client.test.ts.
 */
import { describe, expect, it } from "vitest";
import { approximateBytes, classifyStatement, createResultCache } from "./result-cache.mjs";

describe("which statements' answers may be kept", () => {
  it.each([
    `select "id", "name" from "event_forms" where "event_forms"."startup_id" = $1 order by "id" desc limit $2`,
    `select count(*)::int, coalesce(sum("total"), 0) from "event_billings" where "event_form_id" = $1`,
    `with t as (select "id" from "startups") select count(*) over () from t`,
    `select to_char(date_trunc('day', "created_at"), 'YYYY-MM-DD') from x`,
    `select co_founder_match_score("a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l") from c`,
    `select * from (values (1, 2)) as v(a, b)`,
    `select "updated_at", "deleted" from "t" where "note" = 'insert into x; now()'`,
  ])("keeps a read of data and parameters only: %s", (text) => {
    expect(classifyStatement(text)).toBe("keep");
  });

  it.each([
    `select * from "events" where "starts_at" > now()`,
    `select current_date - 1`,
    `select (now() at time zone $1)::date`,
    `select random()`,
    `select age("created_at") from users`,
    `select count(*)::int as n from pg_prepared_statements`,
    `select * from "pg_stat_activity"`,
    `select table_name from information_schema.tables`,
  ])("runs a read that depends on the clock or chance every time: %s", (text) => {
    expect(classifyStatement(text)).toBe("read");
  });

  it.each([
    `insert into "users" ("name") values ($1) returning "id"`,
    `update "users" set "name" = $1`,
    `delete from "sessions" where "id" = $1`,
    `with moved as (delete from a returning *) select * from moved`,
    `select co_founder_match_fill("id") from "startups" where "startups"."id" = $1`,
    `select nextval('users_id_seq')`,
    `select * from "users" where "id" = $1 for update`,
    `select * from "users" for no key update`,
    `select * from "users" for share`,
    `select * into copy_of_users from users`,
    `select pg_advisory_xact_lock(1, 2)`,
    `select pg_notify('c', 'x')`,
    `begin`,
    `prepare p as select 1`,
    `set statement_timeout = 0`,
  ])("treats anything that may write, lock or is unknown as a write: %s", (text) => {
    expect(classifyStatement(text)).toBe("write");
  });
});

describe("the answers kept", () => {
  const read = `select "id" from "t" where "a" = $1`;

  it("answers the same statement with the same parameters and options, and nothing else", () => {
    const cache = createResultCache({ maxBytes: 1 << 20 });
    const key = cache.keyOf(read, [1], { rowMode: "array" })!;
    cache.store(key, { rows: [[1]] }, cache.generation);
    expect(cache.get(cache.keyOf(read, [1], { rowMode: "array" })!)).toEqual({ rows: [[1]] });
    expect(cache.get(cache.keyOf(read, [2], { rowMode: "array" })!)).toBeUndefined();
    expect(cache.get(cache.keyOf(read, [1], { rowMode: "object" })!)).toBeUndefined();
    expect(cache.get(cache.keyOf(read, ["1"], { rowMode: "array" })!)).toBeUndefined();
  });

  it("forgets everything on a write, and does not keep an answer read across one", () => {
    const cache = createResultCache({ maxBytes: 1 << 20 });
    const key = cache.keyOf(read, [1], {})!;
    cache.store(key, { rows: [1] }, cache.generation);
    const sentBeforeWrite = cache.generation;
    cache.invalidate();
    expect(cache.get(key)).toBeUndefined();
    cache.store(key, { rows: ["stale"] }, sentBeforeWrite);
    expect(cache.get(key)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("keeps nothing for clock-dependent reads, clock words as parameters, bytes, or when turned off", () => {
    const cache = createResultCache({ maxBytes: 1 << 20 });
    expect(cache.keyOf(`select now()`, [], {})).toBeUndefined();
    expect(cache.keyOf(`select $1::timestamptz`, ["now"], {})).toBeUndefined();
    expect(cache.keyOf(`select $1::date`, [" Tomorrow "], {})).toBeUndefined();
    expect(cache.keyOf(read, [new Uint8Array([1])], {})).toBeUndefined();
    expect(cache.keyOf(read, [10n], {})).toBeDefined();
    expect(createResultCache({ maxBytes: 0 }).keyOf(read, [1], {})).toBeUndefined();
  });

  it("stays within its size: the least recently used answer goes first; an answer too big is not kept", () => {
    const row = "x".repeat(1_000); // ~2 KB each
    const cache = createResultCache({ maxBytes: 64 * 1024 });
    const keys = Array.from({ length: 40 }, (_, i) => cache.keyOf(read, [i], {})!);
    for (const key of keys.slice(0, 20)) cache.store(key, { rows: [row] }, cache.generation);
    expect(cache.get(keys[0])).toBeDefined(); // now the most recent
    for (const key of keys.slice(20)) cache.store(key, { rows: [row] }, cache.generation);
    expect(cache.size).toBeLessThan(40);
    expect(cache.get(keys[0])).toBeDefined();
    expect(cache.get(keys[1])).toBeUndefined();
    expect(cache.get(keys[39])).toBeDefined();
    const big = cache.keyOf(read, ["big"], {})!;
    cache.store(big, { rows: ["y".repeat(8 * 1024)] }, cache.generation); // over an eighth of the whole
    expect(cache.get(big)).toBeUndefined();
  });

  it("sizes an answer by its strings, bytes and structure, and stops counting past the limit", () => {
    expect(approximateBytes({ rows: [["abc", 1, null, new Date()]] }, 1e6)).toBeGreaterThan(6);
    expect(approximateBytes([new Uint8Array(5000)], 1e6)).toBeGreaterThan(5000);
    expect(approximateBytes({ rows: Array(10_000).fill(["x"]) }, 1000)).toBe(Infinity);
  });
});
