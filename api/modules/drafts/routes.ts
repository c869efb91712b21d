import { Hono } from "hono";
import { draftRoutes as routes } from "#schemas/contract/drafts.ts";
import { DRAFT_DISCARDED, DRAFT_NOT_FOUND } from "#schemas/drafts.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { pathId } from "#api/lib/ids.ts";
import { page } from "#api/lib/pagination.ts";
import { currentUser } from "../auth/middleware.ts";
import { discardApplicationDraft, listDrafts } from "./service.ts";

export const draftRoutes = new Hono<AppEnv>();

serve(draftRoutes, routes.listDrafts, async (c, { query }) => {
  const { total, data } = await listDrafts(c.get("db"), currentUser(c), query);
  return page(c.req.url, query, total, data);
});

serve(draftRoutes, routes.discardApplicationDraft, async (c, { params }) => {
  await discardApplicationDraft(c.get("db"), currentUser(c).id, pathId(params.id, DRAFT_NOT_FOUND));
  return { message: DRAFT_DISCARDED };
});
