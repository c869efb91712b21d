import { Hono } from "hono";
import type { AppEnv } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";
import { readFile } from "./service.ts";

export const fileRoutes = new Hono<AppEnv>();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Uploaded images are served by the app; ids are random and files never change, so they cache forever. */
fileRoutes.get("/api/v1/files/:id", async (c) => {
  const id = c.req.param("id");
  const file = UUID.test(id) ? await readFile(c.var.db, id) : null;
  if (!file) throw notFound("File not found");
  // Copied into a plain ArrayBuffer-backed view: drivers hand back Buffer or Uint8Array over shared memory.
  return new Response(new Uint8Array(file.data), {
    headers: {
      "Content-Type": file.contentType,
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
