import { Hono } from "hono";
import { FRAMEWORKS } from "#schemas/frameworks/index.ts";
import { frameworkView, type FrameworkSummary } from "#schemas/resources.ts";
import { resourceRoutes as routes } from "#schemas/contract/resources.ts";
import type { AppEnv } from "#api/context.ts";
import { currentUser } from "../auth/middleware.ts";
import { serve } from "#api/lib/contract.ts";
import { canvasStartup, canvasStates, findFramework } from "./canvases.ts";

/**
 * The frameworks catalogue: every framework the server defines, and one framework's whole definition
 * (boxes, hints, examples, layout). Open to anyone with `resource center read`, startup or not.
 */
export const frameworkRoutes = new Hono<AppEnv>();

serve(frameworkRoutes, routes.listFrameworks, async (c) => {
  const startup = await canvasStartup(c.get("db"), currentUser(c));
  const states = startup ? await canvasStates(c.get("db"), startup.id) : new Map();
  const data: FrameworkSummary[] = FRAMEWORKS.map((framework) => ({
    type: framework.type,
    name: framework.name,
    summary: framework.summary,
    when_to_use: framework.whenToUse,
    box_count: framework.boxes.length,
    canvas: states.get(framework.type) ?? null,
  }));
  // The startup whose canvases the links open, so the panel can say so (null: none to fill in).
  return { data, startup: startup ? { id: startup.id, name: startup.name } : null };
});

serve(frameworkRoutes, routes.showFramework, async (_c, { params }) => ({ framework: frameworkView(findFramework(params.type)) }));
