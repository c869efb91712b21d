/**
 * Where files' bytes are kept. New uploads go to one place, the database (the default) or the bucket
 * STORAGE_URL names; each `files` row says where its own bytes are (`data`, or `object_key`), so files of
 * both kinds are read side by side while they are being moved (move.ts). Nothing outside this module knows
 * which store is in use: it stores and serves files through service.ts.
 */
import { Bucket } from "./bucket.ts";
import type { StorageConfig } from "./storage-config.ts";

/** The columns of a `files` row that say where its bytes are: exactly one of them is set. */
export type FileBytes = { data: Uint8Array; objectKey: null } | { data: null; objectKey: string };

/** What a file's answer sends: the bytes at hand, or as they stream in from the bucket. */
export type FileBody = Uint8Array | ReadableStream<Uint8Array>;

export interface FileStore {
  /** The bucket new files go to; null when they stay in the database. */
  readonly bucket: Bucket | null;
  /** Keeps a new file's bytes (before its row is written) and answers the row's columns saying where. */
  keep(fileId: string, bytes: Uint8Array, contentType: string): Promise<FileBytes>;
  /** The bytes of a file, from where its row says they are. */
  open(file: { data: Uint8Array | null; objectKey: string | null }): Promise<FileBody>;
  /** Removes an object no file holds any more; one already gone is no error. */
  remove(objectKey: string): Promise<void>;
}

const NO_BUCKET = "this file's bytes are in a bucket, but STORAGE_URL is not set: set it to the bucket they were moved to";

/** The embedded default: bytes in the `files` row itself. */
export const databaseStore: FileStore = {
  bucket: null,
  keep: async (_fileId, bytes) => ({ data: bytes, objectKey: null }),
  async open(file) {
    if (file.data) return file.data;
    throw new Error(NO_BUCKET);
  },
  remove: async () => {
    throw new Error(NO_BUCKET);
  },
};

/** New files in the bucket; files still in the database are read from there until they are moved. */
export function bucketStore(bucket: Bucket): FileStore {
  return {
    bucket,
    async keep(fileId, bytes, contentType) {
      const objectKey = bucket.newKey(fileId);
      await bucket.put(objectKey, bytes, contentType);
      return { data: null, objectKey };
    },
    async open(file) {
      if (file.objectKey) return bucket.open(file.objectKey);
      if (file.data) return file.data;
      throw new Error("a file row without bytes");
    },
    remove: (objectKey) => bucket.remove(objectKey),
  };
}

/** The store STORAGE_URL chooses: the bucket when it is set, else the database. */
export function createFileStore(config: StorageConfig | undefined): FileStore {
  return config ? bucketStore(new Bucket(config)) : databaseStore;
}
