import { readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../db/client.ts";
import { ensureAccessModel } from "../modules/access/service.ts";

/** Where the globalSetup leaves the migrated template for the test files (an environment variable). */
export const TEMPLATE_ENV = "LAUNCHPAD_PGLITE_TEMPLATE";

/**
 * Vitest globalSetup. A new in-memory PGlite runs initdb, which costs seconds; every test file instead
 * starts from one migrated data directory made here once, and loads it in well under a second.
 */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const database = await openDatabase({});
  await database.migrate();
  await ensureAccessModel(database.db);
  const dump = await database.dump!();
  await database.close();
  const path = join(tmpdir(), `launchpad-pglite-template-${process.pid}.tar`);
  await writeFile(path, Buffer.from(await dump.arrayBuffer()));
  process.env[TEMPLATE_ENV] = path;
  return () => rm(path, { force: true });
}

let template: Promise<Blob | undefined> | undefined;

/**
 * The template as a blob, or undefined when the suite runs without one (a single file run by hand). Read
 * once per worker: its files run one after another, and a blob is never changed by reading it.
 */
export function loadTemplate(): Promise<Blob | undefined> {
  const path = process.env[TEMPLATE_ENV];
  return (template ??= path ? readFile(path).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined));
}
