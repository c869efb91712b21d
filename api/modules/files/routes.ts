import { Hono } from "hono";
import type { AppEnv } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";
import { fileResponse, readFile } from "./service.ts";

export const fileRoutes = new Hono<AppEnv>();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Public uploads (logos, avatars, banners); private ones are served through what they belong to. */
fileRoutes.get("/api/v1/files/:id", async (c) => {
  const id = c.req.param("id");
  const file = UUID.test(id) ? await readFile(c.var.db, id) : null;
  if (!file) throw notFound("File not found");
  return fileResponse(file);
});
