import { and, desc, eq } from "drizzle-orm";
import { mailOutbox } from "../db/mail-schema.ts";
import type { Db } from "../db/client.ts";
import ICAL from "ical.js";
import { startFakeSmtp, type FakeSmtp, type ReceivedMail } from "../../tests/fakes/smtp.ts";
import { startMailSender, type MailSender } from "../mail/sender.ts";
import type { TestApi } from "./harness.ts";

/** A user's queued mail of one kind, in the order it was queued (PostgreSQL keeps no order without one). */
export const outboxOf = (db: Db, userId: number, kind: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, kind)))
    .orderBy(mailOutbox.id);

/**
 * Mail as the reader gets it: the background sender delivering the test database's outbox to the loopback
 * SMTP server (tests/fakes/smtp.ts), which parses what it receives (mailparser).
 */
export interface MailDelivery {
  smtp: FakeSmtp;
  sender: MailSender;
  /** The mail to `address` whose subject matches, waiting for it to arrive. */
  mailTo(address: string, subject?: RegExp): Promise<ReceivedMail>;
  /** Every mail received for `address` so far. */
  received(address: string): ReceivedMail[];
  close(): Promise<void>;
}

export async function mailDelivery(t: TestApi): Promise<MailDelivery> {
  const smtp = await startFakeSmtp();
  const sender = await startMailSender({
    db: t.database.db,
    mail: { smtpUrl: smtp.url, from: "Launchpad <no-reply@launchpad.test>" },
    pollMs: 50,
    log: () => {},
  });
  return {
    smtp,
    sender,
    mailTo: (address, subject = /./) => smtp.waitForMail((mail) => mail.to === address.toLowerCase() && subject.test(mail.subject), 15_000),
    received: (address) => smtp.inbox.filter((mail) => mail.to === address.toLowerCase()),
    close: async () => {
      await sender.stop();
      await smtp.close();
    },
  };
}

/** A received header's value as text (mailparser keeps structured headers as objects). */
export function headerOf(mail: ReceivedMail, name: string): string {
  const line = mail.parsed.headerLines.find((header) => header.key === name.toLowerCase());
  return line ? line.line.slice(line.line.indexOf(":") + 1).trim() : "";
}

/** The one-click link of a mail's List-Unsubscribe header, as a path of the app. */
export function unsubscribeLinkOf(mail: ReceivedMail): string {
  const match = /<(https?:\/\/[^>]+)>/.exec(headerOf(mail, "List-Unsubscribe"));
  if (!match) throw new Error(`no List-Unsubscribe link in "${mail.subject}"`);
  return new URL(match[1]).pathname;
}

/** The mail's .ics attachment read by a calendar parser (ical.js), with its zone registered as a calendar would. */
export function calendarIn(mail: ReceivedMail) {
  const attachment = mail.parsed.attachments.find((file) => file.contentType === "text/calendar" || file.filename?.endsWith(".ics"));
  if (!attachment) throw new Error(`no calendar attached to "${mail.subject}"`);
  const calendar = new ICAL.Component(ICAL.parse(attachment.content.toString("utf8")));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
  return { attachment, calendar, event };
}

/*
 * Mail as the API queued it, read from the outbox: the suites that need no delivery read the links there
 * (delivery itself is the sender's, tested against the loopback SMTP fake).
 */

/** Every mail of a kind to an address, oldest first. */
export async function outboxMails(db: Db, to: string, kind: string) {
  return db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to.toLowerCase()), eq(mailOutbox.kind, kind)))
    .orderBy(mailOutbox.id);
}

/** The newest mail of a kind to an address; throws when there is none. */
export async function latestOutboxMail(db: Db, to: string, kind: string) {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to.toLowerCase()), eq(mailOutbox.kind, kind)))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  if (!mail) throw new Error(`no ${kind} mail to ${to} in the outbox`);
  return mail;
}

/** The token of the link to `path` ("/reset-password/") in the newest mail of a kind to an address. */
export async function mailedToken(db: Db, to: string, kind: string, path: string): Promise<string> {
  const mail = await latestOutboxMail(db, to, kind);
  const found = new RegExp(`${path.replace(/[/.]/g, "\\$&")}([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!found) throw new Error(`no link to ${path} in the ${kind} mail to ${to}`);
  return found[1];
}
