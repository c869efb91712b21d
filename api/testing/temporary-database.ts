import { randomBytes } from "node:crypto";
import pg from "pg";

/** Runs one statement on the server's maintenance connection. */
async function onServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A throw-away database on the PostgreSQL server at `serverUrl` (tests, the lifecycle test, the
 * benchmark), empty or a copy of `template`: its URL, and `drop` to remove it (connections still open are cut).
 */
export async function temporaryDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
