/**
 * A reviewer's review of an application they were given: scores by criterion (each on its scale), a note, a
 * recommendation. A draft keeps whatever is there so far; submitting needs every criterion and a
 * recommendation, and is on the audit log the first time. Nothing changes once the form is closed.
 */
import { and, eq, sql } from "drizzle-orm";
import {
  CHOOSE_RECOMMENDATION,
  DECISIONS_FINAL,
  NOT_A_CRITERION,
  NOT_ASSIGNED,
  SCORE_BEFORE_SUBMITTING,
  scoreOutOfScale,
  type ReviewInput,
  type ReviewView,
} from "#schemas/reviews.ts";
import type { Db } from "#api/db/client.ts";
import { eventForms } from "#api/db/events-schema.ts";
import { reviewAssignments, reviewCriteria, reviews } from "#api/db/review-schema.ts";
import { recordActivity, type Actor } from "#api/lib/activity.ts";
import { HttpError, notFound, validationFailed, type FieldErrors } from "#api/lib/errors.ts";
import type { OrganizationAccess } from "#api/lib/owner.ts";
import { applicationWithForm, responsesToOwner } from "../applications/queries.ts";

/** A review as the API answers it. */
export const reviewView = (row: typeof reviews.$inferSelect): ReviewView => ({
  application_id: row.applicationId,
  reviewer_id: row.reviewerId,
  scores: row.scores,
  note: row.note,
  recommendation: row.recommendation,
  submitted_at: row.submittedAt?.toISOString() ?? null,
  updated_at: row.updatedAt.toISOString(),
});

/** The scores as the form's criteria allow them, or each refusal on its `scores.{criterion id}`. */
function checkedScores(criteria: { id: number; scaleMax: number }[], given: Record<string, unknown>, submitting: boolean) {
  const errors: FieldErrors = {};
  const scores: Record<string, number> = {};
  const scales = new Map(criteria.map((c) => [String(c.id), c.scaleMax]));
  for (const [key, value] of Object.entries(given)) {
    const max = scales.get(key);
    if (max === undefined) errors[`scores.${key}`] = [NOT_A_CRITERION];
    else if (value === null || value === "") continue;
    else if (!Number.isInteger(Number(value)) || Number(value) < 1 || Number(value) > max) errors[`scores.${key}`] = [scoreOutOfScale(max)];
    else scores[key] = Number(value);
  }
  if (submitting) for (const c of criteria) if (scores[c.id] === undefined) errors[`scores.${c.id}`] ??= [SCORE_BEFORE_SUBMITTING];
  return { scores, errors };
}

export async function saveReview(
  db: Db,
  access: OrganizationAccess,
  reviewer: NonNullable<Actor>,
  applicationId: number,
  input: ReviewInput,
): Promise<ReviewView> {
  return db.transaction(async (tx) => {
    const found = await applicationWithForm(tx, applicationId, responsesToOwner(access));
    const [assigned] = found
      ? await tx
          .select({ applicationId: reviewAssignments.applicationId })
          .from(reviewAssignments)
          .where(and(eq(reviewAssignments.applicationId, applicationId), eq(reviewAssignments.reviewerId, reviewer.id)))
          // Two saves of one review take turns here (before its first save there is no review row to lock).
          .for("update")
      : [];
    if (!found || !assigned) throw notFound(NOT_ASSIGNED);
    const formId = found.application.eventFormId;
    const [form] = await tx
      .select({ status: eventForms.status, title: eventForms.title })
      .from(eventForms)
      .where(eq(eventForms.id, formId));
    if (form.status === "closed") throw new HttpError(409, DECISIONS_FINAL);
    const [before] = await tx
      .select()
      .from(reviews)
      .where(and(eq(reviews.applicationId, applicationId), eq(reviews.reviewerId, reviewer.id)))
      .for("update");
    // A submitted review stays submitted: what replaces it must be whole too.
    const submitting = input.submit || Boolean(before?.submittedAt);
    const criteria = await tx
      .select({ id: reviewCriteria.id, scaleMax: reviewCriteria.scaleMax })
      .from(reviewCriteria)
      .where(eq(reviewCriteria.eventFormId, formId));
    const { scores, errors } = checkedScores(criteria, input.scores, submitting);
    if (submitting && !input.recommendation) errors.recommendation = [CHOOSE_RECOMMENDATION];
    if (Object.keys(errors).length) throw validationFailed(errors);
    const values = {
      scores,
      note: input.note ?? null,
      recommendation: input.recommendation ?? null,
      submittedAt: submitting ? sql`coalesce(${reviews.submittedAt}, now())` : null,
      updatedAt: sql`now()`,
    };
    const [row] = await tx
      .insert(reviews)
      .values({ applicationId, reviewerId: reviewer.id, ...values, submittedAt: submitting ? sql`now()` : null })
      .onConflictDoUpdate({ target: [reviews.applicationId, reviews.reviewerId], set: values })
      .returning();
    if (submitting && !before?.submittedAt)
      await recordActivity(tx, {
        organizationId: found.form.startupId,
        actor: reviewer,
        kind: "application.review_submitted",
        subject: { id: applicationId, label: found.application.applicantName },
        eventFormId: formId,
        changes: { recommendation: { from: null, to: input.recommendation ?? null } },
      });
    return reviewView(row);
  });
}
