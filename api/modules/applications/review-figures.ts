/**
 * A form's reviews in figures, for those who read its responses: per application (review-scores.ts does the
 * arithmetic) and per reviewer. Read whole for the form: the normalized score of any one application depends
 * on every review its reviewers gave on the form.
 */
import { and, asc, count, eq, inArray, isNotNull, notExists, notInArray } from "drizzle-orm";
import { DEFAULT_DISCUSS_THRESHOLD, RECOMMENDATIONS, type ReviewFigures, type ReviewerProgress } from "#schemas/reviews.ts";
import type { Db } from "#api/db/client.ts";
import { eventApplications } from "#api/db/events-schema.ts";
import { reviewAssignments, reviewCriteria, reviewRubrics, reviews } from "#api/db/review-schema.ts";
import { users } from "#api/db/schema.ts";
import { UNSENT_OR_WITHDRAWN } from "./availability.ts";
import { reviewedBy } from "./blind.ts";
import { applicationScores, needsDiscussion } from "./review-scores.ts";

export interface FormReviews {
  /** Each application's figures, by id (an application nobody reviewed nor was given has none). */
  figures: Map<number, ReviewFigures>;
  threshold: number;
  /** Every submitted review: reviewer, application, scores by criterion id. */
  submitted: { reviewerId: number; applicationId: number; scores: Record<string, number> }[];
  criteria: { id: number; name: string; weight: number; scaleMax: number }[];
}

const ofForm = (formId: number) => eq(eventApplications.eventFormId, formId);

export async function formReviews(db: Db, formId: number): Promise<FormReviews> {
  const [rubric] = await db
    .select({ threshold: reviewRubrics.discussThreshold, needed: reviewRubrics.reviewersPerApplication })
    .from(reviewRubrics)
    .where(eq(reviewRubrics.eventFormId, formId));
  // No rubric yet: nothing was given out or scored (both make one).
  if (!rubric) return { figures: new Map(), threshold: DEFAULT_DISCUSS_THRESHOLD, submitted: [], criteria: [] };
  const criteria = await db
    .select({ id: reviewCriteria.id, name: reviewCriteria.name, weight: reviewCriteria.weight, scaleMax: reviewCriteria.scaleMax })
    .from(reviewCriteria)
    .where(eq(reviewCriteria.eventFormId, formId))
    .orderBy(asc(reviewCriteria.position));
  const submitted = await db
    .select({
      reviewerId: reviews.reviewerId,
      applicationId: reviews.applicationId,
      scores: reviews.scores,
      recommendation: reviews.recommendation,
    })
    .from(reviews)
    .innerJoin(eventApplications, eq(eventApplications.id, reviews.applicationId))
    .where(and(ofForm(formId), isNotNull(reviews.submittedAt)))
    .orderBy(asc(reviews.id));
  const assigned = await db
    .select({ applicationId: reviewAssignments.applicationId, n: count() })
    .from(reviewAssignments)
    .innerJoin(eventApplications, eq(eventApplications.id, reviewAssignments.applicationId))
    .where(ofForm(formId))
    .groupBy(reviewAssignments.applicationId);
  const threshold = rubric.threshold;
  const scores = applicationScores(
    criteria,
    submitted.map((r) => ({ ...r, scores: Object.fromEntries(Object.entries(r.scores).map(([id, n]) => [Number(id), n])) })),
  );
  const needed = new Map(assigned.map((a) => [a.applicationId, a.n]));
  const ids = new Set([...needed.keys(), ...scores.keys()]);
  const recommended = new Map<number, ReviewFigures["recommendations"]>();
  for (const { applicationId, recommendation } of submitted) {
    const counted =
      recommended.get(applicationId) ?? (Object.fromEntries(RECOMMENDATIONS.map((r) => [r, 0])) as ReviewFigures["recommendations"]);
    if (recommendation) counted[recommendation] += 1;
    recommended.set(applicationId, counted);
  }
  const figures = new Map<number, ReviewFigures>();
  for (const id of ids) {
    const figure = scores.get(id) ?? { count: 0, score: null, normalizedScore: null, spread: null };
    const recommendations = recommended.get(id) ?? { yes: 0, maybe: 0, no: 0 };
    figures.set(id, {
      count: figure.count,
      score: figure.score,
      normalized_score: figure.normalizedScore,
      spread: figure.spread,
      recommendations,
      discuss: needsDiscussion(figure, threshold),
      // Every review it needs: one from each reviewer it was given to, or the rubric's number before any was.
      complete: figure.count > 0 && figure.count >= (needed.get(id) ?? rubric.needed),
    });
  }
  return { figures, threshold, submitted, criteria };
}

/** Each reviewer of the form: what they were given and what they submitted, by name. */
export async function reviewerProgress(db: Db, formId: number): Promise<{ reviewers: ReviewerProgress[]; withoutReviewer: number }> {
  const given = await db
    .select({ reviewerId: reviewAssignments.reviewerId, name: users.name, assigned: count() })
    .from(reviewAssignments)
    .innerJoin(eventApplications, eq(eventApplications.id, reviewAssignments.applicationId))
    .innerJoin(users, eq(users.id, reviewAssignments.reviewerId))
    .where(ofForm(formId))
    .groupBy(reviewAssignments.reviewerId, users.name);
  const done = await db
    .select({ reviewerId: reviews.reviewerId, submitted: count() })
    .from(reviews)
    .innerJoin(eventApplications, eq(eventApplications.id, reviews.applicationId))
    .where(and(ofForm(formId), isNotNull(reviews.submittedAt)))
    .groupBy(reviews.reviewerId);
  const submitted = new Map(done.map((d) => [d.reviewerId, d.submitted]));
  const reviewers = given
    .map((g) => ({ reviewer_id: g.reviewerId, name: g.name, assigned: g.assigned, submitted: submitted.get(g.reviewerId) ?? 0 }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.reviewer_id - b.reviewer_id);
  return { reviewers, withoutReviewer: reviewers.length ? await withoutReviewer(db, formId) : 0 };
}

/** Sent applications nobody is given to review (every reviewer declared a conflict, say): the owner must act. */
async function withoutReviewer(db: Db, formId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(eventApplications)
    .where(
      and(
        ofForm(formId),
        notInArray(eventApplications.status, UNSENT_OR_WITHDRAWN),
        notExists(db.select().from(reviewAssignments).where(eq(reviewAssignments.applicationId, eventApplications.id))),
      ),
    );
  return row.n;
}

/**
 * The figures the caller may see on these applications: all of them for those who manage the form; for a
 * reviewer, only those whose own review they submitted (the others' scores are not theirs to see before).
 */
export async function visibleFigures(db: Db, caller: { id: number; manages: boolean }, ids: number[], all: FormReviews) {
  const seen = caller.manages ? new Set(ids) : await reviewedBy(db, caller.id, ids);
  return new Map(ids.map((id) => [id, seen.has(id) ? (all.figures.get(id) ?? null) : null]));
}

/** The responses CSV's review columns: each reviewer's score on each criterion, then the figures. */
export interface ReviewColumns {
  header: string[];
  cells: (applicationId: number) => string[];
}

export async function reviewColumns(db: Db, all: FormReviews): Promise<ReviewColumns> {
  if (!all.criteria.length) return { header: [], cells: () => [] };
  const reviewerIds = [...new Set(all.submitted.map((r) => r.reviewerId))];
  const named = reviewerIds.length
    ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, reviewerIds))
    : [];
  named.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  const scored = new Map(all.submitted.map((r) => [`${r.applicationId}:${r.reviewerId}`, r.scores]));
  const text = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));
  return {
    header: [
      ...named.flatMap((reviewer) => all.criteria.map((criterion) => `${reviewer.name}: ${criterion.name}`)),
      "Reviews",
      "Score",
      "Normalized score",
      "Spread",
      "Recommended yes",
      "Recommended maybe",
      "Recommended no",
      "Discuss",
    ],
    cells: (applicationId) => {
      const figure = all.figures.get(applicationId);
      return [
        ...named.flatMap((reviewer) => all.criteria.map((c) => text(scored.get(`${applicationId}:${reviewer.id}`)?.[c.id]))),
        text(figure?.count ?? 0),
        text(figure?.score),
        text(figure?.normalized_score),
        text(figure?.spread),
        ...RECOMMENDATIONS.map((r) => text(figure?.recommendations[r] ?? 0)),
        figure?.discuss ? "Yes" : "No",
      ];
    },
  };
}
