import { BUSINESS_MODEL_CANVAS } from "./business-model-canvas.ts";
import { COMPETITIVE_ANALYSIS } from "./competitive-analysis.ts";
import { CUSTOMER_PERSONA } from "./customer-persona.ts";
import { LEAN_CANVAS } from "./lean-canvas.ts";
import { OKRS } from "./okrs.ts";
import { PITCH_DECK } from "./pitch-deck.ts";
import { SWOT } from "./swot.ts";
import type { FrameworkDefinition } from "./types.ts";
import { VALUE_PROPOSITION_CANVAS } from "./value-proposition-canvas.ts";

export type { FrameworkBox, FrameworkDefinition } from "./types.ts";
export { MAX_BOX_CHARS } from "./types.ts";

/** The catalogue, in the order it is shown. */
export const FRAMEWORKS: readonly FrameworkDefinition[] = [
  LEAN_CANVAS,
  BUSINESS_MODEL_CANVAS,
  SWOT,
  VALUE_PROPOSITION_CANVAS,
  PITCH_DECK,
  OKRS,
  CUSTOMER_PERSONA,
  COMPETITIVE_ANALYSIS,
];

const BY_TYPE = new Map(FRAMEWORKS.map((framework) => [framework.type, framework]));

/** The framework of an address segment, or undefined for anything else (a Map: "constructor" is no type). */
export const frameworkByType = (type: string | undefined): FrameworkDefinition | undefined =>
  type === undefined ? undefined : BY_TYPE.get(type);

/** The grid's rows as CSS grid-template-areas (each row quoted). */
export const gridTemplateAreas = (framework: Pick<FrameworkDefinition, "layout">) =>
  framework.layout.rows.map((row) => `"${row}"`).join(" ");

/** Every box's text, "" for an empty or missing one, in the definition's order. */
export function canvasTexts(
  framework: Pick<FrameworkDefinition, "boxes">,
  boxes: Readonly<Record<string, string>>,
): Record<string, string> {
  return Object.fromEntries(framework.boxes.map((box) => [box.id, Object.hasOwn(boxes, box.id) ? boxes[box.id] : ""]));
}
