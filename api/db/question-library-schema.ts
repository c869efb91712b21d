/** An organization's library of custom questions, saved from one form to be added to others. */
import { index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import type { SavedQuestionContent } from "#schemas/question-library.ts";
import { createdAt, startups, users } from "./schema.ts";

export const libraryQuestions = pgTable(
  "library_questions",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => startups.id, { onDelete: "cascade" }),
    /** The question's label again, apart, so the list searches and sorts by it in SQL. */
    label: text("label").notNull(),
    /** The question as a form holds it, without its id and without a rule (a rule names another form's question). */
    question: jsonb("question").$type<SavedQuestionContent>().notNull(),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("library_questions_organization_label_idx").on(t.organizationId, t.label),
    index("library_questions_created_by_idx").on(t.createdByUserId),
  ],
);
