import type { ReactElement } from "react";
import { sql } from "drizzle-orm";
import type { MailType } from "#schemas/mail-preferences.ts";
import type { MailAttachment } from "#schemas/mail.ts";
import type { Db } from "#api/db/client.ts";
import { mailDigestItems } from "#api/db/realtime-schema.ts";
import { appLink } from "#api/mail/format.ts";
import { queueMail } from "#api/mail/outbox.ts";
import { renderMail } from "#api/mail/render.tsx";
import { mailKind, mailReaders, type MailReader } from "./preferences.ts";
import { linkedAppUrl } from "#api/lib/app-links.ts";
import { listUnsubscribeHeaders, unsubscribePath, unsubscribeToken } from "./unsubscribe.ts";

/** Where a reader's mail links: the app, their one-click unsubscribe page for this kind, their settings. */
export interface ReaderLinks {
  appUrl: string;
  unsubscribeUrl: string;
  settingsUrl: string;
}

/** One message to one reader, ready to render. */
export interface MailMessage {
  /** What it is among its type's mails, for the outbox's kind ("reminder" → "event_calendar/reminder"). */
  what?: string;
  subject: string;
  element: ReactElement;
  attachments?: MailAttachment[];
  dedupeKey?: string;
  sendAfter?: Date;
}

/** Builds a reader's message (null: nothing to say to this one). */
export type MessageFor = (reader: MailReader, links: ReaderLinks) => MailMessage | null | Promise<MailMessage | null>;

/** A line of the daily digest: what a notification says, and where it leads. */
export interface DigestEntry {
  title: string;
  body?: string | null;
  url?: string | null;
  /** Entries with the same key collapse while they wait for the digest (the latest text stays). */
  groupKey?: string;
}

/** Mail sent to many alike (RFC 2076 `Precedence: bulk`): auto-responders leave it unanswered. */
const BULK_MAIL = new Set<MailType | "digest">(["digest", "event_announcement"]);

/**
 * The one way notification mail leaves: rendered for its reader, with the List-Unsubscribe headers of its
 * kind, queued in the caller's transaction. Answers the outbox row's id, or null when nothing was queued
 * (nothing to say, or the dedupe key was queued before). A mail the outbox refuses (an address that is not
 * one, a line break in a header) throws in the caller's transaction: the change that would have mailed
 * rolls back and its cause gets the error, rather than a mail lost in a log nobody reads.
 */
export async function mailReader(tx: Db, reader: MailReader, type: MailType | "digest", message: MessageFor): Promise<number | null> {
  const appUrl = linkedAppUrl();
  const token = await unsubscribeToken(tx, reader.userId, type);
  const links = { appUrl, unsubscribeUrl: appLink(appUrl, unsubscribePath(token)), settingsUrl: appLink(appUrl, "/settings") };
  const built = await message(reader, links);
  if (!built) return null;
  const { html, text } = await renderMail(built.element);
  return queueMail(tx, {
    to: reader.email,
    toName: reader.name,
    userId: reader.userId,
    kind: mailKind(type, built.what),
    subject: built.subject,
    html,
    text,
    headers: { ...listUnsubscribeHeaders(appUrl, token), ...(BULK_MAIL.has(type) ? { Precedence: "bulk" } : {}) },
    attachments: built.attachments,
    dedupeKey: built.dedupeKey,
    sendAfter: built.sendAfter,
  });
}

/** Puts a line in the user's next daily digest (collapsing into a waiting one of the same group). */
export async function addDigestItem(tx: Db, userId: number, type: MailType, entry: DigestEntry): Promise<void> {
  const values = { userId, type, title: entry.title, body: entry.body ?? null, url: entry.url ?? null, groupKey: entry.groupKey ?? null };
  const insert = tx.insert(mailDigestItems).values(values);
  if (!entry.groupKey) {
    await insert;
    return;
  }
  await insert.onConflictDoUpdate({
    target: [mailDigestItems.userId, mailDigestItems.groupKey],
    targetWhere: sql`${mailDigestItems.mailedAt} is null and ${mailDigestItems.groupKey} is not null`,
    set: { type, title: values.title, body: values.body, url: values.url, count: sql`${mailDigestItems.count} + 1`, createdAt: sql`now()` },
  });
}

/**
 * Mail of one kind to several users, each as they chose: none when off, a digest line when they chose the
 * digest (if there is one: calendar mail has none and always goes at once), otherwise the message now.
 */
export async function mailEach(tx: Db, userIds: readonly number[], type: MailType, message: MessageFor, digest?: DigestEntry) {
  for (const reader of await mailReaders(tx, userIds, type)) {
    if (reader.choice === "off") continue;
    if (reader.choice === "digest" && digest) await addDigestItem(tx, reader.userId, type, digest);
    else await mailReader(tx, reader, type, message);
  }
}
