import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import type { StorageConfig } from "#api/modules/files/storage-config.ts";

/**
 * A real S3 API on loopback: s3rver, in this process, on a free port, keeping its objects in a temporary
 * folder (in memory, /dev/shm, where the machine has one). `stop` takes it down (the bucket is unreachable, as a store that is down) and `start` brings it
 * back on the same port with the same objects. `storage` is the setting STORAGE_URL would give.
 */
export interface S3Store {
  storage: StorageConfig;
  /** Every key in the bucket, as S3's own listing answers. */
  objectKeys(): Promise<string[]>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

const BUCKET = "launchpad-uploads";
// s3rver checks signatures against its own fixed pair of keys.
const KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export async function startS3Store(): Promise<S3Store> {
  // In memory where the machine offers it: s3rver writes every object and its metadata as files.
  const directory = await mkdtemp(join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "launchpad-s3-"));
  const serve = (port: number) =>
    new S3rver({ address: "127.0.0.1", port, directory, silent: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
  let server: S3rver | null = serve(0);
  const { port } = await server.run();
  const storage: StorageConfig = {
    bucket: BUCKET,
    prefix: "",
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: KEYS,
  };
  const client = new S3Client({ endpoint: storage.endpoint, region: storage.region, forcePathStyle: true, credentials: KEYS });
  return {
    storage,
    async objectKeys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys;
    },
    async stop() {
      await server?.close();
      server = null;
    },
    async start() {
      if (server) return;
      server = serve(port);
      await server.run();
    },
    async close() {
      client.destroy();
      await server?.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
