import { Hono } from "hono";
import type { AppEnv } from "#api/context.ts";
import { canvasRoutes } from "./canvas-routes.ts";
import { frameworkRoutes } from "./frameworks.ts";
import { guideRoutes } from "./guides.ts";

/** The resource center: guides, the frameworks catalogue, and each startup's canvases. */
export const resourceRoutes = new Hono<AppEnv>();
resourceRoutes.route("/", guideRoutes);
resourceRoutes.route("/", frameworkRoutes);
resourceRoutes.route("/", canvasRoutes);
