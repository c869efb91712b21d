/**
 * The PGlite worker against the in-process engine it replaces on the server: the same rows,
 * the same errors, and the one connection still used by one transaction at a time.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadTemplate } from "#api/testing/pglite-template.ts";
import { openDatabase, type Database, type Db } from "../client.ts";
import { isUniqueViolation, pgErrorCode } from "../errors.ts";
import { appSettings, files, startups, users } from "../schema.ts";
import type { PgliteWorker } from "./worker-client.ts";

let inProcess: Database;
let worker: Database;
/** A worker as the server opens it: keeping repeated reads' answers (result-cache.mjs). */
let cached: Database;
beforeAll(async () => {
  const template = await loadTemplate();
  [inProcess, worker, cached] = await Promise.all([
    openDatabase({ template, worker: false }),
    openDatabase({ template, worker: true, resultCacheBytes: 0 }),
    openDatabase({ template, worker: true, resultCacheBytes: 1 << 20 }),
  ]);
  await Promise.all([inProcess.migrate(), worker.migrate(), cached.migrate()]);
});
afterAll(async () => {
  await inProcess?.close();
  await worker?.close();
  await cached?.close();
});

const at = new Date("2031-02-03T04:05:06.789Z");

/** The statements the worker's session keeps planned (pglite-worker.mjs). */
const preparedCount = async (db: Db) =>
  ((await db.execute(sql`select count(*)::int as n from pg_prepared_statements`)) as unknown as { rows: { n: number }[] }).rows[0].n;

/** The same writes and reads on either engine; every type the schema uses, through the builder and raw SQL. */
async function sample(db: Db) {
  const [user] = await db
    .insert(users)
    .values({ name: "Row Shape", email: "rows@example.com", passwordHash: "x", createdAt: at, updatedAt: at })
    .returning();
  const [file] = await db
    .insert(files)
    .values({
      id: "6f1c1c3e-0a34-4c5e-9a53-0d1e8c9b7a10",
      ownerUserId: user.id,
      contentType: "image/png",
      byteSize: 3,
      data: new Uint8Array([0, 255, 7]),
      createdAt: at,
    })
    .returning();
  await db.insert(startups).values({
    ownerUserId: user.id,
    accountType: "startup",
    name: "Shapes",
    username: "shapes",
    country: "NG",
    cityName: "Lagos",
    description: "d",
    industry: "i",
    links: ["https://a.example", "https://b.example"],
    createdAt: at,
    updatedAt: at,
  });
  const joined = await db
    .select({ user: users, startup: startups, when: sql<string>`${users.createdAt}` })
    .from(users)
    .leftJoin(startups, eq(startups.ownerUserId, users.id))
    .where(eq(users.id, user.id));
  // `Db` leaves execute()'s result untyped; on PGlite it is a `Results`.
  const raw = (await db.execute(sql`
    select 12.50::numeric(12,2) as price, array[1.5, 2.25]::numeric[] as prices, 9007199254740993::int8 as big,
      ${at}::timestamptz as stamp, array[${at}::timestamptz] as stamps, '2031-02-03'::date as day,
      '1 day 02:00'::interval as span, '{"a":[1,{"b":null}]}'::jsonb as doc, true as yes, null::text as nothing,
      ${file.id}::uuid as id, '\\x00ff07'::bytea as bytes`)) as unknown as { rows: Record<string, unknown>[]; fields: unknown[] };
  return { user, file, joined, raw: { rows: raw.rows, fields: raw.fields } };
}

describe("the PGlite worker", () => {
  it("gives the same rows as in-process PGlite: dates, numerics, JSON, arrays, bytes", async () => {
    const [expected, actual] = [await sample(inProcess.db), await sample(worker.db)];
    expect(actual).toEqual(expected);
    // The same reads answered again from what a worker kept: the same rows, types and bytes.
    await sample(cached.db);
    const { hits } = await cached.thread!.resultCacheStats();
    const again = await cached.db.execute(
      sql`select ${at}::timestamptz as stamp, '12.50'::numeric(10,2) as price, '\\x00ff07'::bytea as bytes`,
    );
    expect(
      await cached.db.execute(sql`select ${at}::timestamptz as stamp, '12.50'::numeric(10,2) as price, '\\x00ff07'::bytea as bytes`),
    ).toEqual(again);
    expect((await cached.thread!.resultCacheStats()).hits).toBe(hits + 1);
    expect(actual.user.createdAt).toEqual(at);
    expect(actual.joined[0].startup?.links).toEqual(["https://a.example", "https://b.example"]);
    expect(actual.file.data).toBeInstanceOf(Uint8Array);
    expect(actual.raw.rows[0]).toMatchObject({ price: "12.50", stamp: expected.raw.rows[0].stamp, doc: { a: [1, { b: null }] } });
  });

  it("runs SQL off the main thread: timers keep firing during a long statement", async () => {
    const ticksDuring = async (database: Database) => {
      let ticks = 0;
      const timer = setInterval(() => ticks++, 10);
      await database.db.execute(sql`select pg_sleep(0.3)`);
      clearInterval(timer);
      return ticks;
    };
    // In-process, PGlite holds the main thread for the whole statement: why it has a thread of its own.
    expect(await ticksDuring(inProcess)).toBeLessThanOrEqual(1);
    expect(await ticksDuring(worker)).toBeGreaterThan(5);
  });

  it("makes a statement outside a transaction wait until the transaction commits", async () => {
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let begun!: () => void;
    const inside = new Promise<void>((resolve) => (begun = resolve));
    const transaction = worker.db.transaction(async (tx) => {
      await tx.insert(appSettings).values({ key: "waits", value: "1" });
      begun();
      await gate;
      order.push("commit");
    });
    await inside;
    const outside = worker.db
      .select()
      .from(appSettings)
      .where(eq(appSettings.key, "waits"))
      .then((rows) => (order.push("outside"), rows));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual([]);
    release();
    await transaction;
    expect(await outside).toEqual([{ key: "waits", value: "1" }]);
    expect(order).toEqual(["commit", "outside"]);
  });

  it("never interleaves two transactions: 20 read-modify-writes lose no update", async () => {
    await worker.db.insert(appSettings).values({ key: "counter", value: "0" });
    const bump = () =>
      worker.db.transaction(async (tx) => {
        const [row] = await tx.select().from(appSettings).where(eq(appSettings.key, "counter"));
        await new Promise((resolve) => setTimeout(resolve, 1));
        await tx
          .update(appSettings)
          .set({ value: String(Number(row.value) + 1) })
          .where(eq(appSettings.key, "counter"));
      });
    await Promise.all(Array.from({ length: 20 }, bump));
    expect(await worker.db.select().from(appSettings).where(eq(appSettings.key, "counter"))).toEqual([{ key: "counter", value: "20" }]);
  });

  it("rolls back a transaction whose callback throws, and rethrows that error", async () => {
    const failure = new Error("changed my mind");
    await expect(
      worker.db.transaction(async (tx) => {
        await tx.insert(appSettings).values({ key: "rolled back", value: "1" });
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await worker.db.select().from(appSettings).where(eq(appSettings.key, "rolled back"))).toEqual([]);
  });

  it("takes a savepoint for tx.transaction: the inner failure is undone, the outer work kept", async () => {
    await worker.db.transaction(async (tx) => {
      await tx.insert(appSettings).values({ key: "outer", value: "1" });
      await expect(
        tx.transaction(async (inner) => {
          await inner.insert(appSettings).values({ key: "inner", value: "1" });
          await inner.insert(appSettings).values({ key: "outer", value: "again" });
        }),
      ).rejects.toSatisfy(isUniqueViolation);
      await tx.insert(appSettings).values({ key: "after", value: "1" });
    });
    const keys = (await worker.db.select().from(appSettings)).map((row) => row.key);
    expect(keys).toEqual(expect.arrayContaining(["outer", "after"]));
    expect(keys).not.toContain("inner");
  });

  it("hands PostgreSQL's errors over with their SQLSTATE and details", async () => {
    await worker.db.insert(appSettings).values({ key: "unique", value: "1" });
    const error = await worker.db
      .insert(appSettings)
      .values({ key: "unique", value: "2" })
      .catch((e: unknown) => e);
    expect(pgErrorCode(error)).toBe("23505");
    expect((error as { cause: { constraint?: string; detail?: string } }).cause).toMatchObject({
      constraint: "app_settings_pkey",
      detail: expect.stringContaining("unique"),
    });
    // The connection is usable afterwards, in and out of transactions.
    await expect(worker.db.transaction((tx) => tx.insert(appSettings).values({ key: "unique", value: "3" }))).rejects.toSatisfy(
      isUniqueViolation,
    );
    expect(await worker.db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, "unique"))).toEqual([
      { value: "1" },
    ]);
  });

  it("refuses a parameter that cannot cross the thread, and goes on working", async () => {
    const client = (worker.db as unknown as { $client: PgliteWorker }).$client;
    await expect(client.query("select $1::text", [Symbol("no clone")])).rejects.toThrow(/could not be cloned/);
    expect((await client.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
  });

  it("plans a repeated statement once and answers it the same: rows, types, quotes, errors, in and out of transactions", async () => {
    const db = worker.db;
    const named = (email: string) =>
      db.select({ id: users.id, email: users.email, createdAt: users.createdAt }).from(users).where(eq(users.email, email));
    await db.insert(users).values({ name: "Plan O'Brien", email: "o'brien@example.com", passwordHash: "x", createdAt: at, updatedAt: at });
    const plansBefore = await preparedCount(db);
    for (let i = 0; i < 3; i++)
      expect(await named("o'brien@example.com")).toEqual([{ id: expect.any(Number), email: "o'brien@example.com", createdAt: at }]);
    expect(await preparedCount(db)).toBe(plansBefore + 1);
    // A value that would end the literal early is still one value.
    expect(await named("x' or '1'='1")).toEqual([]);
    // A planned write still reports how many rows it changed.
    const rename = () => db.update(users).set({ updatedAt: at }).where(eq(users.email, "o'brien@example.com"));
    for (let i = 0; i < 3; i++) expect(await rename()).toMatchObject({ affectedRows: 1 });
    expect(await preparedCount(db)).toBe(plansBefore + 2);
    // Inside a transaction the plan is used, and the transaction's own writes are seen.
    await db.transaction(async (tx) => {
      await tx.update(users).set({ name: "Planned" }).where(eq(users.email, "o'brien@example.com"));
      expect(await tx.select({ name: users.name }).from(users).where(eq(users.email, "o'brien@example.com"))).toEqual([
        { name: "Planned" },
      ]);
    });
    // Errors keep PostgreSQL's fields when the statement runs as a plan.
    const duplicate = () => db.insert(users).values({ name: "Again", email: "o'brien@example.com", passwordHash: "x" });
    for (let i = 0; i < 3; i++) expect(isUniqueViolation(await duplicate().catch((error: unknown) => error))).toBe(true);
  });

  it("plans statements with dates and cast arrays too, with the same answers; an uncast array is left unplanned", async () => {
    const db = worker.db;
    const tricky = ["plain", 'quote " and \\ backslash', "it's", "{braces,comma}", ""];
    const arrays = () =>
      db.execute(
        sql`select ${sql.param([3, 1, 2])}::int[] as ids, ${sql.param(tricky)}::text[] as words, ${sql.param(["a", null])}::text[] as holes,
          2 = any(${sql.param([1, 2])}::int[]) as found, ${sql.param(at)}::timestamptz as stamp`,
      );
    const plansBefore = await preparedCount(db);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await arrays()) as unknown as { rows: unknown[] });
    expect(await preparedCount(db)).toBe(plansBefore + 1);
    for (const answer of answers)
      expect(answer.rows).toEqual([
        { ids: [3, 1, 2], words: tricky, holes: ["a", null], found: true, stamp: "2031-02-03 04:05:06.789+00" },
      ]);
    // Without a cast the parameter's type is PostgreSQL's to infer (here jsonb: PGlite sends JSON), so no plan is made.
    const uncast = () =>
      db.execute(
        sql`select jsonb_array_length(${JSON.stringify([1, 2, 3])}::jsonb) as n, ${sql.param([1, 2])} = ${sql.param([1, 2])} as same`,
      );
    for (let i = 0; i < 3; i++) expect(((await uncast()) as unknown as { rows: unknown[] }).rows).toEqual([{ n: 3, same: true }]);
    expect(await preparedCount(db)).toBe(plansBefore + 1);
  });

  it("answers a repeated read from what it kept, and reads again after any write, committed or not", async () => {
    const thread = cached.thread!;
    await cached.db.insert(appSettings).values({ key: "kept", value: "1" });
    const read = () => cached.db.select().from(appSettings).where(eq(appSettings.key, "kept"));
    await read();
    const before = await thread.resultCacheStats();
    expect(await read()).toEqual([{ key: "kept", value: "1" }]);
    expect((await thread.resultCacheStats()).hits).toBe(before.hits + 1);
    // A plain write, a write in a transaction that commits, one that rolls back: each is seen at once.
    await cached.db.update(appSettings).set({ value: "2" }).where(eq(appSettings.key, "kept"));
    expect(await read()).toEqual([{ key: "kept", value: "2" }]);
    await cached.db.transaction((tx) => tx.update(appSettings).set({ value: "3" }).where(eq(appSettings.key, "kept")));
    expect(await read()).toEqual([{ key: "kept", value: "3" }]);
    await expect(
      cached.db.transaction(async (tx) => {
        await tx.update(appSettings).set({ value: "4" }).where(eq(appSettings.key, "kept"));
        expect(await tx.select().from(appSettings).where(eq(appSettings.key, "kept"))).toEqual([{ key: "kept", value: "4" }]);
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    expect(await read()).toEqual([{ key: "kept", value: "3" }]);
  });

  it("never keeps a select that writes through a function, nor one that reads the clock", async () => {
    await cached.db.insert(appSettings).values({ key: "bumps", value: "0" });
    await cached.db.execute(
      sql.raw(
        `create function lp_test_bump() returns text language sql as $$
          update app_settings set value = (value::int + 1)::text where key = 'bumps' returning value $$`,
      ),
    );
    const bump = async () => ((await cached.db.execute(sql`select lp_test_bump() as v`)) as unknown as { rows: { v: string }[] }).rows[0].v;
    expect([await bump(), await bump()]).toEqual(["1", "2"]);
    expect(await cached.db.select().from(appSettings).where(eq(appSettings.key, "bumps"))).toEqual([{ key: "bumps", value: "2" }]);
    // Run every time: neither answered from the cache nor kept (the clock's text has only milliseconds, so
    // two answers may well be equal; the thread's counts say what happened).
    const before = await cached.thread!.resultCacheStats();
    for (let i = 0; i < 2; i++) await cached.db.execute(sql`select clock_timestamp() as t`);
    expect(await cached.thread!.resultCacheStats()).toEqual(before);
  });

  it("dumps its data directory, and a new worker starts from the dump", async () => {
    await worker.db.insert(appSettings).values({ key: "dumped", value: "yes" });
    const copy = await openDatabase({ template: await worker.dump!(), worker: true });
    try {
      expect(await copy.db.select().from(appSettings).where(eq(appSettings.key, "dumped"))).toEqual([{ key: "dumped", value: "yes" }]);
    } finally {
      await copy.close();
    }
  });

  it("after close() refuses work instead of waiting for a thread that is gone", async () => {
    const closing = await openDatabase({ template: await loadTemplate(), worker: true });
    await closing.close();
    await expect(closing.db.select().from(appSettings)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/closed/) } });
    await closing.close();
  });
});
