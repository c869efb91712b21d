/**
 * What a committee's scores mean. A review's score is its weighted mean out of 100 (each criterion's score
 * placed on its own scale, 1 the bottom and the scale's top 100). Its normalized score is that score measured
 * against the reviewer's own scores on the same form: how many of the reviewer's own spreads above or below
 * the reviewer's own mean (a z-score; 0 for a reviewer whose scores never differ). An application's
 * normalized score is the mean of its reviews', so a harsh and a lenient reviewer weigh the same; its spread
 * is how far its reviewers' scores lie apart (their standard deviation), and above the form's threshold it is
 * flagged for discussion.
 */

export interface Criterion {
  id: number;
  weight: number;
  scaleMax: number;
}

/** A submitted review: its reviewer, its application and a score per criterion id. */
export interface ScoredReview {
  reviewerId: number;
  applicationId: number;
  scores: Readonly<Record<number, number>>;
}

export interface ApplicationScore {
  count: number;
  /** The mean of its reviews' scores, out of 100; null with no review. */
  score: number | null;
  /** The mean of its reviews' normalized scores; null with no review. */
  normalizedScore: number | null;
  /** The standard deviation of its reviews' scores, out of 100; null with fewer than two reviews. */
  spread: number | null;
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const deviation = (values: readonly number[]) => {
  const m = mean(values);
  return Math.sqrt(mean(values.map((v) => (v - m) ** 2)));
};

/** A review's weighted score out of 100; a criterion it does not score counts for nothing. */
export function reviewScore(criteria: readonly Criterion[], scores: Readonly<Record<number, number>>): number {
  let weighted = 0;
  let weights = 0;
  for (const criterion of criteria) {
    const given = scores[criterion.id];
    if (given === undefined) continue;
    weighted += criterion.weight * ((given - 1) / (criterion.scaleMax - 1));
    weights += criterion.weight;
  }
  return weights === 0 ? 0 : (weighted / weights) * 100;
}

/** Every application's figures from the form's submitted reviews. */
export function applicationScores(criteria: readonly Criterion[], reviews: readonly ScoredReview[]): Map<number, ApplicationScore> {
  const scored = reviews.map((review) => ({ ...review, score: reviewScore(criteria, review.scores) }));
  const byReviewer = new Map<number, number[]>();
  for (const review of scored) byReviewer.set(review.reviewerId, [...(byReviewer.get(review.reviewerId) ?? []), review.score]);
  const standing = new Map([...byReviewer].map(([id, scores]) => [id, { mean: mean(scores), spread: deviation(scores) }]));
  const byApplication = new Map<number, { scores: number[]; normalized: number[] }>();
  for (const review of scored) {
    const own = standing.get(review.reviewerId)!;
    const normalized = own.spread === 0 ? 0 : (review.score - own.mean) / own.spread;
    const entry = byApplication.get(review.applicationId) ?? { scores: [], normalized: [] };
    entry.scores.push(review.score);
    entry.normalized.push(normalized);
    byApplication.set(review.applicationId, entry);
  }
  return new Map(
    [...byApplication].map(([id, { scores, normalized }]) => [
      id,
      {
        count: scores.length,
        score: round(mean(scores), 1),
        normalizedScore: round(mean(normalized), 2),
        spread: scores.length < 2 ? null : round(deviation(scores), 1),
      },
    ]),
  );
}

/** Whether the application's reviewers disagree enough to talk it over. */
export const needsDiscussion = (figures: ApplicationScore, threshold: number) => figures.spread !== null && figures.spread > threshold;
