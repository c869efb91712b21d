/*
 * Reviewing applications together: the rubric of an event form (its criteria, each with guidance, a weight
 * and a scale; whether review is blind; how many reviewers each application needs; how far apart reviewers'
 * scores may lie before an application is flagged for discussion), as the API takes and answers it.
 */
import { z } from "zod";
import { headerText, optionalText } from "./fields.ts";
import { idField, optionalIdField } from "./id-fields.ts";

export const RUBRIC_SCALES = [5, 10] as const;
export type RubricScale = (typeof RUBRIC_SCALES)[number];
export const MAX_CRITERIA = 20;
export const MAX_REVIEWERS_PER_APPLICATION = 20;
/** The spread (out of 100) above which an application's reviewers disagree, unless the owner sets another. */
export const DEFAULT_DISCUSS_THRESHOLD = 25;

export const SCALE_HAS_SCORES =
  "This criterion already has scores, so its scale cannot change: rename it, or add a new criterion for the new scale.";
export const CRITERION_HAS_SCORES = "A criterion that already has scores cannot be removed.";
export const UNKNOWN_CRITERION = "The selected criterion is not one of this form's.";

const intField = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `The ${label} must be a number.` })
    .int(`The ${label} must be a whole number.`)
    .min(min, `The ${label} must be at least ${min}.`)
    .max(max, `The ${label} may not be greater than ${max}.`);

export const criterionSchema = z.object({
  id: optionalIdField(UNKNOWN_CRITERION),
  // A criterion names a column of the responses' CSV and a line of the scoring screen: one line.
  name: headerText("criterion name", 120),
  // Null as the rubric answers it: a criterion sent back as read has no guidance.
  guidance: z.preprocess((value) => value ?? undefined, optionalText("guidance", 2000)),
  weight: intField("weight", 1, 100),
  scale_max: z.coerce.number().refine((value): value is RubricScale => (RUBRIC_SCALES as readonly number[]).includes(value), {
    message: "The scale must be 1 to 5 or 1 to 10.",
  }),
});
export type CriterionInput = z.output<typeof criterionSchema>;

const booleanField = z.preprocess((value) => value === true || value === "true" || value === "on" || value === "1", z.boolean());

export const rubricSchema = z
  .object({
    criteria: z
      .array(criterionSchema, { error: "The criteria must be a list." })
      .min(1, "A rubric needs at least one criterion.")
      .max(MAX_CRITERIA, `A rubric may have at most ${MAX_CRITERIA} criteria.`),
    blind: booleanField.default(false),
    reviewers_per_application: intField("number of reviewers per application", 1, MAX_REVIEWERS_PER_APPLICATION).default(2),
    discuss_threshold: intField("disagreement threshold", 1, 100).default(DEFAULT_DISCUSS_THRESHOLD),
  })
  .superRefine((rubric, ctx) => {
    const seen = new Set<string>();
    rubric.criteria.forEach((criterion, index) => {
      const key = criterion.name.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: "custom", path: ["criteria", index, "name"], message: "Each criterion needs a name of its own." });
      seen.add(key);
    });
  });
export type RubricInput = z.output<typeof rubricSchema>;

/** One criterion as the API answers it. */
export interface CriterionView {
  id: number;
  name: string;
  guidance: string | null;
  weight: number;
  scale_max: RubricScale;
  /** Whether any review scored it: its scale is then fixed. */
  has_scores: boolean;
}

/** `GET|PUT /api/v1/admin/event_forms/{id}/rubric`: the form's rubric (no criteria until one is set). */
export interface RubricView {
  event_form_id: number;
  criteria: CriterionView[];
  blind: boolean;
  reviewers_per_application: number;
  discuss_threshold: number;
}

export const ASSIGNMENT_MODES = ["all", "spread"] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];
export const NOT_A_REVIEWER = "The selected reviewer is not a member who reads this form.";

/**
 * `POST /api/v1/admin/event_forms/{id}/review_assignments`: everyone reviews everything, or each application
 * goes to `per_application` of the reviewers (the rubric's number when not given).
 */
export const assignmentSchema = z.object({
  mode: z.enum(ASSIGNMENT_MODES, { error: "The mode must be all or spread." }),
  per_application: intField("number of reviewers per application", 1, MAX_REVIEWERS_PER_APPLICATION).optional(),
  reviewer_ids: z
    .array(idField(NOT_A_REVIEWER), { error: "Choose the reviewers." })
    .min(1, "Choose at least one reviewer.")
    .transform((ids) => [...new Set(ids)]),
});
export type AssignmentInput = z.output<typeof assignmentSchema>;

/** Each submitted application with its reviewers. */
export interface ReviewAssignmentsView {
  assignments: { application_id: number; reviewer_ids: number[] }[];
}

export const RECOMMENDATIONS = ["yes", "maybe", "no"] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];
export const NOT_ASSIGNED = "This application is not yours to review.";
export const DECISIONS_FINAL = "Decisions on this form are final: it is closed, so its reviews can no longer change.";
export const NOT_A_CRITERION = "This is not one of the form's criteria.";
export const SCORE_BEFORE_SUBMITTING = "Score this criterion before submitting.";
export const CHOOSE_RECOMMENDATION = "Choose a recommendation before submitting.";
export const scoreOutOfScale = (max: number) => `The score must be a whole number from 1 to ${max}.`;

/**
 * `PUT /api/v1/admin/event_applications/{id}/review`: the reviewer's scores by criterion id, a note and a
 * recommendation. `submit: false` keeps a draft (any scores so far); a submitted review (the default) needs
 * every criterion scored and a recommendation, and stays submitted.
 */
export const reviewSchema = z.object({
  scores: z.record(z.string(), z.unknown(), { error: "The scores must be an object of criterion ids." }).default({}),
  note: z.preprocess((value) => value ?? undefined, optionalText("note", 5000)),
  recommendation: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.enum(RECOMMENDATIONS, { error: "The recommendation must be yes, maybe or no." }).optional(),
  ),
  submit: z.preprocess((value) => value !== false && value !== "false", z.boolean()),
});
export type ReviewInput = z.output<typeof reviewSchema>;

/** A reviewer's review of an application. */
export interface ReviewView {
  application_id: number;
  reviewer_id: number;
  scores: Record<string, number>;
  note: string | null;
  recommendation: Recommendation | null;
  submitted_at: string | null;
  updated_at: string;
}

/** The standard questions whose answers say who applied: hidden from a reviewer while review is blind. */
export const IDENTIFYING_QUESTIONS = ["full_name", "email", "phone", "company", "website", "linkedin"] as const;
