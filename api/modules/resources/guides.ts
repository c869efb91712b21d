import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import { GUIDE_NOT_FOUND, guideFilterSchema, isGuideSlug, type GuideCategoryCount, type GuideSummary, type GuideView } from "../../../schemas/resources.ts";
import type { AppEnv } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { guides } from "../../db/tools-schema.ts";
import { notFound } from "../../lib/errors.ts";
import { offset, page, parseListQuery, totalOf, totalOver, type ListQuery } from "../../lib/pagination.ts";
import { validate } from "../../lib/validation.ts";
import { authorize } from "../access/authorize.ts";
import { escapeLike } from "../access/service.ts";

/** The resource center's guides for founders: a searchable, filterable list, and one guide by its slug. */
export const guideRoutes = new Hono<AppEnv>();

const BASE = "/api/v1/admin/guides";
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

/** Every word of the search must appear in the title, the summary or the body (case-insensitive). */
function searchCondition(search: string | undefined): SQL | undefined {
  const words = (search ?? "").split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  if (!words.length) return undefined;
  return and(
    ...words.map((word) => {
      const pattern = `%${escapeLike(word)}%`;
      return or(ilike(guides.title, pattern), ilike(guides.summary, pattern), ilike(guides.body, pattern));
    }),
  );
}

/**
 * A page of guides: with a search, those whose title holds the whole search come first; otherwise by
 * category, then title (the table's index).
 */
export async function listGuides(db: Db, query: ListQuery, category: string | undefined) {
  const where = and(category ? eq(guides.category, category) : undefined, searchCondition(query.search));
  const titleFirst = query.search ? [desc(ilike(guides.title, `%${escapeLike(query.search)}%`))] : [];
  const rows = await db
    .select({ ...summaryColumns, listTotal: totalOver() })
    .from(guides)
    .where(where)
    .orderBy(...titleFirst, asc(guides.category), asc(guides.title), asc(guides.id))
    .limit(query.per_page)
    .offset(offset(query));
  const total = await totalOf(rows, query, async () => (await db.select({ n: count() }).from(guides).where(where))[0].n);
  return { total, data: rows.map(summaryView) };
}

/** Each category with its number of guides (for the filter), in the categories' own order. */
export async function guideCategories(db: Db): Promise<GuideCategoryCount[]> {
  const rows = await db
    .select({ name: guides.category, count: sql<number>`count(*)`.mapWith(Number) })
    .from(guides)
    .groupBy(guides.category)
    .orderBy(asc(guides.category));
  return rows;
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

guideRoutes.get(BASE, authorize("resource center read"), async (c) => {
  const { category } = validate(guideFilterSchema, c.req.query());
  const query = parseListQuery(c.req.url);
  const [{ total, data }, categories] = await Promise.all([listGuides(c.var.db, query, category), guideCategories(c.var.db)]);
  return c.json({ ...page(c.req.url, query, total, data), categories });
});

guideRoutes.get(`${BASE}/:slug`, authorize("resource center read"), async (c) => {
  return c.json({ guide: await findGuide(c.var.db, c.req.param("slug")) });
});
