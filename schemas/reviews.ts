/*
 * Reviewing applications together: the rubric of an event form (its criteria, each with guidance, a weight
 * and a scale; whether review is blind; how many reviewers each application needs; how far apart reviewers'
 * scores may lie before an application is flagged for discussion), as the API takes and answers it.
 */
import { z } from "zod";
import { timestamp } from "./contract/answers.ts";
import { checkbox, headerText, optionalText } from "./fields.ts";
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
export const NOT_A_CUSTOM_QUESTION = "The selected question is not one of this form's custom questions.";

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

export const rubricSchema = z
  .object({
    criteria: z
      .array(criterionSchema, { error: "The criteria must be a list." })
      .min(1, "A rubric needs at least one criterion.")
      .max(MAX_CRITERIA, `A rubric may have at most ${MAX_CRITERIA} criteria.`),
    blind: checkbox.default(false),
    reviewers_per_application: intField("number of reviewers per application", 1, MAX_REVIEWERS_PER_APPLICATION).default(2),
    discuss_threshold: intField("disagreement threshold", 1, 100).default(DEFAULT_DISCUSS_THRESHOLD),
    // The form's custom questions whose answers also say who applied (by id).
    identifying_questions: z
      .array(z.string().trim().min(1).max(64), { error: NOT_A_CUSTOM_QUESTION })
      .max(50)
      .default([])
      .transform((ids) => [...new Set(ids)]),
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

export const ASSIGNMENT_MODES = ["all", "spread"] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];

/** A member of the team as answers name them: a reviewer, a comment's author, one a comment may mention. */
export const memberName = z.object({ id: z.number().int(), name: z.string() });

/** One criterion as the API answers it. */
export const criterionView = z.object({
  id: z.number().int(),
  name: z.string(),
  guidance: z.string().nullable(),
  weight: z.number().int(),
  scale_max: z.literal(RUBRIC_SCALES),
  /** Whether any review scored it: its scale is then fixed. */
  has_scores: z.boolean(),
});
export type CriterionView = z.output<typeof criterionView>;

/** `GET|PUT /api/v1/admin/event_forms/{id}/rubric`: the form's rubric (no criteria until one is set). */
export const rubricView = z.object({
  event_form_id: z.number().int(),
  criteria: z.array(criterionView),
  blind: z.boolean(),
  reviewers_per_application: z.number().int(),
  discuss_threshold: z.number().int(),
  /** The custom questions (by id) hidden with the standard identifying ones while review is blind. */
  identifying_questions: z.array(z.string()),
  /** How the applications are given out, once the owner has: the plan new applications follow. */
  assignment: z.object({ mode: z.enum(ASSIGNMENT_MODES), reviewer_ids: z.array(z.number().int()) }).nullable(),
  /** The members who read the form: those who may be chosen as its reviewers. */
  candidates: z.array(memberName),
});
export type RubricView = z.output<typeof rubricView>;
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
export const reviewAssignmentsView = z.object({
  assignments: z.array(z.object({ application_id: z.number().int(), reviewer_ids: z.array(z.number().int()) })),
});
export type ReviewAssignmentsView = z.output<typeof reviewAssignmentsView>;

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

/** Scores by criterion id. */
export const scoresView = z.record(z.string(), z.number().int());

/** A reviewer's review of an application. */
export const reviewView = z.object({
  application_id: z.number().int(),
  reviewer_id: z.number().int(),
  scores: scoresView,
  note: z.string().nullable(),
  recommendation: z.enum(RECOMMENDATIONS).nullable(),
  submitted_at: timestamp.nullable(),
  updated_at: timestamp,
});
export type ReviewView = z.output<typeof reviewView>;

/** The standard questions whose answers say who applied: hidden from a reviewer while review is blind. */
export const IDENTIFYING_QUESTIONS = ["full_name", "email", "phone", "company", "website", "linkedin"] as const;

/** The responses list's orders and filters by review (those who manage the form use them). */
export const REVIEW_SORTS = ["score", "normalized_score"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_COMPLETENESS = ["complete", "incomplete"] as const;
export type ReviewCompleteness = (typeof REVIEW_COMPLETENESS)[number];
export const SCORES_FOR_MANAGERS = "Sorting and filtering by review scores is for those who manage the form.";
export const BLIND_SEARCH = "While review is blind, searching by name or email is for those who manage the form.";

/**
 * An application's reviews in figures: how many are in, the weighted mean out of 100, the normalized score
 * (each reviewer measured against their own scores on the form), how far apart the scores lie, the
 * recommendations counted; `discuss` when the spread is above the form's threshold, `complete` when every
 * review it needs is in.
 */
export const reviewFiguresView = z.object({
  count: z.number().int(),
  score: z.number().nullable(),
  normalized_score: z.number().nullable(),
  spread: z.number().nullable(),
  recommendations: z.record(z.enum(RECOMMENDATIONS), z.number().int()),
  discuss: z.boolean(),
  complete: z.boolean(),
});
export type ReviewFigures = z.output<typeof reviewFiguresView>;

/** A reviewer's progress on a form: the applications given to them and the reviews they submitted. */
export const reviewerProgressView = z.object({
  reviewer_id: z.number().int(),
  name: z.string(),
  assigned: z.number().int(),
  submitted: z.number().int(),
});
export type ReviewerProgress = z.output<typeof reviewerProgressView>;

/** The outcomes a committee decides in bulk. */
export const DECISION_STATUSES = ["accepted", "waitlisted", "rejected"] as const;
export type DecisionStatus = (typeof DECISION_STATUSES)[number];
export const MAX_DECISIONS = 500;
export const NOT_THIS_FORMS = "The selected application is not one of this form's submitted applications.";
export const onlyPlacesLeft = (left: number) => `Only ${left} ${left === 1 ? "place" : "places"} left.`;

/**
 * `POST /api/v1/admin/event_forms/{id}/decisions`: the applications (in the order chosen: the waitlist keeps
 * it), the status they all get, whether the applicants are told; `preview` changes nothing and says what would.
 */
export const decisionSchema = z.object({
  application_ids: z
    .array(idField(NOT_THIS_FORMS), { error: "Choose the applications." })
    .min(1, "Choose at least one application.")
    .max(MAX_DECISIONS, `Decide at most ${MAX_DECISIONS} applications at once.`)
    .transform((ids) => [...new Set(ids)]),
  status: z.enum(DECISION_STATUSES, { error: "The status must be accepted, waitlisted or rejected." }),
  notify: z.preprocess((value) => value !== false && value !== "false" && value !== "0", z.boolean()),
  preview: z.preprocess((value) => value === true || value === "true" || value === "1", z.boolean()),
});
export type DecisionInput = z.output<typeof decisionSchema>;

/** What a decision did, or with `preview` would do: the applications whose status changes and the mails. */
export const decisionsView = z.object({
  updated: z.number().int(),
  preview: z
    .object({
      changes: z.number().int(),
      /** Mails sent at once (an applicant may take this mail in their daily digest, or not at all). */
      mails: z.number().int(),
      subject: z.string(),
      text: z.string(),
      /** Who changes, in the order chosen (the committee decides by name, so nothing here is blind). */
      applicants: z.array(z.string()),
      /** Chosen but already in that status: left as they are. */
      unchanged: z.number().int(),
    })
    .nullable(),
});
export type DecisionsView = z.output<typeof decisionsView>;

export const MAX_COMMENT_LENGTH = 2000;
export const COMMENTS_HIDDEN = "The team's comments show once your review of this application is in.";

/** `POST /api/v1/admin/event_applications/{id}/comments`: a comment; `@Name` tells that member of the team. */
export const commentSchema = z.object({
  body: z
    .string({ error: "The comment field is required." })
    .trim()
    .min(1, "The comment field is required.")
    .max(MAX_COMMENT_LENGTH, `The comment may not be greater than ${MAX_COMMENT_LENGTH} characters.`),
});

/** A comment of the team on an application. */
export const commentView = z.object({
  id: z.number().int(),
  author: memberName,
  body: z.string(),
  mentioned: z.array(memberName),
  created_at: timestamp,
});
export type CommentView = z.output<typeof commentView>;

/**
 * `GET /api/v1/admin/event_applications/{id}/comments`: the comments, oldest first, and the members a comment
 * may mention; `hidden` while the caller reviews the application blind (the comments may name who applied).
 */
export const commentsView = z.object({ comments: z.array(commentView), members: z.array(memberName), hidden: z.boolean() });
export type CommentsView = z.output<typeof commentsView>;

/** `POST /api/v1/admin/event_applications/{id}/comments`'s answer: the new comment's id. */
export const commentAdded = z.object({ id: z.number().int(), message: z.string() });
