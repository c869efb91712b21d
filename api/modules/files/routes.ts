import { Hono } from "hono";
import type { AppEnv } from "#api/context.ts";
import { notFound } from "#api/lib/errors.ts";
import { FILE_ID, fileResponse, readFile } from "./service.ts";

export const fileRoutes = new Hono<AppEnv>();

/** Public uploads (logos, avatars, banners); private ones are served through what they belong to. */
fileRoutes.get("/api/v1/files/:id", async (c) => {
  const id = c.req.param("id");
  const file = FILE_ID.test(id) ? await readFile(c.get("db"), id) : null;
  if (!file) throw notFound("File not found");
  return fileResponse(file);
});
