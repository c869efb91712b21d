import { Hono } from "hono";
import { fileRoutes as routes } from "#schemas/contract/files.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { notFound } from "#api/lib/errors.ts";
import { FILE_ID, fileResponse, readFile } from "./service.ts";

export const fileRoutes = new Hono<AppEnv>();

/** Public uploads (logos, avatars, banners); private ones are served through what they belong to. */
serve(fileRoutes, routes.showFile, async (c, { params: { id } }) => {
  const file = FILE_ID.test(id) ? await readFile(c.get("db"), id, { headOnly: c.req.method === "HEAD" }) : null;
  if (!file) throw notFound("File not found");
  return fileResponse(file);
});
