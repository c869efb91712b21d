import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { startups, users } from "./schema.ts";

/* The founder's tools: the resource center's guides and framework canvases, and the video-meeting
 * connections (with the OAuth states of connections under way). */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** A guide for founders in the resource center, written in Markdown. */
export const guides = pgTable(
  "guides",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    category: text("category").notNull(),
    summary: text("summary").notNull(),
    body: text("body").notNull(),
    readingMinutes: integer("reading_minutes").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("guides_slug_unique").on(t.slug), index("guides_category_title_idx").on(t.category, t.title)],
);

/** The text of each box of a framework, keyed by the box's id in the framework's definition. */
export type CanvasBoxes = Record<string, string>;

/** A startup's current canvas of one framework type (Lean Canvas, SWOT, …); one per startup and type. */
export const frameworkCanvases = pgTable(
  "framework_canvases",
  {
    id: serial("id").primaryKey(),
    startupId: integer("startup_id")
      .notNull()
      .references(() => startups.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    boxes: jsonb("boxes").$type<CanvasBoxes>().notNull(),
    /** Counts saves; the newest version row has this number. */
    version: integer("version").notNull().default(1),
    updatedByUserId: integer("updated_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("framework_canvases_startup_type_unique").on(t.startupId, t.type),
    index("framework_canvases_updated_by_idx").on(t.updatedByUserId),
  ],
);

/** Every saved state of a canvas, newest first by version, for its history and restore. */
export const frameworkVersions = pgTable(
  "framework_versions",
  {
    id: serial("id").primaryKey(),
    canvasId: integer("canvas_id")
      .notNull()
      .references(() => frameworkCanvases.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    boxes: jsonb("boxes").$type<CanvasBoxes>().notNull(),
    savedByUserId: integer("saved_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * Saved on purpose (the Save button, a restore, an API save without `autosave`): never folded into,
     * and pruned only after every autosaved version (MAX_CANVAS_VERSIONS).
     */
    kept: boolean("kept").notNull().default(false),
    /** When the version was started: autosaves fold into it for CANVAS_AUTOSAVE_FOLD_MINUTES from then. */
    createdAt: createdAt(),
    /** Its last save (the newest autosave folded into it). */
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("framework_versions_canvas_version_unique").on(t.canvasId, t.version),
    index("framework_versions_saved_by_idx").on(t.savedByUserId),
  ],
);

export const MEETING_PROVIDERS = ["zoom", "google_meet"] as const;
export type MeetingProvider = (typeof MEETING_PROVIDERS)[number];

/** A user's OAuth connection to a meeting provider; tokens are encrypted with the app key (never plain). */
export const meetingConnections = pgTable(
  "meeting_connections",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: MEETING_PROVIDERS }).notNull(),
    accessTokenEncrypted: text("access_token_encrypted").notNull(),
    refreshTokenEncrypted: text("refresh_token_encrypted"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    scope: text("scope"),
    /** The provider account's e-mail or name, shown on /integration. */
    accountLabel: text("account_label"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("meeting_connections_user_provider_unique").on(t.userId, t.provider)],
);

/** An OAuth authorization in flight: its `state` and PKCE verifier, used once and only until it expires. */
export const oauthStates = pgTable(
  "oauth_states",
  {
    state: text("state").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: MEETING_PROVIDERS }).notNull(),
    codeVerifier: text("code_verifier").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("oauth_states_user_idx").on(t.userId), index("oauth_states_expires_idx").on(t.expiresAt)],
);
