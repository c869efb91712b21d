import { openDatabase } from "../db/client.ts";
import { ensureAccessModel } from "../modules/access/service.ts";
import { temporaryDatabase } from "./temporary-database.ts";

/** Where the globalSetup names the migrated template database for the test files (an environment variable). */
export const POSTGRES_TEMPLATE_ENV = "LAUNCHPAD_POSTGRES_TEMPLATE";

/**
 * Vitest globalSetup, when the suite runs against PostgreSQL (TEST_DATABASE_URL). Migrating a new database
 * costs about half a second; every test file instead copies one migrated here once (CREATE DATABASE …
 * TEMPLATE, about a tenth of that). The migrations themselves are still run by the tests that test them.
 */
export default async function setup() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return;
  const template = await temporaryDatabase(serverUrl, "launchpad_template");
  const database = await openDatabase({ databaseUrl: template.url, poolSize: 1 });
  await database.migrate();
  await ensureAccessModel(database.db);
  // A template must have no connections while it is copied.
  await database.close();
  process.env[POSTGRES_TEMPLATE_ENV] = new URL(template.url).pathname.slice(1);
  return () => template.drop();
}
