/**
 * Who reviews which application when a committee spreads the work: each application goes to `perApplication`
 * distinct reviewers, never to its own applicant nor to one who declared a conflict on it, and each time to
 * the reviewers with the fewest applications so far, the ties drawn at random. Taking the least loaded each
 * time keeps any two reviewers' counts within one of each other (a conflict can only make one reviewer
 * unavailable for one application); an application with too few reviewers left gets those there are.
 */
import { randomInt } from "node:crypto";

export interface SpreadApplication {
  id: number;
  /** The applicant's account: they never review themself. */
  applicantId: number;
  /** Reviewers who declared a conflict on it. */
  conflicts?: ReadonlySet<number>;
  /** Reviewers it already has (kept, and counted towards its number). */
  reviewers?: readonly number[];
  /** Reviews it has from outside the reviewers (one who left after submitting): counted towards its number too. */
  counted?: number;
}

export interface Spread {
  /** Each application's reviewers, the ones it had first. */
  assignments: Map<number, number[]>;
  /** How many applications each reviewer has. */
  load: Map<number, number>;
}

/** Fisher–Yates, with the platform's random numbers. */
function shuffled<T>(items: readonly T[], random: (below: number) => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * Spreads the applications over the reviewers. `load` is how many each reviewer already has elsewhere on the
 * form (an application assigned earlier, not in this call), so applications arriving later keep the balance.
 * `random(n)` answers an integer below n (tests pass a seeded one).
 */
export function spreadApplications(
  applications: readonly SpreadApplication[],
  reviewerIds: readonly number[],
  perApplication: number,
  options: { load?: ReadonlyMap<number, number>; random?: (below: number) => number } = {},
): Spread {
  const random = options.random ?? ((below: number) => randomInt(below));
  const load = new Map(reviewerIds.map((id) => [id, options.load?.get(id) ?? 0]));
  for (const application of applications) for (const id of application.reviewers ?? []) if (load.has(id)) load.set(id, load.get(id)! + 1);
  const assignments = new Map<number, number[]>();
  for (const application of shuffled(applications, random)) {
    const chosen = (application.reviewers ?? []).filter((id) => load.has(id));
    const eligible = shuffled(
      reviewerIds.filter((id) => id !== application.applicantId && !application.conflicts?.has(id) && !chosen.includes(id)),
      random,
    );
    // Stable on the shuffle: among equally loaded reviewers, the draw decides.
    eligible.sort((a, b) => load.get(a)! - load.get(b)!);
    for (const id of eligible.slice(0, Math.max(0, perApplication - chosen.length - (application.counted ?? 0)))) {
      chosen.push(id);
      load.set(id, load.get(id)! + 1);
    }
    assignments.set(application.id, chosen);
  }
  return { assignments, load };
}
