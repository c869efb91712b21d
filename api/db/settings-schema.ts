import { sql } from "drizzle-orm";
import { integer, jsonb, pgSequence, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { MailPreferences } from "#schemas/mail-preferences.ts";
import { DATE_FORMATS, LAYOUTS, THEMES } from "#schemas/settings.ts";
import { users } from "./schema.ts";

/**
 * A user's preferences, one row per user once they save them (no row: the defaults). Notifications are
 * kept as the types turned off, so a type added later reaches everybody until they turn it off. Mail
 * choices are kept only for the kinds the user chose for; any other kind follows its default.
 */
export const userSettings = pgTable("user_settings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  timeZone: text("time_zone").notNull().default("UTC"),
  dateFormat: text("date_format", { enum: DATE_FORMATS }).notNull().default("medium"),
  theme: text("theme", { enum: THEMES }).notNull().default("system"),
  layout: text("layout", { enum: LAYOUTS }).notNull().default("auto"),
  mutedNotifications: text("muted_notifications")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Per kind of mail: immediately, digest or off (DEFAULT_MAIL_PREFERENCES for a kind not in it). */
  mailNotifications: jsonb("mail_notifications").$type<Partial<MailPreferences>>().notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Counted up after every write that may change what an instance keeps in its answer caches (anything, and
 * the door's check-ins alone), so that several instances on one PostgreSQL see each other's writes at their
 * next request (api/lib/database-cache-peers.ts). Sequences, not a row: counting up takes no lock, so the
 * writes of every instance never wait on each other for it.
 */
export const answerCacheWrites = pgSequence("answer_cache_writes");
export const answerCacheCheckIns = pgSequence("answer_cache_check_ins");
