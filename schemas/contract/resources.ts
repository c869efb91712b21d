/** The resource center: guides for founders, the frameworks catalogue, and each startup's canvases. */
import { z } from "zod";
import { messageAnswer, pageOf } from "./answers.ts";
import { listQuery } from "./list-query.ts";
import { apiPart, apiRoute, fileAnswer } from "./route.ts";
import {
  canvasVersionView,
  canvasView,
  frameworkCatalogue,
  frameworkViewSchema,
  guideCategoryCount,
  guideFilterSchema,
  guideSummary,
  guideView,
} from "../resources.ts";

const access = { feature: "resource center read" } as const;

/** GET /api/v1/admin/guides: a page of guides, and how many guides each category has. */
export const guidePage = pageOf(guideSummary).extend({ categories: z.array(guideCategoryCount) });
export type GuidePage = z.output<typeof guidePage>;

/** A canvas with its framework, as reading one answers it. */
export const canvasWithFramework = z.object({ framework: frameworkViewSchema, canvas: canvasView });

/** What a save or a restore answers: the canvas as it is now, and whether the call changed it. */
export const canvasSaved = messageAnswer.extend({ canvas: canvasView, changed: z.boolean() });

/**
 * A canvas save as the caller sends it: each box id of the framework with its text, the version the text
 * was edited from, and whether the editor saved by itself. Which boxes there are depends on the framework
 * in the path, so the handler reads the body through that framework's schema (canvasSaveSchema); this one
 * refuses nothing, so the framework's messages are the ones a caller sees.
 */
export const canvasSaveBody = z.object({
  boxes: z.custom<Record<string, string>>(() => true).optional(),
  base_version: z.custom<number | undefined>(() => true).optional(),
  autosave: z.custom<boolean | undefined>(() => true).optional(),
});

export const resourceRoutes = apiPart("Resource center", {
  listGuides: apiRoute({
    method: "GET",
    path: "/api/v1/admin/guides",
    summary: "List the guides for founders (search their text; filter by category), with each category's count",
    access,
    query: listQuery.extend(guideFilterSchema.shape),
    answer: guidePage,
  }),
  showGuide: apiRoute({
    method: "GET",
    path: "/api/v1/admin/guides/{slug}",
    summary: "Show one guide, with its text in Markdown",
    access,
    answer: z.object({ guide: guideView }),
    refusals: [404],
  }),
  listFrameworks: apiRoute({
    method: "GET",
    path: "/api/v1/admin/frameworks",
    summary: "List the frameworks (Lean Canvas, SWOT…), each with the caller's startup's canvas of it when there is one",
    access,
    answer: frameworkCatalogue,
  }),
  showFramework: apiRoute({
    method: "GET",
    path: "/api/v1/admin/frameworks/{type}",
    summary: "Show one framework's definition: its boxes, hints, examples and layout",
    access,
    answer: z.object({ framework: frameworkViewSchema }),
    refusals: [404],
  }),
  showCanvas: apiRoute({
    method: "GET",
    path: "/api/v1/admin/frameworks/{type}/canvas",
    summary: "Show the caller's startup's canvas of a framework (empty until its first save)",
    access,
    answer: canvasWithFramework,
    refusals: [404],
  }),
  saveCanvas: apiRoute({
    method: "PUT",
    path: "/api/v1/admin/frameworks/{type}/canvas",
    summary: "Save the canvas as a new version (an autosave may fold into the newest); 409 when a newer version was saved",
    access,
    body: canvasSaveBody,
    answer: canvasSaved,
    refusals: [404, 409],
  }),
  listCanvasVersions: apiRoute({
    method: "GET",
    path: "/api/v1/admin/frameworks/{type}/canvas/versions",
    summary: "List the canvas's versions, newest first",
    access,
    query: listQuery,
    answer: pageOf(canvasVersionView),
    refusals: [404],
  }),
  restoreCanvasVersion: apiRoute({
    method: "POST",
    path: "/api/v1/admin/frameworks/{type}/canvas/versions/{version}/restore",
    summary: "Restore a version of the canvas: saved as a new kept version with its text",
    access,
    answer: canvasSaved,
    refusals: [404],
  }),
  exportCanvas: apiRoute({
    method: "GET",
    path: "/api/v1/admin/frameworks/{type}/canvas/export",
    summary: "Download the canvas as Markdown",
    access,
    answer: fileAnswer("text/markdown", "The canvas as a Markdown file"),
    refusals: [404],
  }),
});
