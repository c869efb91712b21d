/*
 * What a co-founder match counts and how it is put in words, without the co-founder forms' rules
 * (co-founders.ts): the directory and the co-founder cards read these on screens that have no form to
 * check, and so load no validation library.
 */

/** What a skill is compared by: trimmed and lower-cased (co_founders.skill_keys, startups.wanted_skill_keys). */
export const skillKey = (skill: string) => skill.trim().toLowerCase();
export const skillKeys = (skills: readonly string[]) => [...new Set(skills.map(skillKey).filter(Boolean))];

export const FIND_SORTS = ["score", "created_at", "name"] as const;
export type FindSort = (typeof FIND_SORTS)[number];

/** The parts of a match score, as the API returns them for each card. */
export interface MatchParts {
  score: number;
  shared_skills: string[];
  matching_roles: string[];
  same_industry: boolean;
  same_stage: boolean;
  same_city: boolean;
  same_country: boolean;
}

/**
 * What the match score counts, with its points: the SQL functions co_founder_match_score and
 * co_founder_match_max (api/db/migrations) use these weights; the screens show this as the score's legend.
 */
export const MATCH_LEGEND = [
  { points: "3", what: "each skill the startup wants that the co-founder has" },
  { points: "2", what: "a role the startup wants that the co-founder takes" },
  { points: "2", what: "the startup's industry among the co-founder's" },
  { points: "1", what: "the stage the co-founder wants" },
  { points: "3", what: "the same city (1 for the same country)" },
] as const;

/**
 * The match score in words, for a startup looking at a co-founder, e.g. ["3 shared skills: TypeScript,
 * sales, robotics", "same city"].
 */
export function explainMatch(parts: Omit<MatchParts, "score">): string[] {
  const words: string[] = [];
  const n = parts.shared_skills.length;
  if (n) words.push(`${n} shared skill${n === 1 ? "" : "s"}: ${parts.shared_skills.join(", ")}`);
  if (parts.matching_roles.length) words.push(`can take the ${parts.matching_roles.join(" or ")} role you want`);
  if (parts.same_industry) words.push("same industry");
  if (parts.same_stage) words.push("wants your stage");
  if (parts.same_city) words.push("same city");
  else if (parts.same_country) words.push("same country");
  return words;
}

/**
 * The same parts in words for a co-founder looking at a startup, e.g. ["wants 2 of your skills:
 * TypeScript, sales", "wants the Technical role you take"].
 */
export function explainStartupMatch(parts: Omit<MatchParts, "score">): string[] {
  const words: string[] = [];
  const n = parts.shared_skills.length;
  if (n) words.push(`wants ${n === 1 ? "1 of your skills" : `${n} of your skills`}: ${parts.shared_skills.join(", ")}`);
  if (parts.matching_roles.length) words.push(`wants the ${parts.matching_roles.join(" or ")} role you take`);
  if (parts.same_industry) words.push("in an industry you want");
  if (parts.same_stage) words.push("at the stage you want");
  if (parts.same_city) words.push("same city");
  else if (parts.same_country) words.push("same country");
  return words;
}

/**
 * The one figure a match is ranked and shown by: the score as a share of the most the startup's wants can
 * give, in whole percent. Scores of different startups are out of different maxima ("5 of 23", "4 of 6"),
 * so only the share compares them; the directory ranks by the same ratio in SQL (matchShare).
 */
export const matchPercent = (score: number, max: number) => (max > 0 ? Math.round((100 * score) / max) : 0);

/** A startup's fit for a co-founder viewer (`match` on GET /api/v1/site/startups items): the score of `max`. */
export interface StartupMatch {
  score: number;
  /** The most this startup's wants can score (co_founder_match_max). */
  max: number;
  /** matchPercent(score, max): what the list is ranked by. */
  percent: number;
  reasons: string[];
}
