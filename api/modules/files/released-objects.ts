/**
 * Objects of the bucket no file holds any more. A file is deleted inside its caller's transaction, but an
 * object cannot be: the transaction may still roll back. So the object's key is written to
 * `released_file_objects` in that same transaction, and removed from the bucket only once it has committed
 * (after the request, settle.ts, and by the periodic clean-up for what that missed or failed). A rolled-back
 * transaction takes its row with it, and the object stays.
 */
import { and, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "#api/db/client.ts";
import { releasedFileObjects } from "#api/db/file-objects-schema.ts";
import { files } from "#api/db/schema.ts";
import { noteReleasedObjects } from "./store-scope.ts";
import type { FileStore } from "./store.ts";

/** Removals a clean-up claims at a time. */
const CLAIM = 200;
/** Removals under way at once. */
const PARALLEL = 8;
/** The longest wait between two tries of a removal that keeps failing. */
const LONGEST_WAIT_MINUTES = 24 * 60;

/** The one way to delete `files` rows: the rows `where` matches, in the caller's transaction, releasing their objects. */
export async function deleteFiles(tx: Db, where: SQL | undefined): Promise<void> {
  const deleted = await tx.delete(files).where(where).returning({ objectKey: files.objectKey });
  await releaseObjects(
    tx,
    deleted.flatMap((row) => (row.objectKey ? [row.objectKey] : [])),
  );
}

/** Marks objects for removal once the caller's transaction commits. */
export async function releaseObjects(tx: Db, objectKeys: readonly string[]): Promise<void> {
  if (!objectKeys.length) return;
  await tx
    .insert(releasedFileObjects)
    .values(objectKeys.map((objectKey) => ({ objectKey })))
    .onConflictDoNothing();
  noteReleasedObjects(objectKeys);
}

export interface RemovalOutcome {
  removed: number;
  failed: number;
  /** The first failure's message, for the log. */
  error?: string;
}

/**
 * Removes released objects whose time has come: those named (after the request that released them), or any
 * (the clean-up), up to CLAIM. A row is claimed by deleting it, so two instances never remove one object
 * twice, and a failed removal is written back to be tried again later, each failure doubling the wait.
 */
export async function removeReleasedObjects(db: Db, store: FileStore, only?: readonly string[]): Promise<RemovalOutcome> {
  if (only && !only.length) return { removed: 0, failed: 0 };
  const due = db
    .select({ objectKey: releasedFileObjects.objectKey })
    .from(releasedFileObjects)
    .where(and(lte(releasedFileObjects.removeAfter, sql`now()`), only ? inArray(releasedFileObjects.objectKey, [...only]) : undefined))
    .orderBy(releasedFileObjects.removeAfter)
    .limit(CLAIM)
    .for("update", { skipLocked: true });
  const claimed = await db
    .delete(releasedFileObjects)
    .where(inArray(releasedFileObjects.objectKey, due))
    .returning({ objectKey: releasedFileObjects.objectKey, attempts: releasedFileObjects.attempts });
  const failures: { objectKey: string; attempts: number; lastError: string }[] = [];
  for (let start = 0; start < claimed.length; start += PARALLEL) {
    await Promise.all(
      claimed.slice(start, start + PARALLEL).map(async ({ objectKey, attempts }) => {
        try {
          await store.remove(objectKey);
        } catch (error) {
          failures.push({ objectKey, attempts: attempts + 1, lastError: error instanceof Error ? error.message : String(error) });
        }
      }),
    );
  }
  if (failures.length) {
    await db
      .insert(releasedFileObjects)
      .values(
        failures.map((failure) => ({ ...failure, removeAfter: sql`now() + make_interval(mins => ${waitMinutes(failure.attempts)})` })),
      )
      .onConflictDoNothing();
  }
  return { removed: claimed.length - failures.length, failed: failures.length, error: failures[0]?.lastError };
}

/** The next clean-up tries again after a first failure; each further one doubles the wait, up to a day. */
const waitMinutes = (attempts: number) => Math.min(2 ** (attempts - 1) - 1, LONGEST_WAIT_MINUTES);

/** The periodic clean-up's part (server.ts): every released object that is due, a claim at a time. */
export async function pruneReleasedObjects(db: Db, store: FileStore): Promise<RemovalOutcome> {
  const total: RemovalOutcome = { removed: 0, failed: 0 };
  for (;;) {
    const outcome = await removeReleasedObjects(db, store);
    total.removed += outcome.removed;
    total.failed += outcome.failed;
    total.error ??= outcome.error;
    // A claim that came back short was the last; one that only failed would be claimed again next time.
    if (outcome.removed + outcome.failed < CLAIM || outcome.removed === 0) return total;
  }
}

/**
 * Copies written ahead of the row that will name them (a file being moved into the bucket) are held as
 * released for a while: if the move stops before its row names the copy, the clean-up removes it then.
 */
export async function holdCopies(db: Db, objectKeys: readonly string[], minutes: number): Promise<void> {
  if (!objectKeys.length) return;
  await db
    .insert(releasedFileObjects)
    .values(objectKeys.map((objectKey) => ({ objectKey, removeAfter: sql`now() + make_interval(mins => ${minutes})` })))
    .onConflictDoNothing();
}

/**
 * Takes held copies back, in the transaction whose rows will name them: answers the keys still held. One
 * no longer held was claimed by a clean-up, so its copy may be gone and must not be named.
 */
export async function takeBackCopies(tx: Db, objectKeys: readonly string[]): Promise<Set<string>> {
  if (!objectKeys.length) return new Set();
  const taken = await tx
    .delete(releasedFileObjects)
    .where(inArray(releasedFileObjects.objectKey, [...objectKeys]))
    .returning({ objectKey: releasedFileObjects.objectKey });
  return new Set(taken.map((row) => row.objectKey));
}
