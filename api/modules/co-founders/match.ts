import { and, asc, desc, eq, ne, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  FIND_SORTS,
  explainMatch,
  matchPercent,
  type CoFounderCardView,
  type CoFounderProfileView,
  type FindFilters,
} from "#schemas/co-founders.ts";
import type { Db } from "#api/db/client.ts";
import { preparedPerDb } from "#api/db/embedded/prepared.ts";
import {
  coFounderInvitations,
  coFounderMatchSets as matchSets,
  coFounderMatches as matches,
  coFounderTotals,
  favorites,
  teamMembers,
} from "#api/db/community-schema.ts";
import { coFounders as cf, startups } from "#api/db/schema.ts";
import { offset, sortColumn, type ListQuery, type PageRows } from "#api/lib/pagination.ts";
import { containsPattern } from "#api/lib/like.ts";
import { fileUrl } from "../files/service.ts";

/** Who is looking: the user, their startup (the match score compares against it) and their own profile. */
export interface Viewer {
  userId: number;
  startupId: number | null;
  coFounderId: number | null;
}

/**
 * The viewer's startup as a one-row subquery joined `on true`, for the cards' score and its explanation.
 * Without a startup it has no row, every term is null and the score is 0.
 */
const viewerStartup = (db: Db) =>
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
    .where(eq(startups.id, sql.placeholder("startupId")))
    .as("v");

type ViewerStartup = ReturnType<typeof viewerStartup>;

/**
 * The match score: the SQL function co_founder_match_score (migration 0008) is its one definition, shared
 * with the precomputed co_founder_matches rows. Weights are documented in explainMatch.
 */
const scoreOf = (v: ViewerStartup): SQL<number> =>
  sql<number>`co_founder_match_score(${cf.skillKeys}, ${cf.roles}, ${cf.industries}, ${cf.desiredStage}, ${cf.country}, ${cf.cityName},
    ${v.skills}, ${v.roles}, ${v.industry}, ${v.stage}, ${v.country}, ${v.city})`;

/** What the search leaves out whatever the filters: the viewer's team (profiles on it) and their own profile. */
function exclusions(viewer: Viewer, id: AnyPgColumn) {
  return and(
    viewer.startupId
      ? sql`not exists (select 1 from ${teamMembers} where ${teamMembers.startupId} = ${viewer.startupId} and ${teamMembers.coFounderId} = ${id})`
      : undefined,
    viewer.coFounderId ? ne(id, viewer.coFounderId) : undefined,
  );
}

/** The search box and filters, on co_founders; undefined when none is given. */
function filtersWhere(query: ListQuery, filters: FindFilters) {
  const search = query.search ? containsPattern(query.search) : null;
  return and(
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

/**
 * Whether the startup's match rows were there ("ready") or are filled now ("filled"), on its first
 * score-sorted search (once per startup; triggers keep them exact afterwards). Null: no such startup.
 */
const matchSetQuery = preparedPerDb((db) =>
  db
    .select({ id: matchSets.startupId })
    .from(matchSets)
    .where(eq(matchSets.startupId, sql.placeholder("startupId")))
    .prepare("co_founder_match_set"),
);

async function fillMatchRows(db: Db, startupId: number): Promise<"ready" | "filled" | null> {
  const [ready] = await matchSetQuery(db).execute({ startupId });
  if (ready) return "ready";
  const [filled] = await db
    .select({ ok: sql<boolean>`co_founder_match_fill(${startups.id})` })
    .from(startups)
    .where(eq(startups.id, startupId));
  return filled?.ok === true ? "filled" : null;
}

/**
 * The total without filters, without counting the profiles: the triggers' count, less the viewer's team
 * members with a profile and their own profile (the rows `exclusions` leaves out). Exact.
 */
const unfilteredTotalQuery = preparedPerDb((db) => {
  // Without a startup (0) or a profile (null) the subtractions count nothing.
  const team = sql`(select count(*) from ${teamMembers} where ${teamMembers.startupId} = ${sql.placeholder("startupId")}
    and ${teamMembers.coFounderId} is not null and ${teamMembers.coFounderId} is distinct from ${sql.placeholder("coFounderId")}::int)`;
  const own = sql`(select count(*) from ${cf} where ${cf.id} = ${sql.placeholder("coFounderId")}::int)`;
  return db
    .select({ n: sql<number>`${coFounderTotals.total} - ${team} - ${own}`.mapWith(Number) })
    .from(coFounderTotals)
    .where(eq(coFounderTotals.id, 1))
    .prepare("co_founder_unfiltered_total");
});

async function unfilteredTotal(db: Db, viewer: Viewer) {
  const [row] = await unfilteredTotalQuery(db).execute({ startupId: viewer.startupId ?? 0, coFounderId: viewer.coFounderId });
  // No row: the table was emptied along with co_founders (the insert trigger makes it again).
  return row?.n ?? 0;
}

/**
 * One page of profile ids down the startup's co_founder_matches rows. Written out so that the order is
 * exactly the index's (nulls last), which lets the planner walk it.
 */
function scoredPage(db: Db, viewer: Viewer, startupId: number, query: ListQuery, filtered: SQL | undefined, descending: boolean) {
  const order = descending
    ? sql`${matches.score} desc nulls last, ${matches.createdAt} desc nulls last, ${matches.coFounderId} desc nulls last`
    : sql`${matches.score} asc, ${matches.createdAt} desc, ${matches.coFounderId} desc`;
  const base = db.select({ id: matches.coFounderId }).from(matches).$dynamic();
  return (filtered ? base.innerJoin(cf, eq(cf.id, matches.coFounderId)) : base)
    .where(and(eq(matches.startupId, startupId), exclusions(viewer, matches.coFounderId), filtered))
    .orderBy(order)
    .limit(query.per_page)
    .offset(offset(query));
}

/**
 * One page of profiles in the requested order, with the total. Only ids travel here; the cards are
 * loaded for the page alone (cardsFor). Without sort_order, score and newest run high to low, name A–Z.
 *
 * Score order reads the viewer startup's co_founder_matches rows down their index (score, newest, id), so
 * a page costs the same at 1,000 and 100,000 profiles; without a startup every score is 0 and it is newest
 * first. Every profile is scored against the same startup, out of the same maximum, so the score's order
 * is the order of the percentage the cards show (matchPercent). The unfiltered total comes from a maintained count; a search or filter counts its matches (exact,
 * slower on large data). Ascending score sorts the matching rows (its tie-break stays newest first).
 */
export async function findCoFounders(
  db: Db,
  viewer: Viewer,
  query: ListQuery,
  filters: FindFilters,
  explicitOrder: boolean,
): Promise<PageRows<CoFounderCardView>> {
  const sortBy = sortColumn(query.sort_by, FIND_SORTS, "score");
  const descending = explicitOrder ? query.sort_order === "desc" : sortBy !== "name";
  const dir = descending ? desc : asc;
  const filtered = filtersWhere(query, filters);
  const startupId = sortBy === "score" ? viewer.startupId : null;
  let rows: { id: number }[] | undefined;
  if (startupId) {
    rows = await scoredPage(db, viewer, startupId, query, filtered, descending);
    // Match rows exist only once the startup's set is filled, so only an empty page asks (and fills it on
    // the startup's first score search). No such startup: newest first.
    if (!rows.length) {
      const set = await fillMatchRows(db, startupId);
      if (set === "filled") rows = await scoredPage(db, viewer, startupId, query, filtered, descending);
      else if (set === null) rows = undefined;
    }
  }
  if (!rows) {
    // Newest, and score without a startup (every score is 0).
    const order = sortBy === "name" ? [dir(cf.name), dir(cf.id)] : [dir(cf.createdAt), dir(cf.id)];
    rows = await db
      .select({ id: cf.id })
      .from(cf)
      .where(and(exclusions(viewer, cf.id), filtered))
      .orderBy(...order)
      .limit(query.per_page)
      .offset(offset(query));
  }
  // A short page that has rows is the last one: its total needs no count.
  let total = offset(query) + rows.length;
  if (rows.length === query.per_page || (rows.length === 0 && query.page > 1)) {
    if (filtered) {
      const [counted] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(cf)
        .where(and(exclusions(viewer, cf.id), filtered));
      total = counted.n;
    } else total = await unfilteredTotal(db, viewer);
  }
  return {
    total,
    data: await cardsFor(
      db,
      viewer,
      rows.map((r) => r.id),
    ),
  };
}

/**
 * The cards' row, score and score parts for a list of profile ids, for one viewer. Without a startup the
 * viewer subquery (startup 0) has no row, so every part is empty and no invitation is pending.
 */
const cardsQuery = preparedPerDb((db) => {
  const v = viewerStartup(db);
  const startupId = sql.placeholder("startupId");
  return db
    .select({
      row: cf,
      score: scoreOf(v),
      max: sql<number>`co_founder_match_max(${v.skills}, ${v.roles}, ${v.stage})`,
      sharedSkills: sql<
        string[]
      >`array(select s from jsonb_array_elements_text(${cf.skills}) as s where lower(btrim(s)) = any(${v.skills}))`,
      matchingRoles: sql<string[]>`array(select r from unnest(${cf.roles}) as r where r = any(${v.roles}))`,
      sameIndustry: sql<boolean>`coalesce(${v.industry} = any(${cf.industries}), false)`,
      sameStage: sql<boolean>`coalesce(${cf.desiredStage} = ${v.stage}, false)`,
      sameCountry: sql<boolean>`coalesce(${cf.country} = ${v.country}, false)`,
      sameCity: sql<boolean>`coalesce(${cf.country} = ${v.country} and lower(${cf.cityName}) = lower(${v.city}), false)`,
      favorited: sql<boolean>`exists (select 1 from ${favorites} where ${favorites.userId} = ${sql.placeholder("userId")}
        and ${favorites.favoritableType} = 'co_founder' and ${favorites.favoritableId} = ${cf.id})`,
      pendingId: sql<
        number | null
      >`(select ${coFounderInvitations.id} from ${coFounderInvitations} where ${coFounderInvitations.startupId} = ${startupId}
        and ${coFounderInvitations.coFounderId} = ${cf.id} and ${coFounderInvitations.status} = 'pending' limit 1)`,
    })
    .from(cf)
    .leftJoin(v, sql`true`)
    .where(sql`${cf.id} = any(${sql.placeholder("ids")}::int[])`)
    .prepare("co_founder_cards");
});

/** The cards of the given profiles, in the given order, with the match explained for the viewer. */
export async function cardsFor(db: Db, viewer: Viewer, ids: number[]): Promise<CoFounderCardView[]>;
/** With the profile page's details (bio and links). */
export async function cardsFor(db: Db, viewer: Viewer, ids: number[], withDetails: true): Promise<CoFounderProfileView[]>;
export async function cardsFor(db: Db, viewer: Viewer, ids: number[], withDetails = false): Promise<CoFounderCardView[]> {
  if (!ids.length) return [];
  const rows = await cardsQuery(db).execute({ ids, startupId: viewer.startupId ?? 0, userId: viewer.userId });
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
    const card: CoFounderCardView = {
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
      match: {
        score: Number(r.score),
        max: Number(r.max),
        percent: matchPercent(Number(r.score), Number(r.max)),
        ...parts,
        explanation: explainMatch(parts),
      },
      is_favorited: r.favorited,
      invitation_status: r.pendingId ? "pending" : null,
      pending_invitation_id: r.pendingId ? Number(r.pendingId) : null,
    };
    return [withDetails ? { ...card, bio: p.bio, links: p.links } : card];
  });
}
