import { sql } from "drizzle-orm";
import {
  boolean,
  check,
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
import type { AnnouncementAudience } from "#schemas/announcements.ts";
import type { ApplicationStatus, StoredAnswer } from "#schemas/applications.ts";
import type { CustomQuestion, PaidEventInformation, StandardQuestions } from "#schemas/event-form-views.ts";
import { createdAt, updatedAt, users, files, startups } from "./schema.ts";

/* The event tables: collections, event forms and the applications to them. */

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

// The JSON columns keep what the API answers, so their types are the shared ones.
export type { CustomQuestion, PaidEventInformation, StandardQuestions };

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
    /** Once full, applying joins a queue, and each place that frees goes to the first one waiting. */
    waitlistEnabled: boolean("waitlist_enabled").notNull().default(false),
    /** A paid event's waitlist: how long the first in line has to pay for a place offered to them. */
    waitlistOfferHours: integer("waitlist_offer_hours").notNull().default(24),
    applicationDeadline: timestamp("application_deadline", { withTimezone: true }),
    typeOfEvent: text("type_of_event", { enum: ["free", "paid"] }).notNull(),
    paidEventInformation: jsonb("paid_event_information").$type<PaidEventInformation | null>(),
    questions: jsonb("questions").$type<StandardQuestions>().notNull(),
    customQuestions: jsonb("custom_questions").$type<CustomQuestion[]>().notNull().default([]),
    /**
     * The calendar invitation's SEQUENCE: raised each time the event's start, end or zone changes, so a
     * calendar replaces the invitation it holds (same UID) with the updated one.
     */
    calendarSequence: integer("calendar_sequence").notNull().default(0),
    /** Where the start was before the last time a published event moved: its page says it was rescheduled. */
    previousStartsAt: timestamp("previous_starts_at", { withTimezone: true }),
    /** When the form was first published: from then on it takes applications (its page's offer is valid). */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    status: text("status", { enum: ["draft", "published", "closed"] })
      .notNull()
      .default("draft"),
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
    check("event_forms_waitlist_offer_hours_check", sql`${t.waitlistOfferHours} between 1 and 168`),
  ],
);

export type { ApplicationStatus };

/** Answers keyed by standard field name or custom question id; files are stored as file ids. */
export type Answers = Record<string, StoredAnswer>;

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
    /** When it joined the form's waitlist: the line's order (api/modules/applications/waitlist.ts). */
    waitlistedAt: timestamp("waitlisted_at", { withTimezone: true }),
    /**
     * A paid event's first in line was offered a freed place until then: it is held for them (counted as
     * taken) until they pay or it lapses and passes to the next (api/modules/applications/waitlist.ts).
     */
    offerExpiresAt: timestamp("offer_expires_at", { withTimezone: true }),
    /** The ticket's short code, given when the application is submitted (api/modules/check-ins/tickets.ts). */
    ticketCode: text("ticket_code"),
    /** The applicant agreed to be shown (name and avatar) among the attendees on the event's public page. */
    showOnEventPage: boolean("show_on_event_page").notNull().default(false),
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
    uniqueIndex("event_applications_ticket_code_unique").on(t.ticketCode),
    // The dashboard's per-day and by-stage cards over all of an owner's forms: the window's submitted rows
    // by time, with the form (for the owner's join) and status in the key so the card can be answered
    // from the index alone once the rows are all-visible (drizzle-kit cannot write INCLUDE).
    index("event_applications_submitted_idx")
      .on(t.submittedAt, t.eventFormId, t.status)
      .where(sql`status <> 'draft'`),
    // The offers a paid event's waitlist made, for the sweep that passes lapsed ones on.
    index("event_applications_offer_expires_idx")
      .on(t.offerExpiresAt)
      .where(sql`offer_expires_at is not null`),
  ],
);

/**
 * A ticket let in at the door: one row per application at most (the unique key), so two doors scanning the
 * same ticket at the same moment make one check-in and the other learns when it happened and who did it.
 */
export const eventCheckIns = pgTable(
  "event_check_ins",
  {
    id: serial("id").primaryKey(),
    eventApplicationId: integer("event_application_id")
      .notNull()
      .references(() => eventApplications.id, { onDelete: "cascade" }),
    eventFormId: integer("event_form_id")
      .notNull()
      .references(() => eventForms.id, { onDelete: "cascade" }),
    checkedInByUserId: integer("checked_in_by_user_id").references(() => users.id, { onDelete: "set null" }),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("event_check_ins_application_unique").on(t.eventApplicationId),
    index("event_check_ins_form_idx").on(t.eventFormId),
    index("event_check_ins_by_user_idx").on(t.checkedInByUserId),
  ],
);

/** What an event's owner wrote to one of its audiences, kept as sent (text only, never markup). */
export const eventAnnouncements = pgTable(
  "event_announcements",
  {
    id: serial("id").primaryKey(),
    eventFormId: integer("event_form_id")
      .notNull()
      .references(() => eventForms.id, { onDelete: "cascade" }),
    sentByUserId: integer("sent_by_user_id").references(() => users.id, { onDelete: "set null" }),
    audience: text("audience").$type<AnnouncementAudience>().notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    recipientCount: integer("recipient_count").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("event_announcements_form_created_idx").on(t.eventFormId, t.createdAt),
    index("event_announcements_sent_by_idx").on(t.sentByUserId),
    check("event_announcements_audience_check", sql`${t.audience} in ('confirmed', 'waitlisted', 'checked_in')`),
  ],
);

/** Who an announcement went to, as its audience was when it was sent. */
export const eventAnnouncementRecipients = pgTable(
  "event_announcement_recipients",
  {
    announcementId: integer("announcement_id")
      .notNull()
      .references(() => eventAnnouncements.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId] }), index("event_announcement_recipients_user_idx").on(t.userId)],
);
