/*
 * A reviewer's side of review: their queue across the forms of the organization they act for, and what the
 * scoring screen reads for one application (the rubric, their own review, where it sits in their queue, and
 * the other reviewers' reviews once theirs is in).
 */
import { z } from "zod";
import { pageOf, timestamp } from "./contract/answers.ts";
import { listQuery } from "./contract/list-query.ts";
import { optionalText } from "./fields.ts";
import { criterionView, RECOMMENDATIONS, reviewView, scoresView } from "./reviews.ts";

/** The queue's two tabs: what is left to review (drafts included), and what is submitted. */
export const QUEUE_STATES = ["to_do", "done"] as const;
export type QueueState = (typeof QUEUE_STATES)[number];
export const queueStateSchema = z.enum(QUEUE_STATES).catch("to_do");

/** `GET /api/v1/admin/reviews`'s query: a page of one tab (to do when none or another is asked). */
export const queueQuery = listQuery.extend({ state: queueStateSchema });

/** Where one application of the queue stands for its reviewer. */
export const QUEUE_ITEM_STATES = ["to_do", "draft", "done"] as const;
export type QueueItemState = (typeof QUEUE_ITEM_STATES)[number];

/** Done out of total: "12 of 40". */
export const reviewProgress = z.object({ done: z.number().int(), total: z.number().int() });
export type ReviewProgress = z.output<typeof reviewProgress>;

export const queueItem = z.object({
  application_id: z.number().int(),
  event_form_id: z.number().int(),
  event_form_title: z.string(),
  /** Who applied; "Applicant {id}" while the form is read blind and the caller's review is not in. */
  applicant_label: z.string(),
  state: z.enum(QUEUE_ITEM_STATES),
  /** When the caller last saved their review; null before they start. */
  updated_at: timestamp.nullable(),
});
export type QueueItem = z.output<typeof queueItem>;

/** `GET /api/v1/admin/reviews?state=to_do|done&page=`: a page of the caller's queue, with their progress. */
export const reviewQueuePage = pageOf(queueItem).extend({
  state: z.enum(QUEUE_STATES),
  progress: reviewProgress,
  forms: z.array(reviewProgress.extend({ event_form_id: z.number().int(), title: z.string() })),
});
export type ReviewQueuePage = z.output<typeof reviewQueuePage>;

/** Another reviewer's submitted review, as the scoring screen shows it. */
export const otherReview = z.object({
  reviewer_id: z.number().int(),
  reviewer_name: z.string(),
  scores: scoresView,
  recommendation: z.enum(RECOMMENDATIONS).nullable(),
  note: z.string().nullable(),
  submitted_at: timestamp,
});
export type OtherReview = z.output<typeof otherReview>;

/** The caller's place in their queue: the applications around this one and the next one not submitted yet. */
export const queueNeighbours = z.object({
  previous_id: z.number().int().nullable(),
  next_id: z.number().int().nullable(),
  next_unreviewed_id: z.number().int().nullable(),
  /** This application's place in the queue (1 the first); null when it is not in the caller's queue. */
  position: z.number().int().nullable(),
  total: z.number().int(),
});
export type QueueNeighbours = z.output<typeof queueNeighbours>;

/** `GET /api/v1/admin/event_applications/{id}/review`: what the scoring screen reads. */
export const reviewReading = z.object({
  application_id: z.number().int(),
  event_form_id: z.number().int(),
  event_form_title: z.string(),
  criteria: z.array(criterionView.omit({ has_scores: true })),
  /** The caller reads it blind now (who applied is left out). */
  blind: z.boolean(),
  /** The form is reviewed blind (those who manage it see who applied all the same). */
  form_blind: z.boolean(),
  /** Given to the caller to review: only then may they score it. */
  assigned: z.boolean(),
  /** The form is closed: its reviews no longer change. */
  closed: z.boolean(),
  review: reviewView.nullable(),
  submitted: z.boolean(),
  queue: queueNeighbours,
  /**
   * The others' submitted reviews: for a reviewer once their own is submitted, for one who manages the form
   * and does not review it at any time; null while they stay hidden.
   */
  others: z.array(otherReview).nullable(),
});
export type ReviewReading = z.output<typeof reviewReading>;

/** What the scoring form posts: its button says whether it keeps a draft or submits. */
export const SCORING_INTENTS = ["draft", "submit", "autosave", "conflict"] as const;
export type ScoringIntent = (typeof SCORING_INTENTS)[number];

/** The scoring form as the panel reads it: scores by criterion id (`scores.{id}`), a note, a recommendation. */
export const scoringFormSchema = z.object({
  intent: z.enum(SCORING_INTENTS, { error: "That request was not understood." }),
  scores: z.record(z.string(), z.string()).default({}),
  note: optionalText("note", 5000),
  recommendation: z.enum(RECOMMENDATIONS, { error: "The recommendation must be yes, maybe or no." }).optional(),
});
export type ScoringForm = z.output<typeof scoringFormSchema>;
