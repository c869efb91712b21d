import { describe, expect, it } from "vitest";
import { spreadApplications, type SpreadApplication } from "./spread.ts";

/** A seeded generator, so a failing draw can be replayed. */
function seeded(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % below;
  };
}

const applications = (count: number, applicantOf = (i: number) => 1000 + i): SpreadApplication[] =>
  Array.from({ length: count }, (_, i) => ({ id: i + 1, applicantId: applicantOf(i) }));
const REVIEWERS = [1, 2, 3, 4, 5, 6, 7];

describe("spreading applications over reviewers", () => {
  it("gives each of 100 applications 3 distinct reviewers of 7, no reviewer more than one above another", () => {
    for (const seed of [1, 2, 3, 42, 2026]) {
      const { assignments, load } = spreadApplications(applications(100), REVIEWERS, 3, { random: seeded(seed) });
      expect(assignments.size).toBe(100);
      for (const reviewers of assignments.values()) expect(new Set(reviewers).size).toBe(3);
      const counts = [...load.values()];
      expect(counts.reduce((a, b) => a + b, 0)).toBe(300);
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    }
  });

  it("never gives an application to its applicant or to a reviewer who declared a conflict", () => {
    // Reviewer 1 applied themself (application 1); reviewer 2 declared a conflict on application 2.
    const list = applications(20, (i) => (i === 0 ? 1 : 1000 + i));
    list[1] = { ...list[1], conflicts: new Set([2]) };
    const { assignments } = spreadApplications(list, REVIEWERS, 7, { random: seeded(7) });
    expect(assignments.get(1)).not.toContain(1);
    expect(assignments.get(1)).toHaveLength(6);
    expect(assignments.get(2)).not.toContain(2);
    expect(assignments.get(3)).toHaveLength(7);
  });

  it("keeps the reviewers an application has, and balances the ones arriving later against the load so far", () => {
    const first = spreadApplications(applications(10), REVIEWERS, 2, { random: seeded(3) });
    const later = spreadApplications(
      [{ id: 11, applicantId: 5000, reviewers: [4] }, ...applications(3).map((a) => ({ ...a, id: a.id + 20 }))],
      REVIEWERS,
      2,
      {
        load: first.load,
        random: seeded(4),
      },
    );
    expect(later.assignments.get(11)?.[0]).toBe(4);
    expect(later.assignments.get(11)).toHaveLength(2);
    const counts = [...later.load.values()];
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  });
});
