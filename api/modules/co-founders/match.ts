import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { FIND_SORTS, explainMatch, type FindFilters, type MatchParts } from "../../../schemas/co-founders.ts";
import type { Db } from "../../db/client.ts";
import { coFounderInvitations, favorites, teamMembers } from "../../db/community-schema.ts";
import { coFounders as cf, startups } from "../../db/schema.ts";
import { offset, sortColumn, type ListQuery } from "../../lib/pagination.ts";
import { escapeLike } from "../access/service.ts";
import { fileUrl } from "../files/service.ts";

/** Who is looking: the user, their startup (the match score compares against it) and their own profile. */
export interface Viewer {
  userId: number;
  startupId: number | null;
  coFounderId: number | null;
}

/**
 * The viewer's startup as a one-row subquery joined `on true`: every score term reads it in SQL, so the
 * score can sort and page. Without a startup it has no row, every term is null and the score is 0.
 */
const viewerStartup = (db: Db, startupId: number | null) =>
  db
    .select({
      skills: sql<string[]>`${startups.wantedSkillKeys}`.as("v_skills"),
      roles: sql<string[]>`${startups.wantedRoles}`.as("v_roles"),
      industry: sql<string>`${startups.industry}`.as("v_industry"),
      stage: sql<string | null>`${startups.stage}`.as("v_stage"),
      country: sql<string>`${startups.country}`.as("v_country"),
      city: sql<string>`${startups.cityName}`.as("v_city"),
    })
    .from(startups)
    .where(eq(startups.id, startupId ?? 0))
    .as("v");

type ViewerStartup = ReturnType<typeof viewerStartup>;

/**
 * The match score. The `&&` test (array overlap, C code) runs first so that the per-row unnest only
 * happens for profiles that share a skill at all. Weights are documented in explainMatch.
 */
function scoreOf(v: ViewerStartup): SQL<number> {
  return sql<number>`(
    case when ${cf.skillKeys} && ${v.skills} then 3 * (select count(*)::int from unnest(${cf.skillKeys}) as k where k = any(${v.skills})) else 0 end
    + case when ${cf.roles} && ${v.roles} then 2 else 0 end
    + case when ${v.industry} = any(${cf.industries}) then 2 else 0 end
    + case when ${cf.desiredStage} = ${v.stage} then 1 else 0 end
    + case when ${cf.country} = ${v.country} then (case when lower(${cf.cityName}) = lower(${v.city}) then 3 else 1 end) else 0 end
  )::int`;
}

/** Profiles already on the viewer's team are not offered again. */
const notOnTeam = (startupId: number | null) =>
  startupId
    ? sql`not exists (select 1 from ${teamMembers} where ${teamMembers.startupId} = ${startupId} and ${teamMembers.coFounderId} = ${cf.id})`
    : undefined;

function filtersWhere(viewer: Viewer, query: ListQuery, filters: FindFilters) {
  const search = query.search ? `%${escapeLike(query.search)}%` : null;
  return and(
    notOnTeam(viewer.startupId),
    viewer.coFounderId ? ne(cf.id, viewer.coFounderId) : undefined,
    search
      ? or(sql`${cf.name} ilike ${search}`, sql`${cf.headline} ilike ${search}`, sql`array_to_string(${cf.skillKeys}, ' ') ilike ${search}`)
      : undefined,
    // Containment (@>) is what the GIN indexes on the array columns answer.
    filters.skill ? sql`${cf.skillKeys} @> array[${filters.skill.toLowerCase()}]::text[]` : undefined,
    filters.role ? sql`${cf.roles} @> array[${filters.role}]::text[]` : undefined,
    filters.industry ? sql`${cf.industries} @> array[${filters.industry}]::text[]` : undefined,
    filters.commitment ? sql`${cf.commitment} = ${filters.commitment}` : undefined,
    filters.country ? eq(cf.country, filters.country.toUpperCase()) : undefined,
    filters.city ? sql`lower(${cf.cityName}) = lower(${filters.city})` : undefined,
  );
}

/** What the viewer's startup looks for, read once per search (the score's constants). */
async function wantsOf(db: Db, startupId: number | null) {
  if (!startupId) return null;
  const [row] = await db
    .select({ skills: startups.wantedSkillKeys, roles: startups.wantedRoles, industry: startups.industry, stage: startups.stage, country: startups.country, city: startups.cityName })
    .from(startups)
    .where(eq(startups.id, startupId));
  return row ?? null;
}

const textArray = (values: readonly string[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;

/**
 * The same score as scoreOf, with the startup's wants as constants: one containment test per wanted
 * skill instead of a per-row subquery, which is what lets a search sort 100,000 profiles by it.
 */
function scoreWith(wants: Wants): SQL<number> {
  const terms: SQL[] = [];
  if (wants.skills.length) {
    // One overlap test first (most profiles share nothing), then one containment test per wanted skill.
    const each = sql.join(wants.skills.map((skill) => sql`(case when ${cf.skillKeys} @> ${textArray([skill])} then 3 else 0 end)`), sql` + `);
    terms.push(sql`(case when ${cf.skillKeys} && ${textArray(wants.skills)} then ${each} else 0 end)`);
  }
  if (wants.roles.length) terms.push(sql`(case when ${cf.roles} && ${textArray(wants.roles)} then 2 else 0 end)`);
  terms.push(sql`(case when ${cf.industries} @> ${textArray([wants.industry])} then 2 else 0 end)`);
  if (wants.stage) terms.push(sql`(case when ${cf.desiredStage} = ${wants.stage} then 1 else 0 end)`);
  terms.push(sql`(case when ${cf.country} = ${wants.country} then (case when lower(${cf.cityName}) = lower(${wants.city}) then 3 else 1 end) else 0 end)`);
  return sql<number>`(${sql.join(terms, sql` + `)})`;
}

type Wants = NonNullable<Awaited<ReturnType<typeof wantsOf>>>;

/**
 * One page of profiles in the requested order, with the total. Only ids travel here; the cards are
 * loaded for the page alone (cardsFor). Without sort_order, score and newest run high to low, name A–Z.
 */
export async function findCoFounders(db: Db, viewer: Viewer, query: ListQuery, filters: FindFilters, explicitOrder: boolean) {
  const wants = await wantsOf(db, viewer.startupId);
  const sortBy = sortColumn(query.sort_by, FIND_SORTS, "score");
  const descending = explicitOrder ? query.sort_order === "desc" : sortBy !== "name";
  const dir = descending ? desc : asc;
  const order =
    sortBy === "score" && wants
      ? [dir(scoreWith(wants)), desc(cf.createdAt), desc(cf.id)]
      : sortBy === "name"
        ? [dir(cf.name), dir(cf.id)]
        : // Newest, and score without a startup (every score is 0).
          [dir(cf.createdAt), dir(cf.id)];
  const where = filtersWhere(viewer, query, filters);
  const rows = await db.select({ id: cf.id }).from(cf).where(where).orderBy(...order).limit(query.per_page).offset(offset(query));
  // A short page that has rows is the last one: its total needs no count.
  let total = offset(query) + rows.length;
  if (rows.length === query.per_page || (rows.length === 0 && query.page > 1)) {
    const [counted] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(cf).where(where);
    total = counted.n;
  }
  return { total, data: await cardsFor(db, viewer, rows.map((r) => r.id)) };
}

export interface CoFounderCard {
  id: number;
  user_id: number;
  name: string;
  headline: string;
  skills: string[];
  roles: string[];
  industries: string[];
  commitment: string;
  desired_stage: string | null;
  looking_for: string;
  country: string;
  cityName: string;
  avatar_url: string | null;
  followers_count: number;
  created_at: string;
  match: MatchParts & { explanation: string[] };
  is_favorited: boolean;
  /** The pending invitation from the viewer's startup to this person, if any. */
  invitation_status: "pending" | null;
  pending_invitation_id: number | null;
  /** Profile pages only. */
  bio?: string;
  links?: string[];
}

/** The cards of the given profiles, in the given order, with the match explained for the viewer. */
export async function cardsFor(db: Db, viewer: Viewer, ids: number[], withDetails = false): Promise<CoFounderCard[]> {
  if (!ids.length) return [];
  const v = viewerStartup(db, viewer.startupId);
  const rows = await db
    .select({
      row: cf,
      score: scoreOf(v),
      sharedSkills: sql<string[]>`array(select s from jsonb_array_elements_text(${cf.skills}) as s where lower(btrim(s)) = any(${v.skills}))`,
      matchingRoles: sql<string[]>`array(select r from unnest(${cf.roles}) as r where r = any(${v.roles}))`,
      sameIndustry: sql<boolean>`coalesce(${v.industry} = any(${cf.industries}), false)`,
      sameStage: sql<boolean>`coalesce(${cf.desiredStage} = ${v.stage}, false)`,
      sameCountry: sql<boolean>`coalesce(${cf.country} = ${v.country}, false)`,
      sameCity: sql<boolean>`coalesce(${cf.country} = ${v.country} and lower(${cf.cityName}) = lower(${v.city}), false)`,
      favorited: sql<boolean>`exists (select 1 from ${favorites} where ${favorites.userId} = ${viewer.userId} and ${favorites.favoritableType} = 'co_founder' and ${favorites.favoritableId} = ${cf.id})`,
      pendingId: viewer.startupId
        ? sql<number | null>`(select ${coFounderInvitations.id} from ${coFounderInvitations} where ${coFounderInvitations.startupId} = ${viewer.startupId} and ${coFounderInvitations.coFounderId} = ${cf.id} and ${coFounderInvitations.status} = 'pending' limit 1)`
        : sql<number | null>`null::int`,
    })
    .from(cf)
    .leftJoin(v, sql`true`)
    .where(inArray(cf.id, ids));
  const byId = new Map(rows.map((r) => [r.row.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const p = r.row;
    const parts = {
      shared_skills: r.sharedSkills,
      matching_roles: r.matchingRoles,
      same_industry: r.sameIndustry,
      same_stage: r.sameStage,
      same_city: r.sameCity,
      same_country: r.sameCountry,
    };
    const card: CoFounderCard = {
      id: p.id,
      user_id: p.userId,
      name: p.name,
      headline: p.headline,
      skills: p.skills,
      roles: p.roles,
      industries: p.industries,
      commitment: p.commitment,
      desired_stage: p.desiredStage,
      looking_for: p.lookingFor,
      country: p.country,
      cityName: p.cityName,
      avatar_url: fileUrl(p.avatarFileId),
      followers_count: p.followersCount,
      created_at: p.createdAt.toISOString(),
      match: { score: Number(r.score), ...parts, explanation: explainMatch(parts) },
      is_favorited: r.favorited,
      invitation_status: r.pendingId ? "pending" : null,
      pending_invitation_id: r.pendingId ? Number(r.pendingId) : null,
    };
    if (withDetails) Object.assign(card, { bio: p.bio, links: p.links });
    return [card];
  });
}
