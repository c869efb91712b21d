/*
 * A reviewer's side of review: their queue across the forms of the organization they act for, and what the
 * scoring screen reads for one application (the rubric, their own review, where it sits in their queue, and
 * the other reviewers' reviews once theirs is in).
 */
import { z } from "zod";
import type { Page } from "./answers.ts";
import { optionalText } from "./fields.ts";
import { RECOMMENDATIONS, type CriterionView, type Recommendation, type ReviewView } from "./reviews.ts";

/** The queue's two tabs: what is left to review (drafts included), and what is submitted. */
export const QUEUE_STATES = ["to_do", "done"] as const;
export type QueueState = (typeof QUEUE_STATES)[number];
export const queueStateSchema = z.enum(QUEUE_STATES).catch("to_do");

/** Where one application of the queue stands for its reviewer. */
export type QueueItemState = "to_do" | "draft" | "done";

/** Done out of total: "12 of 40". */
export interface ReviewProgress {
  done: number;
  total: number;
}

export interface QueueItem {
  application_id: number;
  event_form_id: number;
  event_form_title: string;
  /** Who applied; "Applicant {id}" while the form is read blind and the caller's review is not in. */
  applicant_label: string;
  state: QueueItemState;
  /** When the caller last saved their review; null before they start. */
  updated_at: string | null;
}

/** `GET /api/v1/admin/reviews?state=to_do|done&page=`: a page of the caller's queue, with their progress. */
export type ReviewQueuePage = Page<QueueItem> & {
  state: QueueState;
  progress: ReviewProgress;
  forms: (ReviewProgress & { event_form_id: number; title: string })[];
};

/** Another reviewer's submitted review, as the scoring screen shows it. */
export interface OtherReview {
  reviewer_id: number;
  reviewer_name: string;
  scores: Record<string, number>;
  recommendation: Recommendation | null;
  note: string | null;
  submitted_at: string;
}

/** The caller's place in their queue: the applications around this one and the next one not submitted yet. */
export interface QueueNeighbours {
  previous_id: number | null;
  next_id: number | null;
  next_unreviewed_id: number | null;
  /** This application's place in the queue (1 the first); null when it is not in the caller's queue. */
  position: number | null;
  total: number;
}

/** `GET /api/v1/admin/event_applications/{id}/review`: what the scoring screen reads. */
export interface ReviewReading {
  application_id: number;
  event_form_id: number;
  event_form_title: string;
  criteria: Omit<CriterionView, "has_scores">[];
  blind: boolean;
  /** Given to the caller to review: only then may they score it. */
  assigned: boolean;
  /** The form is closed: its reviews no longer change. */
  closed: boolean;
  review: ReviewView | null;
  submitted: boolean;
  queue: QueueNeighbours;
  /**
   * The others' submitted reviews: for a reviewer once their own is submitted, for one who manages the form
   * and does not review it at any time; null while they stay hidden.
   */
  others: OtherReview[] | null;
}

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
