import { Hono } from "hono";
import { DRAFT_DISCARDED, DRAFT_NOT_FOUND } from "#schemas/drafts.ts";
import type { AppEnv } from "#api/context.ts";
import { pathId } from "#api/lib/ids.ts";
import { page, parseListQuery } from "#api/lib/pagination.ts";
import { currentUser, requireUser } from "../auth/middleware.ts";
import { discardApplicationDraft, listDrafts } from "./service.ts";

export const draftRoutes = new Hono<AppEnv>();

draftRoutes.get("/api/v1/admin/drafts", requireUser, async (c) => {
  const query = parseListQuery(c.req.url);
  const { total, data } = await listDrafts(c.get("db"), currentUser(c), query);
  return c.json(page(c.req.url, query, total, data));
});

/** Event form drafts are deleted through DELETE /api/v1/admin/event_forms/{id}, with its own rules. */
draftRoutes.delete("/api/v1/admin/drafts/applications/:id", requireUser, async (c) => {
  const id = pathId(c.req.param("id"), DRAFT_NOT_FOUND);
  await discardApplicationDraft(c.get("db"), currentUser(c).id, id);
  return c.json({ message: DRAFT_DISCARDED });
});
