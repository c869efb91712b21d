import { execFile } from "node:child_process";
import { rm } from "node:fs/promises";
import { promisify } from "node:util";
import { isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#api/db/client.ts";
import { files } from "#api/db/schema.ts";
import { newDataDir } from "#api/testing/data-dir-template.ts";
import { POSTGRES_TEMPLATE_ENV } from "#api/testing/postgres-template.ts";
import { temporaryDatabase } from "#api/testing/temporary-database.ts";
import { startS3Store, type S3Store } from "../tests/fakes/s3.ts";

const run = promisify(execFile);

/**
 * `npm run files:move` as an operator runs it: its own process, on the database the settings name (a data
 * directory of the embedded database, or DATABASE_URL when the suite runs on PostgreSQL).
 */
let s3: S3Store;
let where: { env: Record<string, string>; cleanUp(): Promise<void> };

const openIt = () =>
  openDatabase(where.env.DATABASE_URL ? { databaseUrl: where.env.DATABASE_URL, poolSize: 1 } : { dataDir: where.env.DATA_DIR });

beforeAll(async () => {
  s3 = await startS3Store();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const temporary = await temporaryDatabase(serverUrl, "launchpad_files_move", process.env[POSTGRES_TEMPLATE_ENV]);
    where = { env: { DATABASE_URL: temporary.url }, cleanUp: () => temporary.drop() };
  } else {
    const dataDir = await newDataDir("launchpad-files-move-");
    where = { env: { DATA_DIR: dataDir }, cleanUp: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const database = await openIt();
  await database.migrate();
  await database.db.execute(sql`
    insert into files (content_type, byte_size, data)
    select 'image/png', 16, decode(md5(n::text), 'hex') from generate_series(1, 3) as n`);
  await database.close();
});
afterAll(async () => {
  await where.cleanUp();
  await s3.close();
});

const filesMove = (to: string) =>
  run(process.execPath, ["--import", "tsx", "scripts/files-move.ts", "--to", to], {
    env: {
      PATH: process.env.PATH,
      ...where.env,
      STORAGE_URL: `s3://${s3.storage.bucket}?endpoint=${s3.storage.endpoint}&force_path_style=true`,
      AWS_ACCESS_KEY_ID: s3.storage.credentials!.accessKeyId,
      AWS_SECRET_ACCESS_KEY: s3.storage.credentials!.secretAccessKey,
    },
  });

describe("npm run files:move", () => {
  it("moves the files into the bucket and back, printing its progress", async () => {
    const into = await filesMove("store");
    expect(into.stdout).toContain("done: moved 3 of 3 files (0.0 MB) to the bucket");
    expect(await s3.objectKeys()).toHaveLength(3);

    const back = await filesMove("database");
    expect(back.stdout).toContain("done: moved 3 of 3 files (0.0 MB) to the database");
    expect(await s3.objectKeys()).toEqual([]);
    const database = await openIt();
    try {
      const inRows = await database.db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(files)
        .where(isNull(files.objectKey));
      expect(inRows[0].n).toBe(3);
    } finally {
      await database.close();
    }
  });
});
