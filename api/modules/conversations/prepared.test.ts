/**
 * Statements prepared once on the embedded database (prepared.ts): values arrive exactly as given, however
 * hostile the text, on the in-process engine and on its worker thread; the statement is parsed once; a
 * statement lost or prepared by someone else sharing the session is handled. These run on PGlite always,
 * whatever database the suite runs on: the helper exists for it.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { openDatabase, type Database, type Db } from "../../db/client.ts";
import { loadTemplate } from "../../testing/pglite-template.ts";
import { executePrepared } from "./prepared.ts";

let inProcess: Database;
let worker: Database;
beforeAll(async () => {
  const template = await loadTemplate();
  [inProcess, worker] = await Promise.all([openDatabase({ template, worker: false }), openDatabase({ template, worker: true })]);
});
afterAll(async () => {
  await inProcess?.close();
  await worker?.close();
});

const echo = (n: number | null, text: string | null) => sql`select ${n}::int + 1 as next, ${text}::text as text, ${text}::text is null as missing`;

const HOSTILE = [
  "it's",
  "'); drop table users; --",
  "\\'; select 1; --",
  "back\\slash \\\\ and E'\\x41'",
  "$1 $$ $tag$ :name ?",
  "line\nbreak\r\n\ttab",
  "emoji 😀 and ünïcödé and 中文",
  "",
];

describe("executePrepared", () => {
  for (const engine of ["in process", "worker thread"] as const) {
    it(`passes integers, text and null through unchanged (${engine})`, async () => {
      const db = (engine === "in process" ? inProcess : worker).db;
      for (const [i, text] of HOSTILE.entries()) {
        expect(await executePrepared(db, "test_echo", echo(i, text))).toEqual([{ next: i + 1, text, missing: false }]);
      }
      expect(await executePrepared(db, "test_echo", echo(null, null))).toEqual([{ next: null, text: null, missing: true }]);
      expect(await executePrepared(db, "test_echo", echo(-2_147_483_648, "min"))).toEqual([{ next: -2_147_483_647, text: "min", missing: false }]);
    });
  }

  it("parses and plans the statement once per connection", async () => {
    const client = (inProcess.db as unknown as { $client: { query: (text: string, ...rest: unknown[]) => Promise<unknown> } }).$client;
    const original = client.query;
    const seen: string[] = [];
    client.query = function (this: unknown, text: string, ...rest: unknown[]) {
      seen.push(text);
      return original.call(this, text, ...rest);
    };
    try {
      for (let i = 0; i < 3; i++) await executePrepared(inProcess.db, "test_once", sql`select ${i}::int as i`);
    } finally {
      client.query = original;
    }
    expect(seen.filter((text) => text.startsWith("prepare"))).toHaveLength(1);
    const executed = seen.filter((text) => text.startsWith("execute"));
    expect(executed).toHaveLength(3);
    expect(executed[2]).toMatch(/^execute test_once_[0-9a-f]{16}\(2\)$/);
  });

  it("prepares again a statement the session lost, and accepts one another client of the session prepared", async () => {
    const db = worker.db;
    const statement = (n: number) => sql`select ${n}::int as n`;
    expect(await executePrepared(db, "test_lost", statement(1))).toEqual([{ n: 1 }]);
    await db.execute(sql.raw("deallocate all"));
    expect(await executePrepared(db, "test_lost", statement(2))).toEqual([{ n: 2 }]);

    // As a cluster worker process finds it: prepared on the shared session by another client of it.
    const sameSession = drizzle(new Proxy((db as unknown as { $client: PGlite }).$client, {})) as unknown as Db;
    expect(await executePrepared(sameSession, "test_lost", statement(3))).toEqual([{ n: 3 }]);
  });

  it("prepares a changed text under its own name instead of running the old one", async () => {
    expect(await executePrepared(inProcess.db, "test_text", sql`select ${1}::int as n`)).toEqual([{ n: 1 }]);
    expect(await executePrepared(inProcess.db, "test_text", sql`select ${1}::int as m`)).toEqual([{ m: 1 }]);
  });

  it("refuses values it cannot write exactly", async () => {
    for (const value of [1.5, Number.MAX_SAFE_INTEGER + 2, new Date(), true, { a: 1 }]) {
      await expect(executePrepared(inProcess.db, "test_value", sql`select ${value} as v`)).rejects.toThrow(TypeError);
    }
  });
});
