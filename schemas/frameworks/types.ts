/**
 * A framework of the resource center (Lean Canvas, SWOT, …) as the server defines it: its boxes, what to
 * write in each, and where each box sits on the canvas. The panel draws the canvas from this, the API
 * validates saves against it, and the Markdown export walks it, so the three never disagree.
 */
export interface FrameworkBox {
  /** The key of the box's text in a saved canvas; also its CSS grid-area name, so letters and `_` only. */
  id: string;
  title: string;
  /** The question the box answers, shown under its title. */
  hint: string;
  /** A short filled-in example (for a made-up startup), shown on request. */
  example: string;
}

export interface FrameworkDefinition {
  /** The address segment: /resource-center/frameworks/{type}. */
  type: string;
  name: string;
  /** One sentence for the catalogue. */
  summary: string;
  /** When a founder should reach for it. */
  whenToUse: string;
  /**
   * The canvas as CSS grid-template-areas: each row lists `columns` box ids, a box repeated over the cells
   * it spans (every box a rectangle), like the printed original.
   */
  layout: { columns: number; rows: string[] };
  boxes: FrameworkBox[];
}

/** The longest text one box keeps. */
export const MAX_BOX_CHARS = 4000;
