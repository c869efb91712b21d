import { eq } from "drizzle-orm";
import { MAX_IMAGE_BYTES } from "../../../schemas/fields.ts";
import type { Db } from "../../db/client.ts";
import { files } from "../../db/schema.ts";
import { fieldError } from "../../lib/errors.ts";

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
  const [row] = await db
    .insert(files)
    .values({ ownerUserId, contentType, byteSize: bytes.byteLength, data: bytes })
    .returning({ id: files.id });
  return row.id;
}

export async function readFile(db: Db, id: string) {
  const [row] = await db
    .select({ contentType: files.contentType, data: files.data })
    .from(files)
    .where(eq(files.id, id));
  return row ?? null;
}

export const fileUrl = (id: string | null | undefined) => (id ? `/api/v1/files/${id}` : null);
