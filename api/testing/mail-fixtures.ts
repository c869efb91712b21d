import ICAL from "ical.js";
import { startFakeSmtp, type FakeSmtp, type ReceivedMail } from "../../tests/fakes/smtp.ts";
import { startMailSender, type MailSender } from "../mail/sender.ts";
import type { TestApi } from "./harness.ts";

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
