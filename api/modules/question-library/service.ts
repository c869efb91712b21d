/** The organization's question library: saved custom questions, listed, saved and deleted within it. */
import { and, asc, count, desc, eq, ilike, sql } from "drizzle-orm";
import type { SavedQuestionContent, SavedQuestionView } from "#schemas/question-library.ts";
import { CHOICE_TYPES, type CustomQuestionInput, type QuestionType } from "#schemas/events.ts";
import type { Db } from "#api/db/client.ts";
import { libraryQuestions } from "#api/db/question-library-schema.ts";
import { notFound } from "#api/lib/errors.ts";
import { containsPattern } from "#api/lib/like.ts";
import { offset, sortColumn, totalOf, totalOver, type ListQuery, type PageRows } from "#api/lib/pagination.ts";

export const SAVED_QUESTION_NOT_FOUND = "Saved question not found";

const LIBRARY_SORTS = ["label", "created_at"] as const;

type Row = { id: number; question: SavedQuestionContent; createdAt: Date };

const savedQuestionView = (row: Row): SavedQuestionView => ({ id: row.id, ...row.question, created_at: row.createdAt.toISOString() });

/** The organization's saved questions, a page at a time, searched by label. */
export async function listSavedQuestions(db: Db, organizationId: number, query: ListQuery): Promise<PageRows<SavedQuestionView>> {
  const where = and(
    eq(libraryQuestions.organizationId, organizationId),
    query.search ? ilike(libraryQuestions.label, containsPattern(query.search)) : undefined,
  );
  const sortBy = sortColumn(query.sort_by, LIBRARY_SORTS, "label");
  const column = sortBy === "label" ? sql`lower(${libraryQuestions.label}) collate "C"` : libraryQuestions.createdAt;
  const direction = query.sort_order === "desc" ? desc : asc;
  const rows = await db
    .select({ id: libraryQuestions.id, question: libraryQuestions.question, createdAt: libraryQuestions.createdAt, listTotal: totalOver() })
    .from(libraryQuestions)
    .where(where)
    .orderBy(direction(column), direction(libraryQuestions.id))
    .limit(query.per_page)
    .offset(offset(query));
  const total = await totalOf(rows, query, async () => (await db.select({ n: count() }).from(libraryQuestions).where(where))[0].n);
  return { total, data: rows.map(savedQuestionView) };
}

/** Saves a copy of a question to the organization's library: the question as asked, its rule left behind. */
export async function saveQuestion(db: Db, organizationId: number, userId: number, input: CustomQuestionInput): Promise<SavedQuestionView> {
  const question: SavedQuestionContent = {
    label: input.label,
    help_text: input.help_text ?? null,
    type: input.type,
    required: input.required,
    // Options only mean something for a choice question.
    options: CHOICE_TYPES.includes(input.type as QuestionType) ? input.options : [],
  };
  const [row] = await db
    .insert(libraryQuestions)
    .values({ organizationId, label: question.label, question, createdByUserId: userId })
    .returning({ id: libraryQuestions.id, question: libraryQuestions.question, createdAt: libraryQuestions.createdAt });
  return savedQuestionView(row);
}

/** Deletes a saved question of the organization; another organization's is as good as missing (404). */
export async function deleteSavedQuestion(db: Db, organizationId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(libraryQuestions)
    .where(and(eq(libraryQuestions.id, id), eq(libraryQuestions.organizationId, organizationId)))
    .returning({ id: libraryQuestions.id });
  if (!deleted.length) throw notFound(SAVED_QUESTION_NOT_FOUND);
}
