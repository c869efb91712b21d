import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { DIRECTORY_SORTS, DIRECTORY_TYPES, type DirectoryStartup } from "../../../schemas/startups.ts";
import type { AuthUser } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { favorites, follows } from "../../db/community-schema.ts";
import { startups } from "../../db/schema.ts";
import { offset, sortColumn, type ListQuery } from "../../lib/pagination.ts";
import { escapeLike } from "../access/service.ts";
import { fileUrl } from "../files/service.ts";
import { viewerFlags, viewerJoins } from "./viewer.ts";

/** A filter value: trimmed; blank, too long or not text means "no filter" (lists never refuse a query). */
const filterText = z.string().trim().max(120).optional().catch(undefined).transform((v) => v || undefined);

export const directoryQuerySchema = z.object({
  account_type: z.enum(DIRECTORY_TYPES).optional().catch(undefined),
  industry: filterText,
  stage: filterText,
  country: filterText.transform((v) => v?.toUpperCase()),
  city: filterText,
});
export type DirectoryQuery = z.output<typeof directoryQuerySchema>;

export const parseDirectoryQuery = (url: string): DirectoryQuery => directoryQuerySchema.parse(Object.fromEntries(new URL(url).searchParams));

/** Followers and newest read best biggest-first, names A to Z, unless the caller says otherwise. */
const DEFAULT_ORDER = { followers_count: "desc", created_at: "desc", name: "asc" } as const;

function directoryWhere(filters: DirectoryQuery, search: string | undefined): SQL | undefined {
  const like = search ? `%${escapeLike(search)}%` : undefined;
  return and(
    filters.account_type ? eq(startups.accountType, filters.account_type) : undefined,
    filters.industry ? eq(startups.industry, filters.industry) : undefined,
    filters.stage ? eq(startups.stage, filters.stage) : undefined,
    filters.country ? eq(startups.country, filters.country) : undefined,
    filters.city ? sql`lower(${startups.cityName}) = lower(${filters.city})` : undefined,
    like
      ? or(ilike(startups.name, like), ilike(startups.username, like), ilike(startups.description, like), ilike(startups.cityName, like))
      : undefined,
  );
}

/**
 * One page of the directory. The page is cut first (ordered by an indexed column + id, so the followers
 * sort walks startups_type_followers_idx and stops after one page), and only its rows are joined to the
 * caller's follow and favorite rows: one query for the page, whatever the number of follows, and one count.
 */
export async function listDirectory(db: Db, user: AuthUser | null, query: ListQuery, filters: DirectoryQuery, sortOrderGiven: boolean) {
  const where = directoryWhere(filters, query.search);
  const sortBy = sortColumn(query.sort_by, DIRECTORY_SORTS, "followers_count");
  const direction = (sortOrderGiven ? query.sort_order : DEFAULT_ORDER[sortBy]) === "desc" ? desc : asc;
  const sortKey = { followers_count: startups.followersCount, created_at: startups.createdAt, name: startups.name }[sortBy];

  const pageRows = db
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
      createdAt: startups.createdAt,
    })
    .from(startups)
    .where(where)
    .orderBy(direction(sortKey), direction(startups.id))
    .limit(query.per_page)
    .offset(offset(query))
    .as("p");

  const joins = viewerJoins(user, pageRows.id, pageRows.accountType);
  const outerKey = { followers_count: pageRows.followersCount, created_at: pageRows.createdAt, name: pageRows.name }[sortBy];
  const pageQuery = db
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
      followId: follows.id,
      favoriteId: favorites.id,
    })
    .from(pageRows)
    .leftJoin(follows, joins.following)
    .leftJoin(favorites, joins.favorited)
    .orderBy(direction(outerKey), direction(pageRows.id));
  // Counted on its own rather than with count(*) over (): a window total would make the page query read
  // every matching row, where LIMIT over the sort index stops after one page.
  const [rows, [{ total }]] = await Promise.all([pageQuery, db.select({ total: count() }).from(startups).where(where)]);
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
    ...viewerFlags(user, r),
  }));
  return { total, data };
}
