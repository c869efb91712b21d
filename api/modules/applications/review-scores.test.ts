import { describe, expect, it } from "vitest";
import { applicationScores, needsDiscussion, reviewScore, type Criterion } from "./review-scores.ts";

const CRITERIA: Criterion[] = [
  { id: 1, weight: 2, scaleMax: 5 },
  { id: 2, weight: 1, scaleMax: 10 },
];

describe("a review's score", () => {
  it("is the weighted mean of its criteria, each on its own scale, out of 100", () => {
    expect(reviewScore(CRITERIA, { 1: 5, 2: 10 })).toBe(100);
    expect(reviewScore(CRITERIA, { 1: 1, 2: 1 })).toBe(0);
    // 2 × 0.5 + 1 × 1 over 3.
    expect(reviewScore(CRITERIA, { 1: 3, 2: 10 })).toBeCloseTo(66.67, 1);
  });
});

describe("normalized scores", () => {
  const ONE: Criterion[] = [{ id: 1, weight: 1, scaleMax: 5 }];
  it("rank two applications the same whether a harsh or a lenient reviewer scored them in the same order", () => {
    const harsh = applicationScores(ONE, [
      { reviewerId: 1, applicationId: 10, scores: { 1: 1 } },
      { reviewerId: 1, applicationId: 20, scores: { 1: 2 } },
    ]);
    const lenient = applicationScores(ONE, [
      { reviewerId: 2, applicationId: 10, scores: { 1: 4 } },
      { reviewerId: 2, applicationId: 20, scores: { 1: 5 } },
    ]);
    expect(harsh.get(10)!.score).toBeLessThan(lenient.get(10)!.score!);
    expect(harsh.get(10)!.normalizedScore).toBe(lenient.get(10)!.normalizedScore);
    expect(harsh.get(20)!.normalizedScore).toBe(lenient.get(20)!.normalizedScore);
    expect(harsh.get(20)!.normalizedScore!).toBeGreaterThan(harsh.get(10)!.normalizedScore!);
  });

  it("undo a lenient reviewer's lift: the best of a harsh reviewer's pile outranks the worst of a lenient one's", () => {
    const figures = applicationScores(ONE, [
      // The harsh reviewer: 3 is their best.
      { reviewerId: 1, applicationId: 1, scores: { 1: 1 } },
      { reviewerId: 1, applicationId: 2, scores: { 1: 2 } },
      { reviewerId: 1, applicationId: 3, scores: { 1: 3 } },
      // The lenient one: 4 is their worst.
      { reviewerId: 2, applicationId: 4, scores: { 1: 4 } },
      { reviewerId: 2, applicationId: 5, scores: { 1: 5 } },
      { reviewerId: 2, applicationId: 6, scores: { 1: 5 } },
    ]);
    expect(figures.get(3)!.score!).toBeLessThan(figures.get(4)!.score!);
    expect(figures.get(3)!.normalizedScore!).toBeGreaterThan(figures.get(4)!.normalizedScore!);
  });

  it("counts the reviews, spreads their scores, and flags a disagreement above the threshold", () => {
    const figures = applicationScores(ONE, [
      { reviewerId: 1, applicationId: 1, scores: { 1: 1 } },
      { reviewerId: 2, applicationId: 1, scores: { 1: 5 } },
      { reviewerId: 1, applicationId: 2, scores: { 1: 3 } },
      { reviewerId: 2, applicationId: 2, scores: { 1: 3 } },
    ]);
    expect(figures.get(1)).toMatchObject({ count: 2, score: 50, spread: 50 });
    expect(figures.get(2)).toMatchObject({ count: 2, score: 50, spread: 0 });
    expect(needsDiscussion(figures.get(1)!, 25)).toBe(true);
    expect(needsDiscussion(figures.get(2)!, 25)).toBe(false);
    // One review is no disagreement, and a reviewer whose scores never differ standardises to 0.
    const single = applicationScores(ONE, [{ reviewerId: 3, applicationId: 9, scores: { 1: 4 } }]).get(9)!;
    expect(single).toMatchObject({ count: 1, spread: null, normalizedScore: 0 });
    expect(needsDiscussion(single, 0)).toBe(false);
  });
});
