import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import { GUIDE_NOT_FOUND, isGuideSlug, type GuideCategoryCount, type GuideSummary, type GuideView } from "#schemas/resources.ts";
import { resourceRoutes as routes } from "#schemas/contract/resources.ts";
import type { AppEnv } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { guides } from "#api/db/tools-schema.ts";
import { notFound } from "#api/lib/errors.ts";
import { page, pageValues, totalOf, totalOver, type ListQuery, type PageRows } from "#api/lib/pagination.ts";
import { preparedPerDb, preparedPerShape } from "#api/db/embedded/prepared.ts";
import { serve } from "#api/lib/contract.ts";
import { containsPattern } from "#api/lib/like.ts";

/** The resource center's guides for founders: a searchable, filterable list, and one guide by its slug. */
export const guideRoutes = new Hono<AppEnv>();

/** More words than this in a search are ignored: each one is a condition on three text columns. */
const MAX_SEARCH_WORDS = 8;

const summaryColumns = {
  slug: guides.slug,
  title: guides.title,
  category: guides.category,
  summary: guides.summary,
  readingMinutes: guides.readingMinutes,
  updatedAt: guides.updatedAt,
};

type SummaryRow = { slug: string; title: string; category: string; summary: string; readingMinutes: number; updatedAt: Date };

const summaryView = (row: SummaryRow): GuideSummary => ({
  slug: row.slug,
  title: row.title,
  category: row.category,
  summary: row.summary,
  reading_minutes: row.readingMinutes,
  updated_at: row.updatedAt.toISOString(),
});

/** The search's words (at most MAX_SEARCH_WORDS): each must appear in the title, the summary or the body. */
const searchWords = (search: string | undefined) => (search ?? "").split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);

type GuideShape = { category: boolean; words: number };

function guidesWhere(shape: GuideShape): SQL | undefined {
  const wordConditions = Array.from({ length: shape.words }, (_, i) => {
    const pattern = sql.placeholder(`word${i}`);
    return or(ilike(guides.title, pattern), ilike(guides.summary, pattern), ilike(guides.body, pattern));
  });
  return and(shape.category ? eq(guides.category, sql.placeholder("category")) : undefined, ...wordConditions);
}

/**
 * A page of guides: with a search, those whose title holds the whole search come first; otherwise by
 * category, then title (the table's index). Prepared per shape (category or not, how many words).
 */
const guidePageQuery = preparedPerShape("guide_page", (db, shape: GuideShape, name) => {
  const titleFirst = shape.words ? [desc(ilike(guides.title, sql.placeholder("whole")))] : [];
  return db
    .select({ ...summaryColumns, listTotal: totalOver() })
    .from(guides)
    .where(guidesWhere(shape))
    .orderBy(...titleFirst, asc(guides.category), asc(guides.title), asc(guides.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(name);
});

const guideCountQuery = preparedPerShape("guide_count", (db, shape: GuideShape, name) =>
  db.select({ n: count() }).from(guides).where(guidesWhere(shape)).prepare(name),
);

export async function listGuides(db: Db, query: ListQuery, category: string | undefined): Promise<PageRows<GuideSummary>> {
  const words = searchWords(query.search);
  const shape = { category: Boolean(category), words: words.length };
  const values: Record<string, unknown> = { category, whole: containsPattern(query.search ?? ""), ...pageValues(query) };
  words.forEach((word, i) => (values[`word${i}`] = containsPattern(word)));
  const rows = await guidePageQuery(db, shape).execute(values);
  const total = await totalOf(rows, query, async () => (await guideCountQuery(db, shape).execute(values))[0].n);
  return { total, data: rows.map(summaryView) };
}

const categoriesQuery = preparedPerDb((db) =>
  db
    .select({ name: guides.category, count: sql<number>`count(*)`.mapWith(Number) })
    .from(guides)
    .groupBy(guides.category)
    .orderBy(asc(guides.category))
    .prepare("guide_categories"),
);

/** Each category with its number of guides (for the filter), in the categories' own order. */
export async function guideCategories(db: Db): Promise<GuideCategoryCount[]> {
  return categoriesQuery(db).execute();
}

export async function findGuide(db: Db, slug: string): Promise<GuideView> {
  if (!isGuideSlug(slug)) throw notFound(GUIDE_NOT_FOUND);
  const [row] = await db
    .select({ ...summaryColumns, body: guides.body })
    .from(guides)
    .where(eq(guides.slug, slug));
  if (!row) throw notFound(GUIDE_NOT_FOUND);
  return { ...summaryView(row), body: row.body };
}

serve(guideRoutes, routes.listGuides, async (c, { query: { category, ...query } }) => {
  const [{ total, data }, categories] = await Promise.all([listGuides(c.get("db"), query, category), guideCategories(c.get("db"))]);
  return { ...page(c.req.url, query, total, data), categories };
});

serve(guideRoutes, routes.showGuide, async (c, { params }) => ({ guide: await findGuide(c.get("db"), params.slug) }));
