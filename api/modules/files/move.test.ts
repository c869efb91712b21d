import { randomUUID } from "node:crypto";
import { eq, isNotNull, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { releasedFileObjects } from "#api/db/file-objects-schema.ts";
import { files } from "#api/db/schema.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import { startS3Store, type S3Store } from "../../../tests/fakes/s3.ts";
import { Bucket } from "./bucket.ts";
import { moveFiles, type MoveProgress } from "./move.ts";
import { deleteFiles, pruneReleasedObjects, removeReleasedObjects } from "./released-objects.ts";
import { bucketStore } from "./store.ts";

const FILES = 1_000;

let s3: S3Store;
let t: TestApi;
let bucket: Bucket;
/** Each file's bytes as they were stored, by id. */
let original: Map<string, string>;

beforeAll(async () => {
  s3 = await startS3Store();
  t = await createTestApi({ storage: s3.storage });
  bucket = new Bucket(s3.storage);
  // 1,000 small files in the database, written in one statement: 16 bytes each, all different.
  await t.database.db.execute(sql`
    insert into files (content_type, byte_size, data)
    select 'image/png', 16, decode(md5(n::text), 'hex') from generate_series(1, ${FILES}) as n`);
  original = new Map(
    (await t.database.db.select({ id: files.id, hex: sql<string>`encode(${files.data}, 'hex')` }).from(files)).map((row) => [
      row.id,
      row.hex,
    ]),
  );
});
afterAll(async () => {
  bucket.close();
  await t.close();
  await s3.close();
});

const count = async (where: ReturnType<typeof isNull>) =>
  (
    await t.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(files)
      .where(where)
  )[0].n;

/** Files through their public address, ten at a time: each answers its own bytes. */
async function expectServed(ids: readonly string[]) {
  for (let start = 0; start < ids.length; start += 10) {
    await Promise.all(
      ids.slice(start, start + 10).map(async (id) => {
        const res = await t.api.fetch(new Request(`http://localhost/api/v1/files/${id}`));
        expect(res.status).toBe(200);
        expect(Buffer.from(await res.arrayBuffer()).toString("hex")).toBe(original.get(id));
      }),
    );
  }
}

/** A bucket whose run is stopped (as a killed process would be) once `after` copies are written. */
class StoppingBucket extends Bucket {
  readonly stop = new AbortController();
  private written = 0;
  constructor(private readonly after: number) {
    super(s3.storage);
  }
  override async put(key: string, bytes: Uint8Array, contentType: string) {
    await super.put(key, bytes, contentType);
    if (++this.written >= this.after) this.stop.abort();
  }
}

// s3rver writes every object as files of its own: a thousand of them take tens of seconds on a busy machine.
describe("files:move", { timeout: 120_000 }, () => {
  it("moves 1,000 files into the bucket, stopped twice and resumed, every one served afterwards", async () => {
    const first = await moveFiles(t.database.db, bucket, "store", { stopAfter: 250 });
    expect(first).toEqual({ moved: 250, bytes: 250 * 16, left: FILES - 250 });

    // Stopped between writing a batch's copies and pointing the rows at them: nothing of that batch moved.
    const stopping = new StoppingBucket(130);
    const second = await moveFiles(t.database.db, stopping, "store", { signal: stopping.stop.signal });
    stopping.close();
    expect(second.moved).toBe(100);
    expect(await count(isNull(files.objectKey))).toBe(FILES - 350);

    const seen: MoveProgress[] = [];
    const last = await moveFiles(t.database.db, bucket, "store", { onProgress: (progress) => seen.push(progress) });
    expect(last).toEqual({ moved: FILES - 350, bytes: (FILES - 350) * 16, left: 0 });
    expect(seen.at(-1)).toEqual(last);
    expect(await count(isNull(files.objectKey))).toBe(0);
    expect(await count(isNotNull(files.data))).toBe(0);

    // The copies the stopped run wrote are held for an hour, then removed by the clean-up.
    await t.database.db.update(releasedFileObjects).set({ removeAfter: sql`now()` });
    expect((await pruneReleasedObjects(t.database.db, bucketStore(bucket))).removed).toBe(100);
    const keys = new Set(await s3.objectKeys());
    const named = await t.database.db.select({ objectKey: files.objectKey }).from(files);
    expect(keys.size).toBe(FILES);
    expect(named.every((row) => keys.has(row.objectKey!))).toBe(true);
    // Every copy holds its file's bytes; a sample is also read through its address, from the bucket.
    const copies = await t.database.db.select({ id: files.id, objectKey: files.objectKey }).from(files);
    for (let start = 0; start < copies.length; start += 10) {
      await Promise.all(
        copies.slice(start, start + 10).map(async ({ id, objectKey }) => {
          expect(Buffer.from(await bucket.read(objectKey!)).toString("hex"), id).toBe(original.get(id));
        }),
      );
    }
    await expectServed([...original.keys()].filter((_, index) => index % 20 === 0));
  });

  it("moves them all back into the database, stopped once and resumed, and empties the bucket", async () => {
    const first = await moveFiles(t.database.db, bucket, "database", { stopAfter: 400, batchSize: 200 });
    expect(first).toMatchObject({ moved: 400, left: FILES - 400 });
    expect(await count(isNotNull(files.objectKey))).toBe(FILES - 400);
    expect(await s3.objectKeys()).toHaveLength(FILES - 400);

    const rest = await moveFiles(t.database.db, bucket, "database", { batchSize: 200 });
    expect(rest).toEqual({ moved: FILES - 400, bytes: (FILES - 400) * 16, left: 0 });
    expect(await count(isNotNull(files.objectKey))).toBe(0);
    expect(await s3.objectKeys()).toEqual([]);
    expect(await t.database.db.select().from(releasedFileObjects)).toEqual([]);
    // Every file's bytes are back as they were; a sample is also read through its address.
    const back = await t.database.db.select({ id: files.id, hex: sql<string>`encode(${files.data}, 'hex')` }).from(files);
    expect(new Map(back.map((row) => [row.id, row.hex]))).toEqual(original);
    await expectServed([...original.keys()].filter((_, index) => index % 50 === 0));
  });

  it("goes on when a file is deleted while its object is being read", async () => {
    const ids = [randomUUID(), randomUUID()];
    for (const id of ids) {
      const objectKey = bucket.newKey(id);
      await bucket.put(objectKey, new Uint8Array(16).fill(7), "image/png");
      await t.database.db.insert(files).values({ id, contentType: "image/png", byteSize: 16, objectKey });
    }
    const store = bucketStore(bucket);
    /** The first file is deleted (its object released and removed) just as the move comes to read it. */
    class DeletingBucket extends Bucket {
      override async read(key: string) {
        if (key.startsWith(ids[0])) {
          await t.database.db.transaction((tx) => deleteFiles(tx, eq(files.id, ids[0])));
          await removeReleasedObjects(t.database.db, store, [key]);
        }
        return super.read(key);
      }
    }
    const deleting = new DeletingBucket(s3.storage);
    expect(await moveFiles(t.database.db, deleting, "database")).toMatchObject({ moved: 1, left: 0 });
    deleting.close();
    expect(await t.database.db.select({ id: files.id }).from(files).where(isNotNull(files.objectKey))).toEqual([]);
    expect(await s3.objectKeys()).toEqual([]);
  });
});
