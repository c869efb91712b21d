/**
 * Moves existing files between the database and the bucket (`npm run files:move`, scripts/files-move.ts),
 * a batch at a time, so that a run stopped anywhere loses no file and the next run goes on from there:
 * each copy is written, then read back and checked by size and SHA-256, then the row is pointed at it,
 * and only then are the old bytes dropped. Uploads and deletions may go on meanwhile.
 */
import { createHash } from "node:crypto";
import { and, asc, eq, gt, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "#api/db/client.ts";
import { files } from "#api/db/schema.ts";
import type { Bucket } from "./bucket.ts";
import { holdCopies, releaseObjects, removeReleasedObjects, takeBackCopies } from "./released-objects.ts";
import { bucketStore } from "./store.ts";

export type MoveTarget = "store" | "database";

export interface MoveProgress {
  /** Files moved by this run, and their bytes. */
  moved: number;
  bytes: number;
  /** Files still where they were: counted at the start less those moved, then counted again at the end. */
  left: number;
}

export interface MoveOptions {
  /** Files looked at per batch (fewer when their bytes pass BATCH_BYTES). */
  batchSize?: number;
  /** Stops once this many files are moved, as an interrupted run would: a trial run, or a test of resuming. */
  stopAfter?: number;
  /** Stops the run: after the current batch's copies are written, before any row is pointed at them. */
  signal?: AbortSignal;
  onProgress?: (progress: MoveProgress) => void;
}

/** Bytes one batch holds in memory at most (a single larger file still goes, alone). */
const BATCH_BYTES = 16 * 2 ** 20;
/** Copies written or read at once. */
const PARALLEL = 8;
/** How long a copy written ahead of its row is kept for it; a run stopped in between leaves it to the clean-up. */
const HOLD_MINUTES = 60;

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Moves every file not yet at `to`, or until stopped; answers what this run moved and what is left. */
export async function moveFiles(db: Db, bucket: Bucket, to: MoveTarget, options: MoveOptions = {}): Promise<MoveProgress> {
  const notThere = to === "store" ? isNull(files.objectKey) : isNotNull(files.objectKey);
  const countLeft = async () =>
    (
      await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(files)
        .where(notThere)
    )[0].n;
  const total = await countLeft();
  const progress: MoveProgress = { moved: 0, bytes: 0, left: total };
  let after: string | undefined;
  const moveBatch = to === "store" ? copyIntoBucket : copyIntoDatabase;
  for (;;) {
    if (options.signal?.aborted) return progress;
    const room = options.stopAfter === undefined ? Infinity : options.stopAfter - progress.moved;
    if (room <= 0) return progress;
    const batch = await nextBatch(db, and(notThere, after ? gt(files.id, after) : undefined), Math.min(options.batchSize ?? 100, room));
    // Gone through every file: what is left is what did not move (deleted files no longer count).
    if (!batch.length) return { ...progress, left: await countLeft() };
    after = batch[batch.length - 1].id;
    const moved = await moveBatch(db, bucket, batch, options.signal);
    progress.moved += moved.length;
    progress.bytes += moved.reduce((sum, file) => sum + file.byteSize, 0);
    progress.left = Math.max(0, total - progress.moved);
    options.onProgress?.({ ...progress });
  }
}

interface Listed {
  id: string;
  byteSize: number;
  objectKey: string | null;
}

/** The next files by id, as many as fit BATCH_BYTES (at least one). */
async function nextBatch(db: Db, where: SQL | undefined, limit: number): Promise<Listed[]> {
  const listed = await db
    .select({ id: files.id, byteSize: files.byteSize, objectKey: files.objectKey })
    .from(files)
    .where(where)
    .orderBy(asc(files.id))
    .limit(limit);
  let bytes = 0;
  const fits = listed.findIndex((file) => (bytes += file.byteSize) > BATCH_BYTES);
  return fits < 0 ? listed : listed.slice(0, Math.max(1, fits));
}

/** Runs `work` on every item, PARALLEL at a time. */
async function inTurns<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += PARALLEL)
    results.push(...(await Promise.all(items.slice(start, start + PARALLEL).map(work))));
  return results;
}

/** Database to bucket: hold, copy and check, then point the rows at their copies and drop their bytes. */
async function copyIntoBucket(db: Db, bucket: Bucket, batch: Listed[], signal?: AbortSignal): Promise<Listed[]> {
  const rows = await db
    .select({ id: files.id, contentType: files.contentType, data: files.data })
    .from(files)
    .where(
      and(
        inArray(
          files.id,
          batch.map((file) => file.id),
        ),
        isNull(files.objectKey),
      ),
    );
  const copies = rows.map((row) => ({ ...row, data: row.data!, objectKey: bucket.newKey(row.id) }));
  await holdCopies(
    db,
    copies.map((copy) => copy.objectKey),
    HOLD_MINUTES,
  );
  await inTurns(copies, async (copy) => {
    await bucket.put(copy.objectKey, copy.data, copy.contentType);
    assertSame(await bucket.read(copy.objectKey), copy.data, `the copy of file ${copy.id} in the bucket`);
  });
  if (signal?.aborted) return [];
  const moved: Listed[] = [];
  const unused = await db.transaction(async (tx) => {
    const held = await takeBackCopies(
      tx,
      copies.map((copy) => copy.objectKey),
    );
    const spare: string[] = [];
    for (const copy of copies) {
      // A copy no longer held may have been removed by a clean-up: the file stays where it is, for the next run.
      if (!held.has(copy.objectKey)) continue;
      const [row] = await tx
        .update(files)
        .set({ data: null, objectKey: copy.objectKey })
        .where(and(eq(files.id, copy.id), isNull(files.objectKey)))
        .returning({ id: files.id, byteSize: files.byteSize });
      if (row) moved.push({ ...row, objectKey: copy.objectKey });
      // Deleted (or moved by another run) meanwhile: its copy is not needed.
      else spare.push(copy.objectKey);
    }
    await releaseObjects(tx, spare);
    return spare;
  });
  await removeReleasedObjects(db, bucketStore(bucket), unused);
  return moved;
}

/** Bucket to database: read and check, write the bytes into the rows and check them there, then remove the objects. */
async function copyIntoDatabase(db: Db, bucket: Bucket, batch: Listed[], signal?: AbortSignal): Promise<Listed[]> {
  const read = await inTurns(batch, async (file) => {
    const data = await bucket.read(file.objectKey!).catch(async (error: unknown) => {
      // Deleted while the run went on: its object was released with it, and may be gone already.
      if (!(await stillNamed(db, file))) return null;
      throw error;
    });
    if (!data) return null;
    if (data.byteLength !== file.byteSize) {
      throw new Error(
        `file ${file.id}: the bucket holds ${data.byteLength} bytes, its row says ${file.byteSize}; it was left in the bucket`,
      );
    }
    return { ...file, objectKey: file.objectKey!, data, hash: sha256(data) };
  });
  const copies = read.filter((copy) => copy !== null);
  if (signal?.aborted) return [];
  const moved = await db.transaction(async (tx) => {
    const done: Listed[] = [];
    for (const copy of copies) {
      const [row] = await tx
        .update(files)
        .set({ data: copy.data, objectKey: null })
        .where(and(eq(files.id, copy.id), eq(files.objectKey, copy.objectKey)))
        .returning({
          size: sql<number>`octet_length(${files.data})`.mapWith(Number),
          hash: sql<string>`encode(sha256(${files.data}), 'hex')`,
        });
      if (!row) continue; // deleted meanwhile: its object was released with it
      if (row.size !== copy.byteSize || row.hash !== copy.hash)
        throw new Error(`file ${copy.id}: the database's copy differs; nothing in this batch was moved`);
      done.push(copy);
    }
    await releaseObjects(
      tx,
      done.map((file) => file.objectKey!),
    );
    return done;
  });
  await removeReleasedObjects(
    db,
    bucketStore(bucket),
    moved.map((file) => file.objectKey!),
  );
  return moved;
}

function assertSame(copy: Uint8Array, original: Uint8Array, what: string) {
  if (copy.byteLength !== original.byteLength || sha256(copy) !== sha256(original)) {
    throw new Error(`${what} differs from the original (${copy.byteLength} bytes against ${original.byteLength}); the file was not moved`);
  }
}

async function stillNamed(db: Db, file: Listed): Promise<boolean> {
  const [row] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, file.id), eq(files.objectKey, file.objectKey!)));
  return Boolean(row);
}
