import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
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

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

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
    passwordHash: text("password_hash").notNull(),
    avatarFileId: uuid("avatar_file_id").references((): AnyPgColumn => files.id, { onDelete: "set null" }),
    isActive: boolean("is_active").notNull().default(true),
    startupId: integer("startup_id").references((): AnyPgColumn => startups.id, { onDelete: "set null" }),
    coFounderId: integer("co_founder_id").references((): AnyPgColumn => coFounders.id, { onDelete: "set null" }),
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

/** Uploaded files live in the database so every web instance sees them without shared disks. */
export const files = pgTable(
  "files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerUserId: integer("owner_user_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    data: bytea("data").notNull(),
    /** Public files (logos, avatars, banners) are served to anyone with the link; private ones only through their owner record. */
    isPublic: boolean("is_public").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("files_owner_user_id_idx").on(t.ownerUserId)],
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
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("api_tokens_token_hash_unique").on(t.tokenHash), index("api_tokens_user_id_idx").on(t.userId)],
);

export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: serial("id").primaryKey(),
    throttleKey: text("throttle_key").notNull(),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("login_attempts_key_time_idx").on(t.throttleKey, t.attemptedAt)],
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
    wantedSkillKeys: text("wanted_skill_keys").array().notNull().default(sql`'{}'::text[]`),
    /** Roles the startup wants filled (values of CO_FOUNDER_ROLES). */
    wantedRoles: text("wanted_roles").array().notNull().default(sql`'{}'::text[]`),
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
    skillKeys: text("skill_keys").array().notNull().default(sql`'{}'::text[]`),
    /** Roles the person can take (values of CO_FOUNDER_ROLES). */
    roles: text("roles").array().notNull().default(sql`'{}'::text[]`),
    industries: text("industries").array().notNull().default(sql`'{}'::text[]`),
    commitment: text("commitment", { enum: ["full_time", "part_time", "flexible"] }).notNull().default("full_time"),
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

// ---- events ------------------------------------------------------------------------------------

export const collections = pgTable(
  "collections",
  {
    id: serial("id").primaryKey(),
    startupId: integer("startup_id")
      .notNull()
      .references(() => startups.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("collections_startup_id_idx").on(t.startupId),
    index("collections_startup_name_idx").on(t.startupId, t.name),
    index("collections_created_at_idx").on(t.createdAt),
  ],
);

/** Standard applicant fields a form switches on (and may require). */
export type StandardQuestions = Record<string, { enabled: boolean; required: boolean }>;

export interface CustomQuestion {
  id: string;
  label: string;
  help_text: string | null;
  type: string;
  required: boolean;
  options: string[];
}

export interface PaidEventInformation {
  price: string;
  currency: string;
  includes: string | null;
}

export const eventForms = pgTable(
  "event_forms",
  {
    id: serial("id").primaryKey(),
    startupId: integer("startup_id")
      .notNull()
      .references(() => startups.id, { onDelete: "cascade" }),
    collectionId: integer("collection_id").references(() => collections.id, { onDelete: "restrict" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    bannerFileId: uuid("banner_file_id").references(() => files.id, { onDelete: "set null" }),
    category: text("category").notNull(),
    nature: text("nature", { enum: ["online", "in_person", "hybrid"] }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    timezone: text("timezone").notNull(),
    venue: text("venue"),
    /** The venue's country (ISO alpha-2) and city from the app's city list; the weather card reads them. */
    venueCountry: text("venue_country"),
    venueCity: text("venue_city"),
    onlineLink: text("online_link"),
    /** A meeting created with a connected provider (api/modules/meetings): shown to accepted applicants only. */
    meetingProvider: text("meeting_provider", { enum: ["zoom", "google_meet"] }),
    meetingExternalId: text("meeting_external_id"),
    meetingJoinUrl: text("meeting_join_url"),
    meetingCreatedByUserId: integer("meeting_created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    capacity: integer("capacity"),
    applicationDeadline: timestamp("application_deadline", { withTimezone: true }),
    typeOfEvent: text("type_of_event", { enum: ["free", "paid"] }).notNull(),
    paidEventInformation: jsonb("paid_event_information").$type<PaidEventInformation | null>(),
    questions: jsonb("questions").$type<StandardQuestions>().notNull(),
    customQuestions: jsonb("custom_questions").$type<CustomQuestion[]>().notNull().default([]),
    status: text("status", { enum: ["draft", "published", "closed"] }).notNull().default("draft"),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("event_forms_startup_created_idx").on(t.startupId, t.createdAt),
    index("event_forms_collection_id_idx").on(t.collectionId),
    index("event_forms_status_starts_idx").on(t.status, t.startsAt),
    index("event_forms_category_idx").on(t.category),
    index("event_forms_nature_idx").on(t.nature),
    index("event_forms_banner_file_id_idx").on(t.bannerFileId),
    index("event_forms_created_by_idx").on(t.createdByUserId),
    index("event_forms_meeting_created_by_idx").on(t.meetingCreatedByUserId),
    // The dashboard's upcoming events: one startup's published forms by start, read in order from now on.
    index("event_forms_startup_status_starts_idx").on(t.startupId, t.status, t.startsAt),
  ],
);

export type ApplicationStatus = "draft" | "pending" | "shortlisted" | "accepted" | "rejected" | "waitlisted" | "cancelled";

/** Answers keyed by standard field name or custom question id; files are stored as file ids. */
export type Answers = Record<string, string | string[] | boolean | number | null>;

export const eventApplications = pgTable(
  "event_applications",
  {
    id: serial("id").primaryKey(),
    eventFormId: integer("event_form_id")
      .notNull()
      .references(() => eventForms.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").$type<ApplicationStatus>().notNull().default("draft"),
    answers: jsonb("answers").$type<Answers>().notNull().default({}),
    /** Copied from the answers (or the account) so lists can search and sort without reading JSON. */
    applicantName: text("applicant_name").notNull(),
    applicantEmail: text("applicant_email").notNull(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("event_applications_form_user_unique").on(t.eventFormId, t.userId),
    // These two match the lists' ORDER BY exactly, so a page reads only its own rows, however long the list.
    index("event_applications_user_created_idx").on(t.userId, t.createdAt.desc().nullsLast(), t.id.desc().nullsLast()),
    index("event_applications_form_status_idx").on(t.eventFormId, t.status),
    index("event_applications_form_submitted_idx")
      .on(t.eventFormId, t.submittedAt.desc().nullsLast(), t.id.desc().nullsLast())
      .where(sql`status <> 'draft'`),
    index("event_applications_form_name_idx").on(t.eventFormId, t.applicantName),
    // The dashboard's per-day and by-stage cards over all of an owner's forms: the window's submitted rows
    // by time, with the form (for the owner's join) and status in the key so the card can be answered
    // from the index alone once the rows are all-visible (drizzle-kit cannot write INCLUDE).
    index("event_applications_submitted_idx").on(t.submittedAt, t.eventFormId, t.status).where(sql`status <> 'draft'`),
  ],
);

// ---- coupons -----------------------------------------------------------------------------------

export type CouponDiscountType = "percentage" | "fixed";

/**
 * An owner's coupon code. The code is kept as typed and matched ignoring case (hence the unique index
 * on lower(code)). `uses_count` only ever changes inside a billing's transaction, with this row locked;
 * the check constraints are the last line of defence against overselling.
 */
export const couponCodes = pgTable(
  "coupon_codes",
  {
    id: serial("id").primaryKey(),
    startupId: integer("startup_id")
      .notNull()
      .references(() => startups.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    discountType: text("discount_type").$type<CouponDiscountType>().notNull(),
    /** A percentage (0.01–100) or an amount in `currency`. */
    value: numeric("value", { precision: 12, scale: 2 }).notNull(),
    currency: text("currency"),
    /**
     * Only for this form when set. "No action" (checked at the end of the statement) rather than restrict,
     * so deleting a whole startup, which cascades to both its forms and its coupons, still works; deleting
     * one form a coupon points at is refused by the database.
     */
    eventFormId: integer("event_form_id").references(() => eventForms.id, { onDelete: "no action" }),
    maxUses: integer("max_uses"),
    usesPerUser: integer("uses_per_user"),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    isActive: boolean("is_active").notNull().default(true),
    usesCount: integer("uses_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("coupon_codes_startup_code_unique").on(t.startupId, sql`lower(${t.code})`),
    index("coupon_codes_startup_created_idx").on(t.startupId, t.createdAt),
    index("coupon_codes_startup_valid_until_idx").on(t.startupId, t.validUntil),
    index("coupon_codes_startup_uses_count_idx").on(t.startupId, t.usesCount),
    index("coupon_codes_event_form_id_idx").on(t.eventFormId),
    check("coupon_codes_discount_type_check", sql`${t.discountType} in ('percentage', 'fixed')`),
    check("coupon_codes_uses_count_check", sql`${t.usesCount} >= 0 and (${t.maxUses} is null or ${t.usesCount} <= ${t.maxUses})`),
  ],
);

// ---- billing -----------------------------------------------------------------------------------

export const BILLING_STATUSES = ["Pending", "Successful", "Failed", "Refunded", "Cancelled"] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

/**
 * A payer's billing for a paid event form: one per user and form. Amount, discount and total are
 * computed on the server only. `connect_pay_id` is the provider's payment id of the current checkout.
 */
export const eventBillings = pgTable(
  "event_billings",
  {
    id: serial("id").primaryKey(),
    eventFormId: integer("event_form_id")
      .notNull()
      .references(() => eventForms.id, { onDelete: "restrict" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    address: text("address").notNull(),
    country: text("country").notNull(),
    city: text("city").notNull(),
    couponCodeId: integer("coupon_code_id").references(() => couponCodes.id, { onDelete: "restrict" }),
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    discount: numeric("discount", { precision: 12, scale: 2 }).notNull().default("0"),
    total: numeric("total", { precision: 12, scale: 2 }).notNull(),
    currency: text("currency").notNull(),
    paymentStatus: text("payment_status").$type<BillingStatus>().notNull().default("Pending"),
    connectPayId: text("connect_pay_id"),
    provider: text("provider").notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("event_billings_form_user_unique").on(t.eventFormId, t.userId),
    uniqueIndex("event_billings_connect_pay_id_unique").on(t.connectPayId),
    index("event_billings_form_created_idx").on(t.eventFormId, t.createdAt),
    index("event_billings_form_status_idx").on(t.eventFormId, t.paymentStatus),
    index("event_billings_user_id_idx").on(t.userId),
    index("event_billings_coupon_code_id_idx").on(t.couponCodeId),
    // The dashboard's payments card: billings created in the window by status, and successful payments by
    // when the money came in (the card's coalesce, spelled the same so the planner matches it).
    index("event_billings_created_idx").on(t.createdAt, t.eventFormId, t.paymentStatus),
    index("event_billings_paid_idx")
      .on(sql`coalesce(${t.paidAt}, ${t.updatedAt})`, t.eventFormId)
      .where(sql`payment_status = 'Successful'`),
    check(
      "event_billings_payment_status_check",
      sql`${t.paymentStatus} in ('Pending', 'Successful', 'Failed', 'Refunded', 'Cancelled')`,
    ),
    check("event_billings_amounts_check", sql`${t.discount} >= 0 and ${t.discount} <= ${t.amount} and ${t.total} = ${t.amount} - ${t.discount}`),
  ],
);

/**
 * One row per payment the provider took: fulfilled ones, and (with `refused_reason`) ones the billing refused.
 * The unique provider payment id makes fulfilment, and recording a refusal, idempotent.
 */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    eventBillingId: integer("event_billing_id")
      .notNull()
      .references(() => eventBillings.id, { onDelete: "restrict" }),
    provider: text("provider").notNull(),
    providerPaymentId: text("provider_payment_id").notNull(),
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    currency: text("currency").notNull(),
    /**
     * Set when the provider took this money but the billing refused it (already paid by another payment,
     * changed since the checkout, closed): kept so the organiser can refund it. Such a row is never the
     * billing's payment.
     */
    refusedReason: text("refused_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payments_provider_payment_id_unique").on(t.providerPaymentId),
    index("payments_event_billing_id_idx").on(t.eventBillingId),
  ],
);

/** Every change of a billing's payment status: who, when, from and to. */
export const billingStatusChanges = pgTable(
  "billing_status_changes",
  {
    id: serial("id").primaryKey(),
    eventBillingId: integer("event_billing_id")
      .notNull()
      .references(() => eventBillings.id, { onDelete: "cascade" }),
    fromStatus: text("from_status").$type<BillingStatus>(),
    toStatus: text("to_status").$type<BillingStatus>().notNull(),
    changedByUserId: integer("changed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [index("billing_status_changes_billing_idx").on(t.eventBillingId, t.createdAt), index("billing_status_changes_user_idx").on(t.changedByUserId)],
);

/**
 * The sandbox provider's payments (the embedded default provider; see api/payments/sandbox.ts). Kept in
 * their own table so the sandbox behaves like an outside provider: billing only knows the id.
 */
export const sandboxPayments = pgTable("sandbox_payments", {
  id: text("id").primaryKey(),
  billingId: integer("billing_id").notNull(),
  amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
  currency: text("currency").notNull(),
  description: text("description").notNull(),
  returnUrl: text("return_url").notNull(),
  status: text("status").$type<"unpaid" | "paid" | "failed">().notNull().default("unpaid"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
