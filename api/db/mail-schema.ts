import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { MAIL_STATUSES, type MailAttachment } from "#schemas/mail.ts";
import { users } from "./schema.ts";

/*
 * Mail leaves through the outbox: a message is written in the transaction of the change that causes it,
 * and a background sender delivers it afterwards (api/mail/). Without SMTP_URL it stays here, readable by
 * super admins.
 */

/** One message to one recipient, rendered when queued, with what became of it. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    /** The left part of the RFC 5322 Message-ID, one per message: the sender adds the From address's domain (messageIdFor). */
    messageId: text("message_id").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    toAddress: text("to_address").notNull(),
    toName: text("to_name"),
    /** What caused it ("password_reset", "verify_email", "application_received", …). */
    kind: text("kind").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** Extra headers (List-Unsubscribe, …), checked for CR/LF when queued. */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    attachments: jsonb("attachments").$type<MailAttachment[]>().notNull().default([]),
    /** Set for mail sent at most once whatever happens (a reminder): a second insert with it does nothing. */
    dedupeKey: text("dedupe_key"),
    status: text("status", { enum: MAIL_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    /** When a queued message may be tried (again). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** The end of the lease of the sender that claimed it; a sending message past it is claimed again. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("mail_outbox_message_id_unique").on(t.messageId),
    uniqueIndex("mail_outbox_dedupe_key_unique").on(t.dedupeKey),
    // The sender's claim: due queued messages, and sending ones whose lease ran out.
    index("mail_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    index("mail_outbox_lease_idx")
      .on(t.lockedUntil)
      .where(sql`${t.status} = 'sending'`),
    // The outbox screen: newest first, all or by status.
    index("mail_outbox_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("mail_outbox_status_created_idx").on(t.status, t.createdAt.desc(), t.id.desc()),
    index("mail_outbox_user_idx").on(t.userId),
  ],
);

/**
 * Addresses a mail server refused for good (5xx on RCPT), lower-cased: mail to them is marked bounced
 * rather than tried again.
 */
export const mailBounces = pgTable("mail_bounces", {
  address: text("address").primaryKey(),
  /** The server's answer that refused it. */
  reason: text("reason").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
