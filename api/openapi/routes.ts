import { Hono } from "hono";
import { API } from "#schemas/contract/index.ts";
import type { AppEnv } from "#api/context.ts";
import type { ApiConfig } from "#api/config.ts";
import { serve } from "#api/lib/contract.ts";
import { openApiDocument } from "./document.ts";

export const openApiRoutes = new Hono<AppEnv>();

// Written once per configuration: the contract does not change while the process runs.
const written = new WeakMap<ApiConfig, ReturnType<typeof openApiDocument>>();

serve(openApiRoutes, API.openApiDocument, async (c) => {
  const config = c.get("config");
  let document = written.get(config);
  if (!document) written.set(config, (document = openApiDocument(config)));
  return document;
});
