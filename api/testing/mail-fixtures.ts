import { and, desc, eq } from "drizzle-orm";
import { mailOutbox } from "../db/mail-schema.ts";
import type { Db } from "../db/client.ts";

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
