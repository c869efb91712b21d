import { z } from "zod";
import { storableString } from "./fields.ts";
import { MAX_BOX_CHARS, type FrameworkDefinition } from "./frameworks/index.ts";

/** The resource center's guide categories, in the order the filter lists them. */
export const GUIDE_CATEGORIES = ["Fundraising", "Team", "Events", "Pricing", "Legal"] as const;
export type GuideCategory = (typeof GUIDE_CATEGORIES)[number];

export const GUIDE_NOT_FOUND = "Guide not found";
export const FRAMEWORK_NOT_FOUND = "Framework not found";
export const VERSION_NOT_FOUND = "Version not found";
export const CANVAS_SAVED = "Canvas saved";
export const CANVAS_UNCHANGED = "Nothing changed since the last save";
export const canvasRestored = (version: number) => `Version ${version} restored`;
/**
 * A canvas belongs to a startup or organization: someone with neither (a co-founder on no team) may read
 * the frameworks but has no canvas to fill in. A 403, with a message that says what to do about it.
 */
export const NO_CANVAS_STARTUP =
  "Canvases are saved for a startup or organization. Set one up, or join a startup's team as a co-founder, to fill in this framework.";

/** Guide slugs: lower-case words joined by dashes (what the seed writes); anything else names no guide. */
export const GUIDE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const isGuideSlug = (value: string) => value.length <= 120 && GUIDE_SLUG.test(value);

/** The guide list's own filter (search and paging are the shared list query's). Blank means all. */
export const guideFilterSchema = z.object({
  category: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(GUIDE_CATEGORIES, { error: `The selected category is invalid. Choose one of: ${GUIDE_CATEGORIES.join(", ")}.` }).optional(),
  ),
});

/** The versions list pages by at most this many: each row carries the whole canvas. */
export const MAX_VERSIONS_PER_PAGE = 20;

/**
 * A save of a canvas: `boxes` maps each box id of the framework to its text. A box left out is saved empty
 * (the form sends every box); an id the framework does not have is refused.
 */
export function canvasSaveSchema(framework: FrameworkDefinition) {
  const shape = Object.fromEntries(
    framework.boxes.map((box) => [
      box.id,
      storableString({ error: `The ${box.title} box must be text.` })
        .max(MAX_BOX_CHARS, `The ${box.title} box must not be greater than ${MAX_BOX_CHARS} characters.`)
        .transform((text) => text.trim())
        .optional()
        .transform((text) => text ?? ""),
    ]),
  );
  return z.object({
    boxes: z.strictObject(shape, {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `${framework.name} has no box named ${issue.keys.map((key) => `"${key}"`).join(", ")}.`
          : issue.input === undefined
            ? "The boxes field is required."
            : "The boxes field must be an object of box texts.",
    }),
  });
}

export interface GuideSummary {
  slug: string;
  title: string;
  category: string;
  summary: string;
  reading_minutes: number;
  updated_at: string;
}

export interface GuideView extends GuideSummary {
  /** Markdown. */
  body: string;
}

export interface GuideCategoryCount {
  name: string;
  count: number;
}

/** A framework's definition as the API answers it (snake_case, as every answer). */
export interface FrameworkView {
  type: string;
  name: string;
  summary: string;
  when_to_use: string;
  layout: FrameworkDefinition["layout"];
  boxes: FrameworkDefinition["boxes"];
}

export const frameworkView = ({ whenToUse, ...framework }: FrameworkDefinition): FrameworkView => ({ ...framework, when_to_use: whenToUse });

/** A framework in the catalogue, with the caller's startup's canvas of it when there is one. */
export interface FrameworkSummary {
  type: string;
  name: string;
  summary: string;
  when_to_use: string;
  box_count: number;
  canvas: { version: number; updated_at: string } | null;
}

export interface CanvasView {
  type: string;
  /** Whose canvas it is, with what the AI helper's "Suggest" tells the model about the startup. */
  startup: { id: number; name: string; description: string; industry: string; stage: string | null };
  /** Every box of the framework, "" when empty. */
  boxes: Record<string, string>;
  /** 0 until the first save. */
  version: number;
  updated_at: string | null;
  updated_by: { id: number; name: string } | null;
}

export interface CanvasVersionView {
  version: number;
  boxes: Record<string, string>;
  created_at: string;
  saved_by: { id: number; name: string } | null;
}
