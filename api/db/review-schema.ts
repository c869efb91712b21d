/** Reviewing applications together: a form's rubric, its criteria and the reviews scored against them. */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./schema.ts";
import { eventApplications, eventForms } from "./events-schema.ts";

export const reviewRubrics = pgTable("review_rubrics", {
  eventFormId: integer("event_form_id")
    .primaryKey()
    .references(() => eventForms.id, { onDelete: "cascade" }),
  blind: boolean("blind").notNull().default(false),
  reviewersPerApplication: integer("reviewers_per_application").notNull().default(2),
  discussThreshold: integer("discuss_threshold").notNull().default(25),
  /** The custom questions whose answers also say who applied: hidden with the standard ones while blind. */
  identifyingQuestionIds: text("identifying_question_ids")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** How applications are given out, once the owner has (null: not yet): everyone, or spread. */
  assignmentMode: text("assignment_mode").$type<"all" | "spread">(),
  /** The reviewers applications are given to, new ones as they arrive. */
  reviewerIds: integer("reviewer_ids")
    .array()
    .notNull()
    .default(sql`'{}'::int[]`),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const reviewCriteria = pgTable(
  "review_criteria",
  {
    id: serial("id").primaryKey(),
    eventFormId: integer("event_form_id")
      .notNull()
      .references(() => eventForms.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    guidance: text("guidance"),
    weight: integer("weight").notNull(),
    scaleMax: integer("scale_max").notNull(),
  },
  (t) => [index("review_criteria_form_idx").on(t.eventFormId, t.position), check("review_criteria_scale", sql`${t.scaleMax} in (5, 10)`)],
);

/** The application a row is about and the reviewer it is theirs (both gone with their row). */
const applicationAndReviewer = () => ({
  applicationId: integer("application_id")
    .notNull()
    .references(() => eventApplications.id, { onDelete: "cascade" }),
  reviewerId: integer("reviewer_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
});

/** A reviewer's review of an application: scores by criterion id, kept as a draft until submitted. */
export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    ...applicationAndReviewer(),
    scores: jsonb("scores").$type<Record<string, number>>().notNull().default({}),
    note: text("note"),
    recommendation: text("recommendation").$type<"yes" | "maybe" | "no">(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reviews_application_reviewer_idx").on(t.applicationId, t.reviewerId),
    index("reviews_reviewer_idx").on(t.reviewerId),
  ],
);

/** An application and a reviewer: who reviews which, and who declared a conflict on which. */
const applicationReviewerPair = () => ({
  ...applicationAndReviewer(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Who reviews which application. */
export const reviewAssignments = pgTable("review_assignments", applicationReviewerPair(), (t) => [
  uniqueIndex("review_assignments_pair_idx").on(t.applicationId, t.reviewerId),
  index("review_assignments_reviewer_idx").on(t.reviewerId),
]);

/** A reviewer who declared a conflict on an application: it is never theirs to review. */
export const reviewConflicts = pgTable("review_conflicts", applicationReviewerPair(), (t) => [
  uniqueIndex("review_conflicts_pair_idx").on(t.applicationId, t.reviewerId),
]);

/** The team's comments on an application, oldest first; `mentionedIds` the members a comment named with @. */
export const applicationComments = pgTable(
  "application_comments",
  {
    id: serial("id").primaryKey(),
    applicationId: integer("application_id")
      .notNull()
      .references(() => eventApplications.id, { onDelete: "cascade" }),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    mentionedIds: integer("mentioned_ids")
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("application_comments_application_idx").on(t.applicationId, t.id)],
);
