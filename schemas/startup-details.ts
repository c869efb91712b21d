import { z } from "zod";
import { storableString, urlField } from "./fields.ts";

/*
 * Startup details: the categories and their fields live here, in code, so the API (validation, completion)
 * and the panel (the forms) read one definition. Values are stored per category as { [field key]: value }.
 *
 * Completion rule (computed by the server): every field counts once, required or not. A category's
 * completion is filled fields / all its fields; the overall completeness is filled fields / all fields of
 * every category. Both are rounded down, so 100 % means every field is filled. A category is "complete"
 * for the checklist when its required fields are all filled.
 */

export const DETAIL_FIELD_TYPES = ["text", "long_text", "number", "money", "date", "choice", "url"] as const;
export type DetailFieldType = (typeof DETAIL_FIELD_TYPES)[number];

/** One field of a category, as the categories define it and the API answers it. */
export const detailField = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(DETAIL_FIELD_TYPES),
  required: z.boolean(),
  hint: z.string().optional(),
  /** The allowed answers of a `choice` field. */
  options: z.array(z.string()).readonly().optional(),
});
export type DetailField = z.output<typeof detailField>;

export interface DetailCategory {
  id: number;
  name: string;
  description: string;
  fields: readonly DetailField[];
}

/** A stored answer: text, a number, or null when it is not given. */
export const detailValues = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
export type DetailValue = string | number | null;
export type DetailValues = z.output<typeof detailValues>;

export const DETAIL_CATEGORY_NOT_FOUND = "Detail category not found";
export const STARTUP_DETAILS_SAVED = "Startup details saved";

const STAGES = ["Idea", "Pre-seed", "Seed", "Series A", "Series B", "Growth"] as const;

export const DETAIL_CATEGORIES: readonly DetailCategory[] = [
  {
    id: 1,
    name: "Basics",
    description: "Who you are, in a sentence and a paragraph.",
    fields: [
      { key: "legal_name", label: "Legal name", type: "text", required: true, hint: "As registered with the authorities." },
      { key: "tagline", label: "One-line pitch", type: "text", required: true, hint: "What you do, for whom, in one sentence." },
      { key: "founded_on", label: "Founded on", type: "date", required: true },
      { key: "headquarters", label: "Headquarters address", type: "text", required: false },
      { key: "website", label: "Website", type: "url", required: false },
    ],
  },
  {
    id: 2,
    name: "Team",
    description: "The people building it.",
    fields: [
      { key: "team_size", label: "Team size", type: "number", required: true, hint: "Full-time people, founders included." },
      { key: "founders_background", label: "Founders' background", type: "long_text", required: true },
      {
        key: "hiring_plans",
        label: "Hiring plans",
        type: "long_text",
        required: false,
        hint: "Roles you will hire in the next 12 months.",
      },
    ],
  },
  {
    id: 3,
    name: "Product",
    description: "What you make and how far along it is.",
    fields: [
      { key: "problem", label: "Problem", type: "long_text", required: true },
      { key: "solution", label: "Solution", type: "long_text", required: true },
      {
        key: "product_stage",
        label: "Product stage",
        type: "choice",
        required: true,
        options: ["Idea", "Prototype", "Beta", "Launched", "Scaling"],
      },
      { key: "demo_url", label: "Demo link", type: "url", required: false, hint: "A video or a live demo." },
    ],
  },
  {
    id: 4,
    name: "Market",
    description: "Who buys, how many of them, and who else sells to them.",
    fields: [
      { key: "target_customers", label: "Target customers", type: "long_text", required: true },
      { key: "market_size", label: "Market size (USD)", type: "money", required: false, hint: "Total addressable market per year." },
      { key: "competitors", label: "Competitors", type: "long_text", required: false },
      {
        key: "business_model",
        label: "Business model",
        type: "choice",
        required: true,
        options: ["Subscription", "Transaction fee", "Marketplace", "Hardware sales", "Licensing", "Advertising", "Other"],
      },
    ],
  },
  {
    id: 5,
    name: "Traction",
    description: "Proof that people want it.",
    fields: [
      { key: "customers", label: "Paying customers", type: "number", required: true },
      { key: "monthly_revenue", label: "Monthly revenue (USD)", type: "money", required: false },
      { key: "growth_rate", label: "Monthly growth (%)", type: "number", required: false },
      { key: "milestones", label: "Milestones", type: "long_text", required: false, hint: "Pilots, partnerships, launches." },
    ],
  },
  {
    id: 6,
    name: "Funding",
    description: "Money raised so far and what you are raising now.",
    fields: [
      { key: "funding_stage", label: "Funding stage", type: "choice", required: true, options: STAGES },
      { key: "raised_to_date", label: "Raised to date (USD)", type: "money", required: true },
      { key: "raising_now", label: "Currently raising (USD)", type: "money", required: false },
      { key: "investors", label: "Investors", type: "long_text", required: false },
    ],
  },
  {
    id: 7,
    name: "Legal",
    description: "The company behind the startup.",
    fields: [
      {
        key: "entity_type",
        label: "Entity type",
        type: "choice",
        required: true,
        options: ["Limited company", "Corporation", "LLC", "Partnership", "Sole proprietorship", "Not incorporated yet"],
      },
      { key: "registration_number", label: "Registration number", type: "text", required: false },
      { key: "incorporated_on", label: "Incorporated on", type: "date", required: false },
      { key: "jurisdiction", label: "Jurisdiction", type: "text", required: false, hint: "Country or state of incorporation." },
    ],
  },
];

export const detailCategory = (id: number | undefined) => DETAIL_CATEGORIES.find((category) => category.id === id);

/** Laravel's attribute name: the key with spaces ("team_size" → "team size"). */
const attribute = (field: DetailField) => field.key.replace(/_/g, " ");

/** "" and null mean "not given" (a form sends empty inputs as "" or drops them; JSON clients send null). */
const blank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && !value.trim());

const MAX_NUMBER = 1_000_000_000_000;
const TEXT_MAX: Partial<Record<DetailFieldType, number>> = {
  text: 255,
  long_text: 5000,
};

/** The validator of one answer, once it is known not to be blank. Output is what is stored. */
function answer(field: DetailField): z.ZodType<string | number> {
  const name = attribute(field);
  switch (field.type) {
    case "text":
    case "long_text": {
      const max = TEXT_MAX[field.type]!;
      return storableString({ error: `The ${name} field must be text.` })
        .trim()
        .max(max, `The ${name} field must not be greater than ${max} characters.`);
    }
    case "url":
      return urlField(name);
    case "number":
      return z.unknown().transform((value, ctx) => {
        const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
        if (!/^\d{1,13}(\.\d{1,2})?$/.test(text) || Number(text) > MAX_NUMBER) {
          ctx.addIssue({
            code: "custom",
            message: `The ${name} field must be a number of 0 or more.`,
          });
          return z.NEVER;
        }
        return Number(text);
      });
    case "money":
      return z.unknown().transform((value, ctx) => {
        // Kept as text with two decimals: an amount must not drift through floating point.
        const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim().replace(/[,\s]/g, "") : "";
        if (!/^\d{1,13}(\.\d{1,2})?$/.test(text) || Number(text) > MAX_NUMBER) {
          ctx.addIssue({
            code: "custom",
            message: `The ${name} field must be an amount such as 250000 or 1250.50.`,
          });
          return z.NEVER;
        }
        return Number(text).toFixed(2);
      });
    case "date":
      return z.unknown().transform((value, ctx) => {
        const text = typeof value === "string" ? value.trim() : "";
        const parsed = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00Z`) : null;
        // Round-tripping refuses dates that do not exist (2026-02-30 would otherwise roll over to March).
        if (!parsed || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== text) {
          ctx.addIssue({
            code: "custom",
            message: `The ${name} field must be a valid date.`,
          });
          return z.NEVER;
        }
        return text;
      });
    case "choice":
      return z.enum(field.options as [string, ...string[]], {
        error: `The selected ${name} is invalid.`,
      });
  }
}

/** One field: a blank required answer is refused, a blank optional one is stored as null. */
function fieldSchema(field: DetailField): z.ZodType<DetailValue> {
  const inner = answer(field);
  return z.unknown().transform((value, ctx): DetailValue => {
    if (blank(value)) {
      if (field.required)
        ctx.addIssue({
          code: "custom",
          message: `The ${attribute(field)} field is required.`,
        });
      return null;
    }
    const result = inner.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
    return z.NEVER;
  });
}

/** The schema of one category's form: every field of the category, nothing else (other keys are dropped). */
export function detailCategorySchema(category: DetailCategory) {
  const shape = z.object(Object.fromEntries(category.fields.map((field) => [field.key, fieldSchema(field)])));
  // A field left out reads as blank (conform drops empty inputs), so each field's own rule decides about it.
  const filled = (input: unknown) =>
    input && typeof input === "object" && !Array.isArray(input)
      ? { ...Object.fromEntries(category.fields.map((field) => [field.key, null])), ...input }
      : input;
  return z.preprocess(filled, shape) as unknown as z.ZodType<DetailValues, Record<string, unknown>>;
}

/** Built once: the API validates with these, the panel's forms too. */
export const DETAIL_CATEGORY_SCHEMAS: ReadonlyMap<number, ReturnType<typeof detailCategorySchema>> = new Map(
  DETAIL_CATEGORIES.map((category) => [category.id, detailCategorySchema(category)]),
);

const isFilled = (value: unknown) => !blank(value);

export const categoryCompletionView = z.object({
  filled_count: z.number().int(),
  field_count: z.number().int(),
  required_filled: z.number().int(),
  required_count: z.number().int(),
  /** Whole percent, rounded down. */
  completion: z.number().int(),
  /** Every required field is filled. */
  is_complete: z.boolean(),
});
export type CategoryCompletion = z.output<typeof categoryCompletionView>;

export function categoryCompletion(category: DetailCategory, values: Record<string, unknown>): CategoryCompletion {
  const filled = category.fields.filter((field) => isFilled(values[field.key]));
  const required = category.fields.filter((field) => field.required);
  const requiredFilled = required.filter((field) => isFilled(values[field.key])).length;
  return {
    filled_count: filled.length,
    field_count: category.fields.length,
    required_filled: requiredFilled,
    required_count: required.length,
    completion: percent(filled.length, category.fields.length),
    is_complete: requiredFilled === required.length,
  };
}

/** Overall completeness: filled fields over all fields of all categories (so large categories weigh more). */
export function overallCompleteness(valuesByCategory: ReadonlyMap<number, Record<string, unknown>>): number {
  let filled = 0;
  let total = 0;
  for (const category of DETAIL_CATEGORIES) {
    const completion = categoryCompletion(category, valuesByCategory.get(category.id) ?? {});
    filled += completion.filled_count;
    total += completion.field_count;
  }
  return percent(filled, total);
}

const percent = (part: number, whole: number) => (whole ? Math.floor((part * 100) / whole) : 100);
