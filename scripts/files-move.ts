/**
 * npm run files:move -- --to store     moves the files kept in the database into the bucket STORAGE_URL names
 * npm run files:move -- --to database  moves them back out of the bucket into the database
 *
 * On the database the server uses (DATABASE_URL, else DATA_DIR; the embedded one only while no server has
 * it open). It can be stopped at any point (Ctrl-C stops it after the batch under way) and run again: it
 * goes on with the files not moved yet, and never drops a file's bytes before their copy has been checked.
 */
import { parseArgs } from "node:util";
import { openDatabase } from "#api/db/client.ts";
import { exitIfDataDirInUse } from "#api/db/data-dir-lock.ts";
import { Bucket } from "#api/modules/files/bucket.ts";
import { moveFiles, type MoveProgress, type MoveTarget } from "#api/modules/files/move.ts";
import { readConfig } from "#server/config.ts";

const USAGE = "usage: npm run files:move -- --to store|database";

const { values } = parseArgs({ options: { to: { type: "string" } } });
if (values.to !== "store" && values.to !== "database") {
  console.error(USAGE);
  process.exit(2);
}
const to: MoveTarget = values.to;
const config = readConfig();
if (!config.api.storage) {
  console.error("STORAGE_URL is not set: it must name the bucket to move the files into or out of.");
  process.exit(2);
}

const megabytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const line = (progress: MoveProgress) =>
  `moved ${progress.moved} of ${progress.moved + progress.left} files (${megabytes(progress.bytes)}) to the ${to === "store" ? "bucket" : "database"}`;

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir }).catch(
  exitIfDataDirInUse,
);
const bucket = new Bucket(config.api.storage);
const stop = new AbortController();
process.on("SIGINT", () => {
  console.log("stopping after this batch; run the same command again to go on");
  stop.abort();
});
try {
  await database.migrate();
  const progress = await moveFiles(database.db, bucket, to, { signal: stop.signal, onProgress: (now) => console.log(line(now)) });
  console.log(progress.left ? `stopped: ${progress.left} files left to move` : `done: ${line(progress)}`);
} finally {
  bucket.close();
  await database.close();
}
