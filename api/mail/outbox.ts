import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { emailField } from "#schemas/fields.ts";
import type { MailAttachment } from "#schemas/mail.ts";
import type { Db } from "#api/db/client.ts";
import { mailOutbox } from "#api/db/mail-schema.ts";
import { checkHeaderName, checkHeaderText, MailHeaderError } from "./header-text.ts";
import { MAIL_QUEUED_CHANNEL, signalMailQueued } from "./wake.ts";

/** A message to one recipient, rendered (renderMail) before it is queued. */
export interface QueuedMail {
  /** The recipient's address; checked with the same rule as every email field, kept lower-cased. */
  to: string;
  /** The recipient's name, shown as `"Name" <address>`. */
  toName?: string | null;
  /** The user it is for, if any (the row stays, without its user, when the user is deleted). */
  userId?: number | null;
  /** What caused it: "password_reset", "verify_email", "application_received", … */
  kind: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers such as List-Unsubscribe. */
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
  /** For mail that must go at most once (a reminder): a second queueMail with the same key does nothing. */
  dedupeKey?: string;
  /** Not sent before this moment (a reminder the day before an event); without it, as soon as a sender is free. */
  sendAfter?: Date;
}

/** Headers the sender writes itself; a caller setting one would change who the mail is from or to. */
const RESERVED_HEADERS = new Set([
  "from",
  "to",
  "cc",
  "bcc",
  "subject",
  "message-id",
  "date",
  "sender",
  "return-path",
  "mime-version",
  "content-type",
  "content-transfer-encoding",
  "auto-submitted",
]);

/**
 * The Message-ID a message goes out with: its stored id (a UUID; older rows carry a host after it) at the
 * domain of the From address, which MAIL_FROM or APP_URL's host gives: a domain the mail is really from,
 * never the name of the machine that happened to send it.
 */
export function messageIdFor(storedId: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `${storedId.split("@")[0]}@${domain}`;
}

/** The mail as it will be stored, or a MailHeaderError naming what is wrong. */
function checked(mail: QueuedMail) {
  const address = emailField.safeParse(mail.to);
  if (!address.success) throw new MailHeaderError("the recipient's address is not a valid email address");
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(mail.headers ?? {})) {
    if (RESERVED_HEADERS.has(checkHeaderName(name).toLowerCase())) throw new MailHeaderError(`${name} is set by the sender`);
    headers[name] = checkHeaderText(value, `the ${name} header`);
  }
  const attachments = (mail.attachments ?? []).map((file) => ({
    filename: checkHeaderText(file.filename, "an attachment's name"),
    contentType: checkHeaderText(file.contentType, "an attachment's type"),
    content: file.content,
  }));
  return {
    messageId: randomUUID(),
    userId: mail.userId ?? null,
    toAddress: address.data,
    toName: mail.toName ? checkHeaderText(mail.toName, "the recipient's name") : null,
    kind: mail.kind,
    subject: checkHeaderText(mail.subject, "the subject"),
    html: mail.html,
    text: mail.text,
    headers,
    attachments,
    dedupeKey: mail.dedupeKey ?? null,
    ...(mail.sendAfter ? { nextAttemptAt: mail.sendAfter } : {}),
  };
}

/**
 * Writes a message to the outbox. Pass the transaction of the change that causes it, so the mail exists
 * exactly when the change does; the sender delivers it after the commit. Answers the new row's id, or null
 * when a message with the same dedupe key was queued before. Throws MailHeaderError for an invalid address
 * or a line break in a header's text.
 */
export async function queueMail(db: Db, mail: QueuedMail): Promise<number | null> {
  const [row] = await db
    .insert(mailOutbox)
    .values(checked(mail))
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  if (!row) return null;
  // Wakes the senders once the transaction commits (never before, and never for a rolled-back one).
  await db.execute(sql`select pg_notify(${MAIL_QUEUED_CHANNEL}, '')`);
  signalMailQueued();
  return row.id;
}
