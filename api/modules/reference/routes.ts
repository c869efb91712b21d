import { Hono } from "hono";
import type { AppEnv } from "#api/context.ts";
import { countries } from "./countries.ts";

export const referenceRoutes = new Hono<AppEnv>();

referenceRoutes.get("/api/country_codes", (c) => {
  c.header("Cache-Control", "public, max-age=86400");
  return c.json({ data: countries() });
});
