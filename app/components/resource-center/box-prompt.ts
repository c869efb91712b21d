import type { CanvasView, FrameworkView } from "#schemas/resources";
import { AI_PROMPT_MAX_LENGTH } from "#schemas/ai";

/** Each other box's text is cut to this much, so a full canvas still fits the helper's prompt limit. */
const OTHER_BOX_CHARS = 600;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The AI helper's prompt for one box of a canvas: what the box asks (its hint), what the startup is, and
 * what the founders wrote in the other boxes, so the suggestion fits the rest of the canvas. The box's own
 * text, when there is some, is given as a draft to improve. Never over the helper's limit.
 */
export function frameworkBoxPrompt(
  framework: Pick<FrameworkView, "name" | "boxes">,
  boxId: string,
  startup: CanvasView["startup"],
  texts: Readonly<Record<string, string>>,
): string {
  const box = framework.boxes.find((candidate) => candidate.id === boxId);
  if (!box) return "";
  const about = [
    `Name: ${startup.name}`,
    `Industry: ${startup.industry}`,
    startup.stage ? `Stage: ${startup.stage}` : "",
    startup.description ? `Description: ${cut(startup.description, 800)}` : "",
  ].filter(Boolean);
  const others = framework.boxes
    .filter((other) => other.id !== box.id && texts[other.id]?.trim())
    .map((other) => `${other.title}: ${cut(texts[other.id].trim(), OTHER_BOX_CHARS)}`);
  const draft = texts[box.id]?.trim() ?? "";
  const prompt = [
    `Write the "${box.title}" box of a ${framework.name} for the startup below. The box asks: ${box.hint} ` +
      "Answer with the box's text only: short lines or a few bullet points, concrete and specific to this startup, no heading.",
    `The startup:\n${about.join("\n")}`,
    others.length ? `What the founders wrote in the other boxes:\n${others.join("\n")}` : "",
    draft ? `Improve the box's current text, keeping its facts:\n${cut(draft, 2000)}` : "",
  ]
    .filter(Boolean)
    .join("\n\n");
  return cut(prompt, AI_PROMPT_MAX_LENGTH);
}
