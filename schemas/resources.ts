import { z } from "zod";
import { booleanField, storableString } from "./fields.ts";
import { MAX_BOX_CHARS, type FrameworkDefinition } from "./frameworks/index.ts";
import { parseId } from "./ids.ts";

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

/**
 * An autosave by the same person within this many minutes of when the newest version was started, while
 * that version is itself an autosave, replaces it rather than adding one: typing makes a version every
 * few minutes, not one per pause.
 */
export const CANVAS_AUTOSAVE_FOLD_MINUTES = 5;
/**
 * A canvas keeps at most this many versions. Past it the oldest autosaved ones go first; versions saved
 * on purpose (the Save button, a restore, an API save without `autosave`) go, oldest first, only when
 * every version left is one of them.
 */
export const MAX_CANVAS_VERSIONS = 50;

/** The versions list pages by at most this many: each row carries the whole canvas. */
export const MAX_VERSIONS_PER_PAGE = 20;

export const BASE_VERSION_INVALID = "The base version must be a whole number from 0 to 2147483647.";

/**
 * The version a save's text was edited from: 0 (a canvas never saved) or a saved version's number, which
 * is an int4 like an id. Absent or blank: the save is not checked against the newest version.
 */
const baseVersionField = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z
    .unknown()
    .transform((value, ctx) => {
      const version = value === 0 || value === "0" ? 0 : parseId(value);
      if (version === undefined) {
        ctx.addIssue({ code: "custom", message: BASE_VERSION_INVALID });
        return z.NEVER;
      }
      return version;
    })
    .optional(),
);

/**
 * A save of a canvas: `boxes` maps each box id of the framework to its text. A box left out is saved empty
 * (the form sends every box); an id the framework does not have is refused. `base_version`: see above.
 * `autosave`: the editor saved by itself while typing, so the save may fold into the previous version
 * (see CANVAS_AUTOSAVE_FOLD_MINUTES); any other save is kept as a version of its own.
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
    base_version: baseVersionField,
    autosave: z.preprocess((value) => (value === undefined || value === "" || value === null ? false : value), booleanField("autosave")),
  });
}

/** A guide in the list: everything but its text. */
export const guideSummary = z.object({
  slug: z.string(),
  title: z.string(),
  category: z.string(),
  summary: z.string(),
  reading_minutes: z.number().int(),
  updated_at: z.string(),
});
export type GuideSummary = z.output<typeof guideSummary>;

/** A guide with its text (Markdown). */
export const guideView = guideSummary.extend({ body: z.string() });
export type GuideView = z.output<typeof guideView>;

export const guideCategoryCount = z.object({ name: z.string(), count: z.number().int() });
export type GuideCategoryCount = z.output<typeof guideCategoryCount>;

const frameworkBox = z.object({ id: z.string(), title: z.string(), hint: z.string(), example: z.string() });

/** A framework's definition as the API answers it (snake_case, as every answer). */
export const frameworkViewSchema = z.object({
  type: z.string(),
  name: z.string(),
  summary: z.string(),
  when_to_use: z.string(),
  layout: z.object({ columns: z.number().int(), rows: z.array(z.string()) }),
  boxes: z.array(frameworkBox),
});
export type FrameworkView = z.output<typeof frameworkViewSchema>;

export const frameworkView = ({ whenToUse, ...framework }: FrameworkDefinition): FrameworkView => ({
  ...framework,
  when_to_use: whenToUse,
});

const savedBy = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** A framework in the catalogue, with the caller's startup's canvas of it when there is one. */
export const frameworkSummary = z.object({
  type: z.string(),
  name: z.string(),
  summary: z.string(),
  when_to_use: z.string(),
  box_count: z.number().int(),
  canvas: z.object({ version: z.number().int(), updated_at: z.string() }).nullable(),
});
export type FrameworkSummary = z.output<typeof frameworkSummary>;

/** `GET /api/v1/admin/frameworks`: the catalogue, and the startup whose canvases its links open (null: none). */
export const frameworkCatalogue = z.object({
  data: z.array(frameworkSummary),
  startup: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type FrameworkCatalogue = z.output<typeof frameworkCatalogue>;

export const canvasView = z.object({
  type: z.string(),
  /** Whose canvas it is, with what the AI helper's "Suggest" tells the model about the startup. */
  startup: z.object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    industry: z.string(),
    stage: z.string().nullable(),
  }),
  /** Every box of the framework, "" when empty. */
  boxes: z.record(z.string(), z.string()),
  /** 0 until the first save. */
  version: z.number().int(),
  updated_at: z.string().nullable(),
  updated_by: savedBy,
});
export type CanvasView = z.output<typeof canvasView>;

export const canvasVersionView = z.object({
  version: z.number().int(),
  boxes: z.record(z.string(), z.string()),
  /** Saved on purpose (Save button, restore), not by the editor while typing: see MAX_CANVAS_VERSIONS. */
  kept: z.boolean(),
  /** When the version was started, and its last save (later autosaves fold into it). */
  created_at: z.string(),
  updated_at: z.string(),
  saved_by: savedBy,
});
export type CanvasVersionView = z.output<typeof canvasVersionView>;
