/**
 * A form's review settings as one row (review_rubrics): the rubric's own (blind, reviewers per application,
 * the disagreement threshold) and the plan its applications are given out by, once the owner has run one.
 * Read and written here only, so every part of review sees the plan the same way.
 */
import { eq, sql } from "drizzle-orm";
import type { AssignmentMode } from "#schemas/reviews.ts";
import type { Db } from "#api/db/client.ts";
import { reviewRubrics } from "#api/db/review-schema.ts";

export type RubricRow = typeof reviewRubrics.$inferSelect;

/** How a form's applications are given out: everyone reviews everything, or each to a number of them. */
export interface AssignmentPlan {
  mode: AssignmentMode;
  reviewerIds: readonly number[];
  perApplication: number;
}

export async function rubricRowOf(tx: Db, formId: number): Promise<RubricRow | undefined> {
  const [row] = await tx.select().from(reviewRubrics).where(eq(reviewRubrics.eventFormId, formId));
  return row;
}

/** The plan a form's owner ran, or null while applications are not given out (or no reviewer is left). */
export function planOf(rubric: RubricRow | undefined): AssignmentPlan | null {
  if (!rubric?.assignmentMode || !rubric.reviewerIds.length) return null;
  return { mode: rubric.assignmentMode, reviewerIds: rubric.reviewerIds, perApplication: rubric.reviewersPerApplication };
}

/** Writes some of the form's settings, making its row the first time. */
export async function saveRubricSettings(
  tx: Db,
  formId: number,
  settings: Partial<Omit<typeof reviewRubrics.$inferInsert, "eventFormId" | "updatedAt">>,
): Promise<void> {
  const values = { ...settings, updatedAt: sql`now()` };
  await tx
    .insert(reviewRubrics)
    .values({ eventFormId: formId, ...values })
    .onConflictDoUpdate({ target: reviewRubrics.eventFormId, set: values });
}
