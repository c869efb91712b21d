import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { MAX_IMAGE_BYTES } from "#schemas/fields.ts";
import type { Db } from "#api/db/client.ts";
import { files } from "#api/db/schema.ts";
import { fieldError } from "#api/lib/errors.ts";
import { currentFileStore, noteWrittenObject } from "./store-scope.ts";
import type { FileBody } from "./store.ts";

/** Files are named by a random UUID; anything else names no file. */
export const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The file's real type from its first bytes; the name and declared type are not trusted. */
export function sniffImageType(bytes: Uint8Array): string | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x47, 0x49, 0x46, 0x38])) return "image/gif";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

export async function storeImage(db: Db, file: File, ownerUserId: number, field: string): Promise<string> {
  if (file.size > MAX_IMAGE_BYTES) throw fieldError(field, `The ${field} field must not be greater than 2 MB.`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = sniffImageType(bytes);
  if (!contentType) throw fieldError(field, `The ${field} field must be a PNG, JPEG, GIF or WebP image.`);
  return insertFile(db, { ownerUserId, contentType, bytes, isPublic: true });
}

/** Keeps the bytes in the store in use, then writes the row saying where they are, in the caller's transaction. */
async function insertFile(db: Db, file: { ownerUserId: number; contentType: string; bytes: Uint8Array; isPublic: boolean }) {
  const id = randomUUID();
  const where = await currentFileStore().keep(id, file.bytes, file.contentType);
  if (where.objectKey) noteWrittenObject(where.objectKey);
  await db.insert(files).values({
    id,
    ...where,
    ownerUserId: file.ownerUserId,
    contentType: file.contentType,
    byteSize: file.bytes.byteLength,
    isPublic: file.isPublic,
  });
  return id;
}

export interface StoredFile {
  contentType: string;
  byteSize: number;
  isPublic: boolean;
  /** Null when only the headers were asked for (HEAD): the bytes are not fetched. */
  body: FileBody | null;
}

/**
 * A file by id; private files only when the caller has already checked who may see them. The bytes are
 * fetched from wherever they are only once those checks have passed.
 */
export async function readFile(
  db: Db,
  id: string,
  { includePrivate = false, ownerUserId, headOnly = false }: { includePrivate?: boolean; ownerUserId?: number; headOnly?: boolean } = {},
): Promise<StoredFile | null> {
  const [row] = await db
    .select({
      contentType: files.contentType,
      byteSize: files.byteSize,
      data: files.data,
      objectKey: files.objectKey,
      isPublic: files.isPublic,
      ownerUserId: files.ownerUserId,
    })
    .from(files)
    .where(eq(files.id, id));
  if (!row || (ownerUserId !== undefined && row.ownerUserId !== ownerUserId)) return null;
  if (!row.isPublic && !includePrivate) return null;
  const body = headOnly ? null : await currentFileStore().open(row);
  return { contentType: row.contentType, byteSize: row.byteSize, isPublic: row.isPublic, body };
}

/** The file as an HTTP answer that can never run as a page, streamed when it comes from the bucket. */
export function fileResponse(file: StoredFile, download?: string) {
  // Copied into a plain ArrayBuffer-backed view: drivers hand back Buffer or Uint8Array over shared memory.
  const body = file.body instanceof Uint8Array ? new Uint8Array(file.body) : file.body;
  return new Response(body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.byteSize),
      // Public files never change (a new upload gets a new id); private ones are not kept by shared caches.
      "Cache-Control": file.isPublic ? "public, max-age=31536000, immutable" : "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "X-Content-Type-Options": "nosniff",
      ...(download ? { "Content-Disposition": `attachment; filename="${download}"` } : {}),
    },
  });
}

export const fileUrl = (id: string | null | undefined) => (id ? `/api/v1/files/${id}` : null);

// ---- general uploads (documents and images) ----------------------------------------------------

/** Readable names of the types uploads may have, for messages ("a PDF, PNG or JPEG file"). */
export const UPLOAD_TYPE_NAMES: Record<string, string> = {
  "application/pdf": "PDF",
  "image/png": "PNG",
  "image/jpeg": "JPEG",
  "image/gif": "GIF",
  "image/webp": "WebP",
};

/** Like sniffImageType, and also knows PDF (`%PDF-`). */
export function sniffFileType(bytes: Uint8Array): string | null {
  if ([0x25, 0x50, 0x44, 0x46, 0x2d].every((b, i) => bytes[i] === b)) return "application/pdf";
  return sniffImageType(bytes);
}

export interface UploadRules {
  maxBytes: number;
  /** Allowed content types, as sniffed from the bytes (see UPLOAD_TYPE_NAMES). */
  types: readonly string[];
  /** The subject of the error messages; defaults to "<field> field". */
  label?: string;
}

export type CheckedUpload = { ok: true; bytes: Uint8Array; contentType: string } | { ok: false; message: string };

const megabytes = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;

function typeList(types: readonly string[]) {
  const names = types.map((t) => UPLOAD_TYPE_NAMES[t] ?? t);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}` : (names[0] ?? "");
}

/** Checks an upload's size and real type (from its bytes) without storing it. */
export async function checkUpload(file: File, rules: UploadRules, label = "file"): Promise<CheckedUpload> {
  if (file.size > rules.maxBytes) return { ok: false, message: `The ${label} must not be greater than ${megabytes(rules.maxBytes)}.` };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = sniffFileType(bytes);
  if (!contentType || !rules.types.includes(contentType))
    return { ok: false, message: `The ${label} must be a ${typeList(rules.types)} file.` };
  return { ok: true, bytes, contentType };
}

/** Stores an upload that passes `rules` (422 on `field` otherwise) and answers its file id. */
export async function storeUpload(db: Db, file: File, ownerUserId: number, field: string, rules: UploadRules): Promise<string> {
  const checked = await checkUpload(file, rules, rules.label ?? `${field} field`);
  if (!checked.ok) throw fieldError(field, checked.message);
  return insertFile(db, { ownerUserId, contentType: checked.contentType, bytes: checked.bytes, isPublic: false });
}
