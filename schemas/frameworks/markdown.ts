import type { FrameworkDefinition } from "./types.ts";

export interface CanvasExport {
  framework: Pick<FrameworkDefinition, "name" | "boxes">;
  boxes: Readonly<Record<string, string>>;
  startupName: string;
  version: number;
  updatedAt: string | null;
}

/**
 * Text a founder typed, made inert as Markdown: a line starting with "#", ">", "-", "1." or similar would
 * otherwise become a heading, quote or list of the exported document rather than their words.
 */
function literal(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.replace(/[\\`*_[\]<>|]/g, "\\$&").replace(/^(\s*)([#>+=-]|\d+[.)])/, "$1\\$2"))
    .join("  \n");
}

/** The file name of a canvas's export: `{startup}-{framework}.md`, letters, digits and dashes only. */
export function canvasExportFilename(framework: Pick<FrameworkDefinition, "type">, startupName: string): string {
  const slug = startupName
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "-")
    .slice(0, 60);
  return `${slug ? `${slug}-` : ""}${framework.type}.md`;
}

/**
 * A canvas as a Markdown document: a heading per box in the canvas's order, empty boxes marked as such.
 * The API's export and the panel's download both write it, so they are the same file.
 */
export function canvasMarkdown({ framework, boxes, startupName, version, updatedAt }: CanvasExport): string {
  const lines = [`# ${literal(framework.name)}: ${literal(startupName)}`, ""];
  lines.push(version > 0 ? `Version ${version}${updatedAt ? `, saved ${updatedAt.slice(0, 10)}` : ""}.` : "Not saved yet.", "");
  for (const box of framework.boxes) {
    const text = (boxes[box.id] ?? "").trim();
    lines.push(`## ${box.title}`, "", text ? literal(text) : "_Empty_", "");
  }
  return lines.join("\n");
}
