/**
 * The S3-compatible bucket STORAGE_URL names, through the AWS SDK: writing, reading and removing one
 * object at a time. The rest of the files module reaches it through a FileStore (store.ts) or, to move
 * files, directly (move.ts); nothing else knows it exists.
 */
import { randomUUID } from "node:crypto";
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { StorageConfig } from "./storage-config.ts";

export class Bucket {
  readonly name: string;
  private readonly client: S3Client;
  private readonly prefix: string;

  constructor(config: StorageConfig) {
    this.name = config.bucket;
    this.prefix = config.prefix;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // Checksums only where S3 requires them: several S3-compatible stores refuse the SDK's newer
      // default ones, and a moved file is checked by its own SHA-256 anyway (move.ts).
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  /**
   * A key no object ever had: the file's id and a fresh part of its own. A copy made again (a move run
   * twice, a file moved out and back) never lands on a key still waiting to be removed.
   */
  newKey(fileId: string): string {
    return `${this.prefix}${fileId}/${randomUUID()}`;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.name, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength }),
    );
  }

  /** The object's bytes as they stream in, for an answer that passes them on without holding them. */
  async open(key: string): Promise<ReadableStream<Uint8Array>> {
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.name, Key: key }));
    if (!answer.Body) throw new Error(`the bucket answered no body for ${key}`);
    return answer.Body.transformToWebStream() as ReadableStream<Uint8Array>;
  }

  /** The whole object, for checking a copy. */
  async read(key: string): Promise<Uint8Array> {
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.name, Key: key }));
    if (!answer.Body) throw new Error(`the bucket answered no body for ${key}`);
    return answer.Body.transformToByteArray();
  }

  /** Removes the object; one already gone is no error (S3 answers a delete of a missing key alike). */
  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.name, Key: key }));
  }

  close(): void {
    this.client.destroy();
  }
}
