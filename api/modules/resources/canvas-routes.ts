import { Hono, type Context, type MiddlewareHandler } from "hono";
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
import { resourceRoutes as routes } from "#schemas/contract/resources.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { notFound } from "#api/lib/errors.ts";
import { page } from "#api/lib/pagination.ts";
import { validate } from "#api/lib/validation.ts";
import { currentUser } from "../auth/middleware.ts";
import { findFramework, getCanvas, listVersions, requireCanvasStartup, saveCanvas, versionBoxes } from "./canvases.ts";

/**
 * A startup's canvas of one framework: read, save (a new version, or an autosave folded into the newest),
 * its versions, restore one (a new kept version with its text), and the Markdown export. The startup is the caller's (canvasStartup).
 */
export const canvasRoutes = new Hono<AppEnv>();

/** The checks every canvas call makes, in order: the framework exists (404), the caller has a startup (403). */
async function scope(c: Context<AppEnv>) {
  const framework = findFramework(c.req.param("type"));
  const user = currentUser(c);
  const startup = await requireCanvasStartup(c.get("db"), user);
  return { framework, user, startup };
}

/** A save's framework and startup are checked before its body is read. */
const scoped: MiddlewareHandler<AppEnv> = async (c, next) => {
  await scope(c);
  await next();
};

serve(canvasRoutes, routes.showCanvas, async (c) => {
  const { framework, startup } = await scope(c);
  return { framework: frameworkView(framework), canvas: await getCanvas(c.get("db"), startup, framework) };
});

serve(
  canvasRoutes,
  routes.saveCanvas,
  async (c, { body }) => {
    const { framework, user, startup } = await scope(c);
    // The boxes a save may name are its framework's: read through that framework's schema.
    const { boxes, base_version, autosave } = validate(canvasSaveSchema(framework), body);
    const { changed } = await saveCanvas(c.get("db"), startup, framework, user.id, boxes, { baseVersion: base_version, autosave });
    return { canvas: await getCanvas(c.get("db"), startup, framework), changed, message: changed ? CANVAS_SAVED : CANVAS_UNCHANGED };
  },
  { before: [scoped] },
);

serve(canvasRoutes, routes.listCanvasVersions, async (c, { query }) => {
  const { framework, startup } = await scope(c);
  const list = { ...query, per_page: Math.min(query.per_page, MAX_VERSIONS_PER_PAGE) };
  const { total, data } = await listVersions(c.get("db"), startup.id, framework, list);
  return page(c.req.url, list, total, data);
});

serve(canvasRoutes, routes.restoreCanvasVersion, async (c, { params }) => {
  const { framework, user, startup } = await scope(c);
  const version = parseId(params.version);
  if (version === undefined) throw notFound(VERSION_NOT_FOUND);
  const boxes = await versionBoxes(c.get("db"), startup.id, framework, version);
  const { changed } = await saveCanvas(c.get("db"), startup, framework, user.id, boxes, { autosave: false });
  return {
    canvas: await getCanvas(c.get("db"), startup, framework),
    changed,
    message: changed ? canvasRestored(version) : CANVAS_UNCHANGED,
  };
});

serve(canvasRoutes, routes.exportCanvas, async (c) => {
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
