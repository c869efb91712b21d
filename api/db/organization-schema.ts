import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ORGANIZATION_ROLES } from "#schemas/organization-roles.ts";
import type { ActivityChanges, ActivityKind, ActivitySubjectType } from "#schemas/activity.ts";
import { createdAt, startups, users } from "./schema.ts";

/**
 * Who belongs to an organization (a startup or organization profile) and as what. The account's own
 * `startup_id` is the organization it is acting for now, one of these. `event_form_ids` limits a member to
 * those forms; null means every form (always so for owners and admins).
 */
export const organizationMembers = pgTable(
  "organization_members",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => startups.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ORGANIZATION_ROLES }).notNull(),
    eventFormIds: integer("event_form_ids").array(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("organization_members_org_user_unique").on(t.organizationId, t.userId),
    // Exactly one owner: the database refuses a second one, whatever races.
    uniqueIndex("organization_members_one_owner")
      .on(t.organizationId)
      .where(sql`role = 'owner'`),
    index("organization_members_user_idx").on(t.userId),
    check("organization_members_role_check", sql`${t.role} in ('owner', 'admin', 'reviewer', 'door', 'finance')`),
  ],
);

/**
 * An invitation mailed to join an organization. Only the token's SHA-256 is kept; accepting it, or revoking
 * it, ends it. A resend replaces the token (the old link stops working) and the expiry.
 */
export const teamInvitations = pgTable(
  "team_invitations",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => startups.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: ORGANIZATION_ROLES }).notNull(),
    eventFormIds: integer("event_form_ids").array(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("team_invitations_token_hash_unique").on(t.tokenHash),
    // One open invitation per address and organization: inviting again resends it.
    uniqueIndex("team_invitations_open_unique")
      .on(t.organizationId, sql`lower(${t.email})`)
      .where(sql`accepted_at is null and revoked_at is null`),
  ],
);

/**
 * The record of what happened: one row per change, written in the same transaction as the change. The
 * audit log reads it; nothing updates or deletes a row (a trigger refuses both), and it names its actor and
 * subject by value so that it outlives them.
 */
export const activities = pgTable(
  "activities",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: integer("organization_id"),
    actorId: integer("actor_id"),
    actorName: text("actor_name"),
    kind: text("kind").$type<ActivityKind>().notNull(),
    subjectType: text("subject_type").$type<ActivitySubjectType>().notNull(),
    subjectId: integer("subject_id"),
    subjectLabel: text("subject_label").notNull(),
    eventFormId: integer("event_form_id"),
    changes: jsonb("changes").$type<ActivityChanges>().notNull().default({}),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** What the entry's readers act on, by kind (ActivityDataByKind). */
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index("activities_org_at_idx").on(t.organizationId, t.at, t.id),
    index("activities_org_form_idx").on(t.organizationId, t.eventFormId),
    index("activities_org_actor_idx").on(t.organizationId, t.actorId),
  ],
);
