import type { PGlite } from "@electric-sql/pglite";
import { lendEmbedded, openDatabase, type Database } from "../db/client.ts";
import { ensureAccessModel } from "../modules/access/service.ts";
import { loadTemplate } from "./pglite-template.ts";
import { POSTGRES_TEMPLATE_ENV } from "./postgres-template.ts";
import { temporaryDatabase } from "./temporary-database.ts";

/** The schema each engine keeps the template's rows in, to empty it back to them (not `public`). */
const SNAPSHOT_SCHEMA = "test_template_rows";

/** Engines kept open between files; a file that holds more at once (two instances) gets the rest closed. */
const KEPT = 2;

interface Engine {
  engine: PGlite;
  /** Empties every table back to the template's rows and every sequence back to its value there. */
  resetSql: string;
  close(): Promise<void>;
}

const idle: Engine[] = [];

/**
 * A migrated database with the access model and nothing else, for one test file: a throw-away database
 * on the PostgreSQL server named by TEST_DATABASE_URL (copied from the globalSetup's template), or an
 * embedded one.
 *
 * Starting an embedded engine (loading the template, booting the engine) costs 1.5-2 CPU-seconds, and the
 * suite needs one a file on a machine of two cores. A worker runs its files one after another, so the
 * engine a file closes is kept and the worker's next file gets it emptied back to the template's rows,
 * for about a tenth of that. The file's handle stops working when it closes: work it left running cannot
 * write into the next file's data.
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const temporary = await temporaryDatabase(serverUrl, "launchpad_test", process.env[POSTGRES_TEMPLATE_ENV]);
    const database = await openDatabase({ databaseUrl: temporary.url, poolSize: 5 });
    await database.migrate();
    await ensureAccessModel(database.db);
    return {
      ...database,
      async close() {
        await database.close();
        await temporary.drop();
      },
    };
  }
  let engine = idle.pop();
  if (engine) await engine.engine.exec(engine.resetSql);
  else engine = await startEngine();
  const lent = engine;
  return lendEmbedded(lent.engine, () => {
    if (idle.length < KEPT) idle.push(lent);
    else void lent.close();
  });
}

async function startEngine(): Promise<Engine> {
  const database = await openDatabase({ template: await loadTemplate(), worker: false });
  await database.migrate();
  await ensureAccessModel(database.db);
  const engine = (database.db as unknown as { $client: PGlite }).$client;
  return { engine, resetSql: await snapshotTemplateRows(engine), close: () => database.close() };
}

/**
 * Copies the tables that have rows (the access model, the migrations' own) into SNAPSHOT_SCHEMA and
 * returns the SQL that restores every table and sequence of `public` to this moment.
 */
async function snapshotTemplateRows(engine: PGlite): Promise<string> {
  const name = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;
  const { rows: tables } = await engine.query<{ table: string }>(
    `SELECT tablename AS table FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const { rows: sequences } = await engine.query<{ sequence: string; value: string | null }>(
    `SELECT sequencename AS sequence, last_value::text AS value FROM pg_sequences WHERE schemaname = 'public'`,
  );
  const filled: string[] = [];
  for (const { table } of tables) {
    const { rows } = await engine.query<{ filled: boolean }>(`SELECT EXISTS (SELECT 1 FROM public.${name(table)}) AS filled`);
    if (rows[0].filled) filled.push(name(table));
  }
  await engine.exec(
    `CREATE SCHEMA ${SNAPSHOT_SCHEMA};` +
      filled.map((table) => `CREATE TABLE ${SNAPSHOT_SCHEMA}.${table} AS SELECT * FROM public.${table};`).join(""),
  );
  return [
    `TRUNCATE ${tables.map((table) => `public.${name(table.table)}`).join(", ")} CASCADE`,
    // The rows go back as they were, ids included: no trigger or foreign key check fires while they do.
    "SET session_replication_role = replica",
    ...filled.map((table) => `INSERT INTO public.${table} SELECT * FROM ${SNAPSHOT_SCHEMA}.${table}`),
    "SET session_replication_role = DEFAULT",
    ...sequences.map(({ sequence, value }) =>
      value === null ? `ALTER SEQUENCE public.${name(sequence)} RESTART` : `SELECT setval('public.${name(sequence)}', ${value})`,
    ),
  ].join(";\n");
}
