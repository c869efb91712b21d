import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/** The timestamp columns every table has (shared by the other schema files). */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** Key/value settings the app generates once and every instance shares (e.g. the signing key). */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** Stored lower-cased so uniqueness and look-ups are case-insensitive. */
    email: text("email").notNull(),
    /**
     * When the user opened a link mailed to `email` (api/modules/account-links); null until then. A
     * confirmed change of address sets it again, and the demo accounts are verified.
     */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    passwordHash: text("password_hash").notNull(),
    avatarFileId: uuid("avatar_file_id").references((): AnyPgColumn => files.id, { onDelete: "set null" }),
    isActive: boolean("is_active").notNull().default(true),
    startupId: integer("startup_id").references((): AnyPgColumn => startups.id, { onDelete: "set null" }),
    coFounderId: integer("co_founder_id").references((): AnyPgColumn => coFounders.id, { onDelete: "set null" }),
    /**
     * Two-factor sign-in (api/modules/two-factor): the TOTP secret, sealed with a key derived from the app
     * key; set while a setup waits for its first code and once it is on. On from `two_factor_enabled_at`.
     */
    twoFactorSecret: text("two_factor_secret"),
    twoFactorEnabledAt: timestamp("two_factor_enabled_at", { withTimezone: true }),
    /** The time step of the last code accepted: a code is never taken twice, nor one older than it. */
    twoFactorLastStep: integer("two_factor_last_step"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    index("users_name_idx").on(t.name),
    index("users_created_at_idx").on(t.createdAt),
    index("users_startup_id_idx").on(t.startupId),
    index("users_co_founder_id_idx").on(t.coFounderId),
    index("users_avatar_file_id_idx").on(t.avatarFileId),
  ],
);

/**
 * Uploaded files, so every web instance sees them without shared disks. Each row says where its bytes are:
 * in `data`, or in the bucket STORAGE_URL names under `object_key` (api/modules/files/store.ts); never both.
 */
export const files = pgTable(
  "files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerUserId: integer("owner_user_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    data: bytea("data"),
    objectKey: text("object_key"),
    /** Public files (logos, avatars, banners) are served to anyone with the link; private ones only through their owner record. */
    isPublic: boolean("is_public").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index("files_owner_user_id_idx").on(t.ownerUserId),
    uniqueIndex("files_object_key_unique").on(t.objectKey),
    check("files_bytes_in_one_place", sql`(${t.data} is null) <> (${t.objectKey} is null)`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the cookie value: a stolen database dump cannot be replayed as cookies. */
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_last_activity_idx").on(t.lastActivityAt)],
);

export const apiTokens = pgTable(
  "api_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** What it may do (schemas/api-tokens.ts); a token from POST /sanctum/token holds every ability. */
    abilities: text("abilities")
      .array()
      .notNull()
      .default(sql`'{read,events:write,check_ins:write,payments:write,team:manage}'`),
    /** Null: it never expires. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    lastUsedIp: text("last_used_ip"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("api_tokens_token_hash_unique").on(t.tokenHash), index("api_tokens_user_id_idx").on(t.userId)],
);

/**
 * Two-factor recovery codes: only their SHA-256 (each is 50 random bits, shown once), and a code is
 * deleted as it is used, so deleting the row is what makes it work once.
 */
export const twoFactorRecoveryCodes = pgTable(
  "two_factor_recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("two_factor_recovery_codes_user_code_unique").on(t.userId, t.codeHash)],
);

/**
 * The one store of every rate limit (api/lib/rate-limit.ts): a row per limit and subject (`key`, e.g.
 * "ai|42"), holding the times of the hits still inside the limit's window, oldest first and never more
 * than the limit allows. Counting and deciding is one `insert … on conflict do update` on this row, so
 * requests sent at once queue on it and cannot all see room.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    hits: timestamp("hits", { withTimezone: true }).array().notNull(),
    /** Whether the statement that last touched the row counted its hit (read back through RETURNING). */
    taken: boolean("taken").notNull(),
    /** When every hit will have left the window: the row can go (server.ts prunes). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_expires_at_idx").on(t.expiresAt)],
);

export const roles = pgTable(
  "roles",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** Built-in roles the app relies on (setup assigns them); they cannot be renamed or deleted. */
    isSystem: boolean("is_system").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("roles_name_unique").on(t.name), index("roles_created_at_idx").on(t.createdAt)],
);

export const permissions = pgTable(
  "permissions",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("permissions_name_unique").on(t.name)],
);

export const rolePermissions = pgTable(
  "role_permissions",
  {
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    permissionId: integer("permission_id")
      .notNull()
      .references(() => permissions.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] }), index("role_permissions_permission_idx").on(t.permissionId)],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index("user_roles_role_idx").on(t.roleId)],
);

export const startups = pgTable(
  "startups",
  {
    id: serial("id").primaryKey(),
    ownerUserId: integer("owner_user_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    accountType: text("account_type", { enum: ["startup", "organization"] }).notNull(),
    name: text("name").notNull(),
    /** Lower-cased slug for /startups/{username}. */
    username: text("username").notNull(),
    logoFileId: uuid("logo_file_id").references(() => files.id, { onDelete: "set null" }),
    country: text("country").notNull(),
    cityName: text("city_name").notNull(),
    description: text("description").notNull(),
    industry: text("industry").notNull(),
    stage: text("stage"),
    website: text("website"),
    links: jsonb("links").$type<string[]>().notNull().default([]),
    followersCount: integer("followers_count").notNull().default(0),
    /** Skills the startup looks for in a co-founder, lower-cased: the match score compares them. */
    wantedSkillKeys: text("wanted_skill_keys")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Roles the startup wants filled (values of CO_FOUNDER_ROLES). */
    wantedRoles: text("wanted_roles")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("startups_username_unique").on(t.username),
    index("startups_owner_user_id_idx").on(t.ownerUserId),
    index("startups_account_type_idx").on(t.accountType),
    index("startups_logo_file_id_idx").on(t.logoFileId),
    index("startups_type_followers_idx").on(t.accountType, t.followersCount, t.id),
    index("startups_type_created_idx").on(t.accountType, t.createdAt, t.id),
    index("startups_type_name_idx").on(t.accountType, t.name, t.id),
    index("startups_industry_idx").on(t.industry),
    index("startups_stage_idx").on(t.stage),
    index("startups_country_city_idx").on(t.country, t.cityName),
  ],
);

export const coFounders = pgTable(
  "co_founders",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    headline: text("headline").notNull(),
    skills: jsonb("skills").$type<string[]>().notNull().default([]),
    country: text("country").notNull(),
    cityName: text("city_name").notNull(),
    bio: text("bio").notNull(),
    links: jsonb("links").$type<string[]>().notNull().default([]),
    avatarFileId: uuid("avatar_file_id").references(() => files.id, { onDelete: "set null" }),
    /** `skills` lower-cased and trimmed, kept in step by the service: what search and match scoring use. */
    skillKeys: text("skill_keys")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Roles the person can take (values of CO_FOUNDER_ROLES). */
    roles: text("roles")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    industries: text("industries")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    commitment: text("commitment", { enum: ["full_time", "part_time", "flexible"] })
      .notNull()
      .default("full_time"),
    desiredStage: text("desired_stage"),
    lookingFor: text("looking_for").notNull().default(""),
    followersCount: integer("followers_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("co_founders_user_id_unique").on(t.userId),
    index("co_founders_avatar_file_id_idx").on(t.avatarFileId),
    index("co_founders_skill_keys_idx").using("gin", t.skillKeys),
    index("co_founders_roles_idx").using("gin", t.roles),
    index("co_founders_industries_idx").using("gin", t.industries),
    index("co_founders_country_city_idx").on(t.country, t.cityName),
    index("co_founders_commitment_idx").on(t.commitment),
    index("co_founders_created_idx").on(t.createdAt, t.id),
    index("co_founders_name_idx").on(t.name, t.id),
  ],
);
