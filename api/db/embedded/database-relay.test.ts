/**
 * The primary's relay of cluster workers' SQL to its PGlite thread, with stand-in workers: their
 * transactions stay apart, a worker that dies mid-transaction has it rolled back, errors arrive whole.
 */
import { EventEmitter } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PgliteWorker, type Reply } from "./worker-client.ts";
import { relayDatabase } from "./database-relay.ts";

/** A cluster worker as the relay sees it: requests go in as "message" events, replies come out of `send`. */
class StandInWorker extends EventEmitter {
  private nextId = 1;
  private readonly waiting = new Map<number, (reply: Reply) => void>();

  send(message: Reply & { kind: string }) {
    this.waiting.get(message.id)?.(message);
    this.waiting.delete(message.id);
  }

  request(message: Record<string, unknown>): Promise<Reply> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.emit("message", { ...message, id, kind: "db" });
    });
  }

  async query(sql: string, tx?: number) {
    const reply = await this.request({ op: "query", sql, params: [], options: { rawTypes: [] }, tx });
    if (!reply.ok) throw new Error(reply.error.message);
    return (reply.value as { rows: Record<string, unknown>[] }).rows;
  }
}

describe("the primary's database relay", () => {
  let database: PgliteWorker;
  beforeAll(async () => {
    database = await PgliteWorker.start({});
    await database.query("create table notes (id serial primary key, body text not null)");
  });
  afterAll(() => database.close());

  function joined() {
    const worker = new StandInWorker();
    relayDatabase(database, worker);
    return worker;
  }

  it("runs two workers' transactions with the same ids apart: each commits or rolls back only its own", async () => {
    const a = joined();
    const b = joined();
    expect((await a.request({ op: "begin", tx: 1 })).ok).toBe(true);
    await a.query("insert into notes (body) values ('from a')", 1);
    // B's transaction 1 waits for A's (one connection), then runs as a transaction of its own.
    const bBegan = b.request({ op: "begin", tx: 1 });
    expect((await a.request({ op: "end", tx: 1, commit: true })).ok).toBe(true);
    expect((await bBegan).ok).toBe(true);
    await b.query("insert into notes (body) values ('from b')", 1);
    expect((await b.request({ op: "end", tx: 1, commit: false })).ok).toBe(true);
    expect(await a.query("select body from notes order by id")).toEqual([{ body: "from a" }]);
  });

  it("rolls back the transaction of a worker that dies in it, so the others are not locked out", async () => {
    const dying = joined();
    const other = joined();
    await dying.request({ op: "begin", tx: 7 });
    await dying.query("insert into notes (body) values ('never committed')", 7);
    dying.emit("exit");
    expect(await other.query("select count(*)::int as n from notes where body = 'never committed'")).toEqual([{ n: 0 }]);
  });

  it("passes SQL errors back with PostgreSQL's fields, and refuses a transaction that is not open", async () => {
    const worker = joined();
    const failed = await worker.request({
      op: "query",
      sql: "insert into notes (body) values (null)",
      params: [],
      options: { rawTypes: [] },
    });
    expect(failed).toMatchObject({ ok: false, error: { fields: { code: "23502" } } });
    const stray = await worker.request({ op: "query", sql: "select 1", params: [], options: { rawTypes: [] }, tx: 99 });
    expect(stray).toMatchObject({ ok: false, error: { message: "PGlite relay: transaction 99 is not open" } });
  });

  it("keeps the database open when a worker closes its client", async () => {
    const worker = joined();
    expect(await worker.request({ op: "close" })).toMatchObject({ ok: true });
    expect(await worker.query("select 1 as one")).toEqual([{ one: 1 }]);
  });
});
