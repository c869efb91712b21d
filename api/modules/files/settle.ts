/**
 * What a request did to the bucket, settled once it is over and its transactions have committed or rolled
 * back: objects it wrote for files whose rows never committed are removed, and so are the objects it let go
 * of (released-objects.ts). Whatever fails here is left to the periodic clean-up; the request's answer stands.
 */
import { inArray } from "drizzle-orm";
import type { Db } from "#api/db/client.ts";
import { files } from "#api/db/schema.ts";
import { releaseObjects, removeReleasedObjects } from "./released-objects.ts";
import { runInStoreScope, type StoreScope } from "./store-scope.ts";
import type { FileStore } from "./store.ts";

type Log = (message: string, error?: unknown) => void;

/** Runs a request with `store` as the one new files go to, then settles its objects. */
export async function withFileStore<T>(db: Db, store: FileStore, run: () => Promise<T>, log: Log): Promise<T> {
  const scope: StoreScope = { store, written: [], released: [] };
  try {
    return await runInStoreScope(scope, run);
  } finally {
    if (scope.written.length || scope.released.length) await settleObjects(db, scope, log);
  }
}

async function settleObjects(db: Db, { store, written, released }: StoreScope, log: Log) {
  try {
    await removeUnkept(db, store, written);
    const outcome = await removeReleasedObjects(db, store, released);
    if (outcome.failed) log(`${outcome.failed} released file objects were not removed, the clean-up tries again: ${outcome.error}`);
  } catch (error) {
    log("settling the request's file objects failed; the clean-up tries again", error);
  }
}

/** Objects written for files whose rows rolled back: nothing will ever name them. */
async function removeUnkept(db: Db, store: FileStore, written: readonly string[]) {
  if (!written.length) return;
  const kept = new Set(
    (
      await db
        .select({ objectKey: files.objectKey })
        .from(files)
        .where(inArray(files.objectKey, [...written]))
    ).map((row) => row.objectKey),
  );
  const unkept = written.filter((objectKey) => !kept.has(objectKey));
  for (const objectKey of unkept) {
    // Released rather than lost track of when the bucket cannot be reached: the clean-up removes it later.
    await store.remove(objectKey).catch(() => releaseObjects(db, [objectKey]));
  }
}
