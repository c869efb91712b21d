import { sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { explainStartupMatch, matchPercent, type StartupMatch } from "#schemas/co-founders.ts";
import { coFounders } from "#api/db/schema.ts";

/**
 * The caller's own co-founder profile, joined to each startup row of a page by its id (a placeholder,
 * `viewerCoFounderId`): a caller without one joins no row, and every match term is null.
 */
export const viewerProfile = alias(coFounders, "viewer_profile");
export const viewerProfileJoin = sql`${viewerProfile.id} = ${sql.placeholder("viewerCoFounderId")}`;

type Column = AnyPgColumn | SQL.Aliased;

/** The startup columns the match reads, from the table or from a page subquery. */
export interface StartupWants {
  wantedSkillKeys: Column;
  wantedRoles: Column;
  industry: Column;
  stage: Column;
  country: Column;
  cityName: Column;
}

/**
 * The score of a startup for the caller's profile: co_founder_match_score, the one definition shared with
 * the startups' view of co-founders, read the other way round. Null without a profile.
 */
export function matchScore(s: StartupWants): SQL<number | null> {
  const v = viewerProfile;
  return sql<number | null>`case when ${v.id} is null then null else co_founder_match_score(${v.skillKeys}, ${v.roles}, ${v.industries},
    ${v.desiredStage}, ${v.country}, ${v.cityName}, ${s.wantedSkillKeys}, ${s.wantedRoles}, ${s.industry}, ${s.stage}, ${s.country}, ${s.cityName}) end`;
}

/** The most a startup's wants can score (co_founder_match_max, beside the score's definition). */
const matchMax = (s: Pick<StartupWants, "wantedSkillKeys" | "wantedRoles" | "stage">) =>
  sql<number>`co_founder_match_max(${s.wantedSkillKeys}, ${s.wantedRoles}, ${s.stage})`;

/**
 * What the directory ranks a co-founder's startups by: the score as a share of the startup's own maximum
 * (matchPercent's ratio, unrounded), so "4 of 6" comes before "5 of 23". Null without a profile.
 */
export function matchShare(s: StartupWants): SQL<number | null> {
  return sql<number | null>`(${matchScore(s)})::numeric / ${matchMax(s)}`;
}

/** The score, its scale and the parts behind it, for the rows of one page. */
export function matchColumns(s: StartupWants) {
  const v = viewerProfile;
  return {
    matchScore: matchScore(s),
    matchMax: matchMax(s),
    // Empty without a profile (no row is joined); startupMatch reads them only when there is one.
    sharedSkills: sql<
      string[]
    >`array(select k from jsonb_array_elements_text(${v.skills}) as k where lower(btrim(k)) = any(${s.wantedSkillKeys}))`,
    matchingRoles: sql<string[]>`array(select r from unnest(${v.roles}) as r where r = any(${s.wantedRoles}))`,
    sameIndustry: sql<boolean>`coalesce(${s.industry} = any(${v.industries}), false)`,
    sameStage: sql<boolean>`coalesce(${v.desiredStage} = ${s.stage}, false)`,
    sameCountry: sql<boolean>`coalesce(${v.country} = ${s.country}, false)`,
    sameCity: sql<boolean>`coalesce(${v.country} = ${s.country} and lower(${v.cityName}) = lower(${s.cityName}), false)`,
  };
}

type MatchRow = {
  matchScore: number | null;
  matchMax: number;
  sharedSkills: string[];
  matchingRoles: string[];
  sameIndustry: boolean;
  sameStage: boolean;
  sameCountry: boolean;
  sameCity: boolean;
};

/** A card's `match`: present only for a caller with a co-founder profile (the score is then never null). */
export function startupMatch(row: MatchRow): { match?: StartupMatch } {
  if (row.matchScore === null) return {};
  const reasons = explainStartupMatch({
    shared_skills: row.sharedSkills,
    matching_roles: row.matchingRoles,
    same_industry: row.sameIndustry,
    same_stage: row.sameStage,
    same_city: row.sameCity,
    same_country: row.sameCountry,
  });
  const score = Number(row.matchScore);
  const max = Number(row.matchMax);
  return { match: { score, max, percent: matchPercent(score, max), reasons } };
}
