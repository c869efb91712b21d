import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { DIRECTORY_SORTS, type CountryFacet, type DirectoryStartup, type DirectoryFilters } from "#schemas/startups.ts";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { listFilters, preparedPerShape, type ShapeOf } from "#api/db/embedded/prepared.ts";
import { favorites, follows } from "#api/db/community-schema.ts";
import { startups } from "#api/db/schema.ts";
import { offset, sortColumn, type ListQuery, type PageRows } from "#api/lib/pagination.ts";
import { containsPattern } from "#api/lib/like.ts";
import { fileUrl } from "../files/service.ts";
import { countries } from "../reference/countries.ts";
import { matchColumns, matchScore, matchShare, startupMatch, viewerProfile, viewerProfileJoin } from "./match.ts";
import { viewerFlags, viewerJoins, viewerValues } from "./viewer.ts";

/** Followers, newest and match read best biggest-first, names A to Z, unless the caller says otherwise. */
const DEFAULT_ORDER = { followers_count: "desc", created_at: "desc", name: "asc", match: "desc" } as const;

/**
 * The directory's filters: a new one is one more entry here, read by the request, the page and its count.
 * Which of them a request sets is the shape of its statements (the values travel as placeholders).
 */
const DIRECTORY_FILTERS = listFilters<DirectoryFilters & Pick<ListQuery, "search">>()({
  type: { value: (query) => query.account_type || undefined, where: (type) => eq(startups.accountType, type) },
  industry: { value: (query) => query.industry || undefined, where: (industry) => eq(startups.industry, industry) },
  stage: { value: (query) => query.stage || undefined, where: (stage) => eq(startups.stage, stage) },
  country: { value: (query) => query.country || undefined, where: (country) => eq(startups.country, country) },
  city: { value: (query) => query.city || undefined, where: (city) => sql`lower(${startups.cityName}) = lower(${city})` },
  search: {
    value: (query) => (query.search ? containsPattern(query.search) : undefined),
    where: (like) =>
      or(ilike(startups.name, like), ilike(startups.username, like), ilike(startups.description, like), ilike(startups.cityName, like)),
  },
});

type FilterShape = ShapeOf<typeof DIRECTORY_FILTERS>;

function directoryWhere(shape: FilterShape): SQL | undefined {
  return and(...DIRECTORY_FILTERS.where(shape));
}

type PageShape = FilterShape & {
  sortBy: (typeof DIRECTORY_SORTS)[number];
  descending: boolean;
  /** The caller has a co-founder profile: each card says how well it fits. */
  withMatch: boolean;
};

/**
 * One page of the directory. The page is cut first (ordered by an indexed column + id, so the followers
 * sort walks startups_type_followers_idx and stops after one page), and only its rows are joined to the
 * caller's follow and favorite rows and profile: one query for the page, whatever the number of follows.
 * The match order has no index to walk (the score is the caller's): it scores every listing the filters
 * keep, then cuts the page.
 */
const pageQuery = preparedPerShape("startup_directory", (db, shape: PageShape, name) => {
  const direction = shape.descending ? desc : asc;
  const byMatch = shape.sortBy === "match" && shape.withMatch;
  const sortKey = byMatch
    ? sql`${matchShare(startups)}`
    : { followers_count: startups.followersCount, created_at: startups.createdAt, name: startups.name, match: startups.followersCount }[
        shape.sortBy
      ];
  const listed = db
    .select({
      id: startups.id,
      username: startups.username,
      accountType: startups.accountType,
      name: startups.name,
      logoFileId: startups.logoFileId,
      description: startups.description,
      industry: startups.industry,
      stage: startups.stage,
      cityName: startups.cityName,
      country: startups.country,
      followersCount: startups.followersCount,
      links: startups.links,
      createdAt: startups.createdAt,
      wantedSkillKeys: startups.wantedSkillKeys,
      wantedRoles: startups.wantedRoles,
      sortKey: sql`${sortKey}`.as("sort_key"),
    })
    .from(startups)
    .$dynamic();
  // Equal shares go to the higher score (more of what it wants), then the most followed.
  const tieBreak = byMatch ? [direction(matchScore(startups)), direction(startups.followersCount)] : [];
  const pageRows = (byMatch ? listed.leftJoin(viewerProfile, viewerProfileJoin) : listed)
    .where(directoryWhere(shape))
    .orderBy(direction(sortKey), ...tieBreak, direction(startups.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .as("p");
  const joins = viewerJoins(pageRows.id, pageRows.accountType);
  const outerTieBreak = byMatch ? [direction(matchScore(pageRows)), direction(pageRows.followersCount)] : [];
  return db
    .select({
      id: pageRows.id,
      username: pageRows.username,
      accountType: pageRows.accountType,
      name: pageRows.name,
      logoFileId: pageRows.logoFileId,
      description: pageRows.description,
      industry: pageRows.industry,
      stage: pageRows.stage,
      cityName: pageRows.cityName,
      country: pageRows.country,
      followersCount: pageRows.followersCount,
      links: pageRows.links,
      followId: follows.id,
      favoriteId: favorites.id,
      ...matchColumns(pageRows),
    })
    .from(pageRows)
    .leftJoin(follows, joins.following)
    .leftJoin(favorites, joins.favorited)
    .leftJoin(viewerProfile, viewerProfileJoin)
    .orderBy(direction(pageRows.sortKey), ...outerTieBreak, direction(pageRows.id))
    .prepare(name);
});

// Counted on its own rather than with count(*) over (): a window total would make the page query read
// every matching row, where LIMIT over the sort index stops after one page.
const countQuery = preparedPerShape("startup_directory_count", (db, shape: FilterShape, name) =>
  db.select({ total: count() }).from(startups).where(directoryWhere(shape)).prepare(name),
);

export async function listDirectory(
  db: Db,
  user: AuthUser | null,
  query: ListQuery,
  filters: DirectoryFilters,
  sortOrderGiven: boolean,
): Promise<PageRows<DirectoryStartup>> {
  const { shape, values: filterValues } = DIRECTORY_FILTERS.read({ ...filters, search: query.search });
  const sortBy = sortColumn(query.sort_by, DIRECTORY_SORTS, "followers_count");
  const descending = (sortOrderGiven ? query.sort_order : DEFAULT_ORDER[sortBy]) === "desc";
  const viewerCoFounderId = user?.coFounderId ?? null;
  const values = { ...filterValues, limit: query.per_page, offset: offset(query), ...viewerValues(user), viewerCoFounderId };
  const [rows, [{ total }]] = await Promise.all([
    pageQuery(db, { ...shape, sortBy, descending, withMatch: viewerCoFounderId !== null }).execute(values),
    countQuery(db, shape).execute(values),
  ]);
  const data: DirectoryStartup[] = rows.map((r) => ({
    id: r.id,
    username: r.username,
    account_type: r.accountType,
    name: r.name,
    logo: fileUrl(r.logoFileId),
    description: r.description,
    industry: r.industry,
    stage: r.stage,
    cityName: r.cityName,
    country: r.country,
    followers_count: r.followersCount,
    links: r.links,
    ...viewerFlags(user, r),
    ...startupMatch(r),
  }));
  return { total, data };
}

/**
 * The countries a directory filter can offer: those with at least one listing of the kind shown, with how
 * many, by name. Counted over the kind only (not the other filters), so the choices stay put while the
 * reader narrows the list. A country asked for that has no listing is kept (count 0), so the filter still
 * shows what it is set to.
 */
const facetQuery = preparedPerShape("startup_country_facet", (db, ofType: boolean, name) =>
  db
    .select({ code: startups.country, count: count() })
    .from(startups)
    .where(ofType ? eq(startups.accountType, sql.placeholder("accountType")) : undefined)
    .groupBy(startups.country)
    .prepare(name),
);

export async function countryFacet(db: Db, filters: DirectoryFilters): Promise<CountryFacet[]> {
  const rows = await facetQuery(db, Boolean(filters.account_type)).execute({ accountType: filters.account_type });
  const counts = new Map(rows.map((r) => [r.code, r.count]));
  if (filters.country && !counts.has(filters.country)) counts.set(filters.country, 0);
  return countries()
    .filter((c) => counts.has(c.code))
    .map((c) => ({ code: c.code, name: c.name, flag: c.flag, count: counts.get(c.code)! }));
}
