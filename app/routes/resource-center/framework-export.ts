import { data } from "react-router";
import { frameworkByType } from "#schemas/frameworks/index";
import { canvasExportFilename, canvasMarkdown } from "#schemas/frameworks/markdown";
import { API } from "#schemas/contract/index";
import { FRAMEWORK_NOT_FOUND } from "#schemas/resources";
import { apiContext } from "~/lib/contexts";
import { requirePermission } from "~/lib/guards.server";
import type { Route } from "./+types/framework-export";

/**
 * "Export Markdown": the startup's canvas as a .md download. Written by the same function as the API's
 * own export (schemas/frameworks/markdown.ts) from the canvas the API answers, so the two files agree.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  requirePermission(context, "resource center read");
  if (!frameworkByType(params.type)) throw data(FRAMEWORK_NOT_FOUND, { status: 404 });
  const { framework, canvas } = await context.get(apiContext).answer(API.showCanvas, { params: { type: params.type } });
  const markdown = canvasMarkdown({
    framework,
    boxes: canvas.boxes,
    startupName: canvas.startup.name,
    version: canvas.version,
    updatedAt: canvas.updated_at,
  });
  return new Response(markdown, {
    headers: {
      "Content-Type": "text/markdown; charset=utf-8",
      "Content-Disposition": `attachment; filename="${canvasExportFilename(framework, canvas.startup.name)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
