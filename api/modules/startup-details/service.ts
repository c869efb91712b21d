import { and, eq, sql } from "drizzle-orm";
import {
  DETAIL_CATEGORIES,
  DETAIL_CATEGORY_NOT_FOUND,
  categoryCompletion,
  detailCategory,
  overallCompleteness,
  type DetailCategory,
  type DetailValues,
} from "#schemas/startup-details.ts";
import type { DetailCategoryView, StartupDetailsList } from "#schemas/contract/startup-details.ts";
import type { Db } from "#api/db/client.ts";
import { startupDetails } from "#api/db/community-schema.ts";
import { notFound } from "#api/lib/errors.ts";

/** A category as the API answers it: its definition, the startup's values for its fields, and its completion. */
function categoryView(category: DetailCategory, row: { values: DetailValues; updatedAt: Date } | undefined): DetailCategoryView {
  const stored = row?.values ?? {};
  // Only the category's current fields are answered: a key dropped from the definition stays out of sight.
  const values = Object.fromEntries(category.fields.map((field) => [field.key, stored[field.key] ?? null]));
  return {
    id: category.id,
    name: category.name,
    description: category.description,
    fields: category.fields,
    values,
    ...categoryCompletion(category, values),
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/** The detail category named in a path, or 404 "Detail category not found". */
export function findCategory(id: number): DetailCategory {
  const category = detailCategory(id);
  if (!category) throw notFound(DETAIL_CATEGORY_NOT_FOUND);
  return category;
}

async function storedRows(db: Db, startupId: number, categoryId?: number) {
  const rows = await db
    .select({
      categoryId: startupDetails.categoryId,
      values: startupDetails.values,
      updatedAt: startupDetails.updatedAt,
    })
    .from(startupDetails)
    .where(and(eq(startupDetails.startupId, startupId), categoryId ? eq(startupDetails.categoryId, categoryId) : undefined));
  return new Map(rows.map((row) => [row.categoryId, row]));
}

/** Every category with the startup's values and completion, plus the overall completeness. One query. */
export async function listStartupDetails(db: Db, startupId: number): Promise<StartupDetailsList> {
  const rows = await storedRows(db, startupId);
  const data = DETAIL_CATEGORIES.map((category) => categoryView(category, rows.get(category.id)));
  return {
    data,
    completeness: overallCompleteness(new Map(data.map((category) => [category.id, category.values]))),
  };
}

export async function getStartupDetails(db: Db, startupId: number, category: DetailCategory): Promise<DetailCategoryView> {
  const rows = await storedRows(db, startupId, category.id);
  return categoryView(category, rows.get(category.id));
}

/** Replaces the category's values (the form sends every field); one upsert keyed by startup and category. */
export async function saveStartupDetails(db: Db, startupId: number, userId: number, category: DetailCategory, values: DetailValues) {
  await db
    .insert(startupDetails)
    .values({
      startupId,
      categoryId: category.id,
      values,
      updatedByUserId: userId,
    })
    .onConflictDoUpdate({
      target: [startupDetails.startupId, startupDetails.categoryId],
      set: { values, updatedByUserId: userId, updatedAt: sql`now()` },
    });
}
