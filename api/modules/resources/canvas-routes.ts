import { Hono, type Context } from "hono";
import { canvasExportFilename, canvasMarkdown } from "#schemas/frameworks/markdown.ts";
import { parseId } from "#schemas/ids.ts";
import {
  CANVAS_SAVED,
  CANVAS_UNCHANGED,
  MAX_VERSIONS_PER_PAGE,
  VERSION_NOT_FOUND,
  canvasRestored,
  canvasSaveSchema,
  frameworkView,
} from "#schemas/resources.ts";
import type { AppEnv } from "#api/context.ts";
import { readBody } from "#api/lib/body.ts";
import { notFound } from "#api/lib/errors.ts";
import { page, parseListQuery } from "#api/lib/pagination.ts";
import { validate } from "#api/lib/validation.ts";
import { authorize } from "../access/authorize.ts";
import { currentUser } from "../auth/middleware.ts";
import { findFramework, getCanvas, listVersions, requireCanvasStartup, saveCanvas, versionBoxes } from "./canvases.ts";
import { FRAMEWORKS_BASE } from "./frameworks.ts";

/**
 * A startup's canvas of one framework: read, save (a new version, or an autosave folded into the newest),
 * its versions, restore one (a new kept version with its text), and the Markdown export. The startup is the caller's (canvasStartup).
 */
export const canvasRoutes = new Hono<AppEnv>();

const CANVAS = `${FRAMEWORKS_BASE}/:type/canvas`;
const guard = authorize("resource center read");

/** The checks every canvas call makes, in order: the framework exists (404), the caller has a startup (403). */
async function scope(c: Context<AppEnv>) {
  const framework = findFramework(c.req.param("type"));
  const user = currentUser(c);
  const startup = await requireCanvasStartup(c.get("db"), user);
  return { framework, user, startup };
}

canvasRoutes.get(CANVAS, guard, async (c) => {
  const { framework, startup } = await scope(c);
  return c.json({ framework: frameworkView(framework), canvas: await getCanvas(c.get("db"), startup, framework) });
});

canvasRoutes.put(CANVAS, guard, async (c) => {
  const { framework, user, startup } = await scope(c);
  const { boxes, base_version, autosave } = validate(canvasSaveSchema(framework), await readBody(c));
  const { changed } = await saveCanvas(c.get("db"), startup, framework, user.id, boxes, { baseVersion: base_version, autosave });
  return c.json({ canvas: await getCanvas(c.get("db"), startup, framework), changed, message: changed ? CANVAS_SAVED : CANVAS_UNCHANGED });
});

canvasRoutes.get(`${CANVAS}/versions`, guard, async (c) => {
  const { framework, startup } = await scope(c);
  const query = parseListQuery(c.req.url);
  query.per_page = Math.min(query.per_page, MAX_VERSIONS_PER_PAGE);
  const { total, data } = await listVersions(c.get("db"), startup.id, framework, query);
  return c.json(page(c.req.url, query, total, data));
});

canvasRoutes.post(`${CANVAS}/versions/:version/restore`, guard, async (c) => {
  const { framework, user, startup } = await scope(c);
  const version = parseId(c.req.param("version"));
  if (version === undefined) throw notFound(VERSION_NOT_FOUND);
  const boxes = await versionBoxes(c.get("db"), startup.id, framework, version);
  const { changed } = await saveCanvas(c.get("db"), startup, framework, user.id, boxes, { autosave: false });
  return c.json({
    canvas: await getCanvas(c.get("db"), startup, framework),
    changed,
    message: changed ? canvasRestored(version) : CANVAS_UNCHANGED,
  });
});

canvasRoutes.get(`${CANVAS}/export`, guard, async (c) => {
  const { framework, startup } = await scope(c);
  const canvas = await getCanvas(c.get("db"), startup, framework);
  const markdown = canvasMarkdown({
    framework,
    boxes: canvas.boxes,
    startupName: startup.name,
    version: canvas.version,
    updatedAt: canvas.updated_at,
  });
  return c.body(markdown, 200, {
    "Content-Type": "text/markdown; charset=utf-8",
    "Content-Disposition": `attachment; filename="${canvasExportFilename(framework, startup.name)}"`,
  });
});
