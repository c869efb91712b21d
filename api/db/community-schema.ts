import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { FAVORITE_TYPES } from "#schemas/favorites.ts";
import { FOLLOW_TYPES } from "#schemas/follows.ts";
import { INVITATION_STATUSES } from "#schemas/invitations.ts";
import { coFounders, startups, users } from "./schema.ts";

/* The community tables: following, favorites, team members, co-founder invitations and startup details. */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * Who follows whom. The follower is the caller's account (their startup/organization or their co-founder
 * profile), so a team follows once; the followee's followers_count moves in the same transaction.
 */
export const follows = pgTable(
  "follows",
  {
    id: serial("id").primaryKey(),
    followerType: text("follower_type", { enum: FOLLOW_TYPES }).notNull(),
    followerId: integer("follower_id").notNull(),
    followeeType: text("followee_type", { enum: FOLLOW_TYPES }).notNull(),
    followeeId: integer("followee_id").notNull(),
    /** The user who pressed Follow, for the followers list's names and avatars. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("follows_pair_unique").on(t.followerType, t.followerId, t.followeeType, t.followeeId),
    index("follows_followee_idx").on(t.followeeType, t.followeeId, t.createdAt),
    index("follows_follower_idx").on(t.followerType, t.followerId, t.createdAt),
    index("follows_user_id_idx").on(t.userId),
  ],
);

/** A user's saved startups, organizations, co-founder profiles and events. */
export const favorites = pgTable(
  "favorites",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    favoritableType: text("favoritable_type", { enum: FAVORITE_TYPES }).notNull(),
    favoritableId: integer("favoritable_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("favorites_unique").on(t.userId, t.favoritableType, t.favoritableId),
    index("favorites_user_created_idx").on(t.userId, t.createdAt),
    index("favorites_target_idx").on(t.favoritableType, t.favoritableId),
  ],
);

/**
 * A startup's team: accepted co-founders (co_founder_id set) and people not on the platform (name/email only).
 */
export const teamMembers = pgTable(
  "team_members",
  {
    id: serial("id").primaryKey(),
    startupId: integer("startup_id")
      .notNull()
      .references(() => startups.id, { onDelete: "cascade" }),
    coFounderId: integer("co_founder_id").references(() => coFounders.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email"),
    title: text("title").notNull(),
    role: text("role").notNull(),
    equityNote: text("equity_note"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("team_members_startup_co_founder_unique")
      .on(t.startupId, t.coFounderId)
      .where(sql`${t.coFounderId} is not null`),
    index("team_members_startup_created_idx").on(t.startupId, t.createdAt),
    index("team_members_co_founder_id_idx").on(t.coFounderId),
  ],
);

export const coFounderInvitations = pgTable(
  "co_founder_invitations",
  {
    id: serial("id").primaryKey(),
    startupId: integer("startup_id")
      .notNull()
      .references(() => startups.id, { onDelete: "cascade" }),
    coFounderId: integer("co_founder_id")
      .notNull()
      .references(() => coFounders.id, { onDelete: "cascade" }),
    senderUserId: integer("sender_user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: INVITATION_STATUSES }).notNull().default("pending"),
    /** The startup's note with the invitation. */
    message: text("message"),
    /** The co-founder's optional note when accepting or declining. */
    responseMessage: text("response_message"),
    /** Title and role the startup offers; they become the team member's on acceptance. */
    title: text("title"),
    role: text("role"),
    createdAt: createdAt(),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
  },
  (t) => [
    // The database, not a read-then-write, guarantees one pending invitation per startup and person.
    uniqueIndex("co_founder_invitations_one_pending")
      .on(t.startupId, t.coFounderId)
      .where(sql`${t.status} = 'pending'`),
    index("co_founder_invitations_startup_idx").on(t.startupId, t.status, t.createdAt),
    index("co_founder_invitations_co_founder_idx").on(t.coFounderId, t.status, t.createdAt),
    index("co_founder_invitations_sender_idx").on(t.senderUserId),
  ],
);

/**
 * A startup's answers for one detail category. The categories and their fields are defined in code
 * (schemas/startup-details.ts); values are keyed by field key.
 */
export const startupDetails = pgTable(
  "startup_details",
  {
    startupId: integer("startup_id")
      .notNull()
      .references(() => startups.id, { onDelete: "cascade" }),
    categoryId: integer("category_id").notNull(),
    values: jsonb("values").$type<Record<string, string | number | null>>().notNull().default({}),
    updatedByUserId: integer("updated_by_user_id").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.startupId, t.categoryId] }), check("startup_details_category_positive", sql`${t.categoryId} > 0`)],
);

/*
 * Co-founder match scores, precomputed so that a search sorted by score reads one index in order instead of
 * scoring every profile. The score itself is the SQL function co_founder_match_score (migration 0008), the one
 * definition that both this table and the cards use. Triggers in that migration keep the rows exact: a
 * startup's rows exist once it has searched (co_founder_match_sets, filled by co_founder_match_fill), a new or
 * changed profile is (re)scored for every such startup, a startup whose wants change is rescored, and deletes
 * cascade. See api/modules/co-founders/match.ts.
 */

/** The startups whose match rows exist (filled on their first score-sorted search). */
export const coFounderMatchSets = pgTable("co_founder_match_sets", {
  startupId: integer("startup_id")
    .primaryKey()
    .references(() => startups.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

/** One profile's score for one startup; `created_at` is the profile's, copied for the index's tie-break. */
export const coFounderMatches = pgTable(
  "co_founder_matches",
  {
    startupId: integer("startup_id")
      .notNull()
      .references(() => coFounderMatchSets.startupId, { onDelete: "cascade" }),
    coFounderId: integer("co_founder_id")
      .notNull()
      .references(() => coFounders.id, { onDelete: "cascade" }),
    score: integer("score").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.startupId, t.coFounderId] }),
    // The score sort: score, then newest profile first, then id (as findCoFounders orders).
    index("co_founder_matches_order_idx").on(t.startupId, t.score.desc(), t.createdAt.desc(), t.coFounderId.desc()),
    index("co_founder_matches_co_founder_idx").on(t.coFounderId),
  ],
);

/**
 * How many co-founder profiles exist, kept by triggers on co_founders (migration 0008): the unfiltered
 * search's exact total without counting 100,000 rows. One row (id 1).
 */
export const coFounderTotals = pgTable(
  "co_founder_totals",
  {
    id: smallint("id").primaryKey().default(1),
    total: integer("total").notNull(),
  },
  (t) => [check("co_founder_totals_one_row", sql`${t.id} = 1`)],
);
