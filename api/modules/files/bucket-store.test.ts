import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { releasedFileObjects } from "#api/db/file-objects-schema.ts";
import { files, users } from "#api/db/schema.ts";
import { applicationForm, insertEventForm, pdfFile, startupOwner } from "#api/testing/application-fixtures.ts";
import { fetchBytes, pngFile, registered } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi, type TestClient } from "#api/testing/harness.ts";
import { startS3Store, type S3Store } from "../../../tests/fakes/s3.ts";
import { Bucket } from "./bucket.ts";
import { replaceFileReference } from "./references.ts";
import { pruneReleasedObjects, removeReleasedObjects } from "./released-objects.ts";
import { storeImage } from "./service.ts";
import { withFileStore } from "./settle.ts";
import { bucketStore, type FileStore } from "./store.ts";

let s3: S3Store;
let t: TestApi;
beforeAll(async () => {
  s3 = await startS3Store();
  t = await createTestApi({ storage: s3.storage });
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

const fileIdOf = (url: string) => url.split("/").pop()!;
const rowOf = async (id: string) =>
  (await t.database.db.select({ objectKey: files.objectKey, data: files.data }).from(files).where(eq(files.id, id)))[0];
const released = () => t.database.db.select().from(releasedFileObjects);

async function newAvatar(client: TestClient, email: string): Promise<string> {
  const body = new FormData();
  body.set("_method", "PUT");
  body.set("name", "Pictured");
  body.set("email", email);
  body.set("avatar", pngFile("me.png"));
  const res = await client.post<{ user: { avatar_url: string } }>("/api/user", body);
  expect(res.status).toBe(200);
  return fileIdOf(res.body.user.avatar_url);
}

describe("uploads in an S3-compatible bucket", () => {
  it("keeps a new avatar in the bucket, not the database, and serves it with the public headers", async () => {
    const { client, email } = await registered(t, "Bucket Avatar");
    const id = await newAvatar(client, email);
    const row = await rowOf(id);
    expect(row.data).toBeNull();
    expect(await s3.objectKeys()).toContain(row.objectKey);

    const served = await fetchBytes(t, `/api/v1/files/${id}`);
    expect(served.status).toBe(200);
    expect(served.bytes).toEqual(new Uint8Array(await pngFile().arrayBuffer()));
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("content-length")).toBe(String(served.bytes.byteLength));
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");

    const head = await t.api.fetch(new Request(`http://localhost/api/v1/files/${id}`, { method: "HEAD" }));
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(served.bytes.byteLength));
  });

  it("removes the object after DELETE of the avatar, and the old one after a replacement", async () => {
    const { client, email } = await registered(t, "Changing Avatar");
    const first = await newAvatar(client, email);
    const firstKey = (await rowOf(first)).objectKey!;
    const second = await newAvatar(client, email);
    const secondKey = (await rowOf(second)).objectKey!;
    let keys = await s3.objectKeys();
    expect(keys).not.toContain(firstKey);
    expect(keys).toContain(secondKey);
    expect((await fetchBytes(t, `/api/v1/files/${first}`)).status).toBe(404);

    const removed = await client.delete<{ user: { avatar_url: string | null } }>("/api/user/avatar");
    expect(removed.status).toBe(200);
    expect(removed.body.user.avatar_url).toBeNull();
    keys = await s3.objectKeys();
    expect(keys).not.toContain(secondKey);
    expect(await rowOf(second)).toBeUndefined();
    expect((await fetchBytes(t, `/api/v1/files/${second}`)).status).toBe(404);
    expect(await released()).toEqual([]);
  });

  it("keeps the object when the transaction that let go of its file rolls back", async () => {
    const { client, email, id: userId } = await registered(t, "Rolled Back");
    const fileId = await newAvatar(client, email);
    const { objectKey } = await rowOf(fileId);
    await expect(
      t.database.db.transaction(async (tx) => {
        await replaceFileReference(tx, users.avatarFileId, eq(users.id, userId), null);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await released()).toEqual([]);
    expect(await s3.objectKeys()).toContain(objectKey);
    expect((await fetchBytes(t, `/api/v1/files/${fileId}`)).status).toBe(200);
  });

  it("retries a removal that failed while the store was down, in the periodic clean-up", async () => {
    const { client, email } = await registered(t, "Store Down");
    const fileId = await newAvatar(client, email);
    const { objectKey } = await rowOf(fileId);
    await s3.stop();
    try {
      const removed = await client.delete("/api/user/avatar");
      expect(removed.status).toBe(200);
      const waiting = await released();
      expect(waiting.map((row) => [row.objectKey, row.attempts])).toEqual([[objectKey, 1]]);
      expect(waiting[0].lastError).toBeTruthy();
    } finally {
      await s3.start();
    }
    expect(await s3.objectKeys()).toContain(objectKey);

    const bucket = new Bucket(s3.storage);
    expect(await pruneReleasedObjects(t.database.db, bucketStore(bucket))).toMatchObject({ removed: 1, failed: 0 });
    bucket.close();
    expect(await s3.objectKeys()).not.toContain(objectKey);
    expect(await released()).toEqual([]);
  });

  it("serves a private document from the bucket only to its applicant and the form's owner, never cached", async () => {
    const owner = await startupOwner(t);
    const questions = [{ id: "q-deck", label: "Deck", help_text: null, type: "file" as const, required: false, options: [] }];
    const form = await insertEventForm(t, owner.startup.id, { customQuestions: questions });
    const applicant = await registered(t, "Private Applicant");
    const applied = await applicant.client.post(
      `/api/v1/admin/event_forms/${form.id}/applications`,
      applicationForm({ full_name: "Ada Lovelace", email: "ada@example.com", "q-deck": pdfFile() }),
    );
    expect(applied.status).toBe(201);
    const { file_id: fileId, url } = applied.body.event_application.answers["q-deck"];
    expect((await rowOf(fileId)).objectKey).toBeTruthy();

    for (const reader of [applicant.client, owner.client]) {
      const res = await reader.get(url);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("content-disposition")).toMatch(/^attachment; /);
      expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    }
    const stranger = await registered(t, "Curious Stranger");
    expect((await stranger.client.get(url)).status).toBe(404);
    expect((await t.client().get(url)).status).toBe(401);
    expect((await fetchBytes(t, `/api/v1/files/${fileId}`)).status).toBe(404);
  });

  it("removes the object of an upload whose transaction rolled back", async () => {
    const { id: userId } = await registered(t, "Refused Upload");
    const before = await s3.objectKeys();
    const bucket = new Bucket(s3.storage);
    let written: string | null = null;
    // As a request whose change is refused after its image was stored: the row goes, so must the object.
    await expect(
      withFileStore(
        t.database.db,
        bucketStore(bucket),
        () =>
          t.database.db.transaction(async (tx) => {
            const id = await storeImage(tx, pngFile(), userId, "avatar");
            written = (await tx.select({ objectKey: files.objectKey }).from(files).where(eq(files.id, id)))[0].objectKey;
            expect(await s3.objectKeys()).toContain(written);
            throw new Error("refused after the upload");
          }),
        () => {},
      ),
    ).rejects.toThrow("refused after the upload");
    bucket.close();
    expect(written).toBeTruthy();
    expect(await s3.objectKeys()).toEqual(before);
  });

  it("removes each released object once, however many clean-ups claim at the same moment", async () => {
    await t.database.db.delete(releasedFileObjects);
    const keys = Array.from({ length: 60 }, (_, i) => `parallel/${i}`);
    await t.database.db.insert(releasedFileObjects).values(keys.map((objectKey) => ({ objectKey })));
    const removals: string[] = [];
    const bucket = new Bucket(s3.storage);
    const counting: FileStore = { ...bucketStore(bucket), remove: async (objectKey) => void removals.push(objectKey) };
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => removeReleasedObjects(t.database.db, counting)));
    bucket.close();
    expect(outcomes.reduce((sum, outcome) => sum + outcome.removed, 0)).toBe(keys.length);
    expect(removals.sort()).toEqual([...keys].sort());
    expect(await released()).toEqual([]);
  });
});
