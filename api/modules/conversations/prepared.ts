import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Db } from "../../db/client.ts";
import { pgErrorCode } from "../../db/errors.ts";

/*
 * Statements parsed and planned once per connection, for the embedded database. PGlite runs everything on
 * one connection, one statement at a time, and its query() always sends an unnamed statement, so a large
 * statement is parsed and planned on every call: for the chat send that is about three times what running
 * it costs, time in which no other request's SQL can run. PREPARE keeps the plan in the session; EXECUTE
 * takes no bind parameters (PostgreSQL allows none in utility statements), so the values travel as
 * literals, quoted by node-postgres's escapeLiteral (libpq's rules), and only numbers and text are taken.
 */

const dialect = new PgDialect();
/** Per connection (the PGlite client object): the statements prepared on it, by name. */
const preparedOn = new WeakMap<object, Set<string>>();

const DUPLICATE_PREPARED_STATEMENT = "42P05";
const UNDEFINED_PREPARED_STATEMENT = "26000";

function literal(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
  if (typeof value === "string") return pg.escapeLiteral(value);
  throw new TypeError(`executePrepared: only integers, text and null can be passed, not ${typeof value}`);
}

/**
 * Runs `statement` as a prepared statement of the connection, preparing it on first use; the rows it
 * returns. Its name is `name` and a hash of its text, so a changed text (a reloaded module in development,
 * another version of the code sharing the database) is prepared anew, never run as the old one. Another
 * process sharing the session (cluster workers relaying to one PGlite) may have prepared it already, and
 * a session that lost it prepares again.
 */
export async function executePrepared<T>(db: Db, name: string, statement: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const values = params.map(literal).join(", ");
  const prepared = `${name}_${createHash("sha256").update(text).digest("hex").slice(0, 16)}`;
  const connection = (db as { $client?: object }).$client ?? db;
  let statements = preparedOn.get(connection);
  if (!statements) preparedOn.set(connection, (statements = new Set()));
  const prepare = async () => {
    try {
      await db.execute(sql.raw(`prepare ${prepared} as ${text}`));
    } catch (error) {
      if (pgErrorCode(error) !== DUPLICATE_PREPARED_STATEMENT) throw error;
    }
    statements.add(prepared);
  };
  const execute = async () => ((await db.execute(sql.raw(`execute ${prepared}(${values})`))) as unknown as { rows: T[] }).rows;
  if (!statements.has(prepared)) await prepare();
  try {
    return await execute();
  } catch (error) {
    if (pgErrorCode(error) !== UNDEFINED_PREPARED_STATEMENT) throw error;
    await prepare();
    return execute();
  }
}
