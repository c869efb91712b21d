/**
 * Waking and sharing: a sender that polls only every ten minutes still sends at once what is queued after
 * it started (woken in-process on the embedded database, by LISTEN/NOTIFY on PostgreSQL), and two
 * instances on one PostgreSQL send each message exactly once between them.
 */
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startFakeSmtp, type FakeSmtp } from "../../tests/fakes/smtp.ts";
import { openDatabase, type Database } from "../db/client.ts";
import { mailOutbox } from "../db/mail-schema.ts";
import { createTestApi } from "../testing/harness.ts";
import { temporaryDatabase } from "../testing/temporary-database.ts";
import { queueMail } from "./outbox.ts";
import { startMailSender, type MailSender } from "./sender.ts";

const FROM = "Launchpad <no-reply@launchpad.test>";
const NEVER_POLL_MS = 600_000;
let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(() => smtp.close());

let counter = 0;
const mail = (prefix: string) => {
  const to = `${prefix}.${++counter}@example.com`;
  return { to, kind: "test_message", subject: `To ${to}`, html: "<p>Hi</p>", text: "Hi\n" };
};

const start = (database: Database, databaseUrl?: string): Promise<MailSender> =>
  startMailSender({ db: database.db, mail: { smtpUrl: smtp.url, from: FROM }, databaseUrl, pollMs: NEVER_POLL_MS, log: () => {} });

/** Queues one mail in a transaction, as a change would, and waits for it: only a wake-up can bring it. */
async function deliveredWithoutPolling(queueing: Database) {
  const first = mail("warm-up");
  await queueing.db.transaction((tx) => queueMail(tx, first));
  await smtp.waitForMail((m) => m.to === first.to, 20_000);
  const second = mail("woken");
  await queueing.db.transaction((tx) => queueMail(tx, second));
  await smtp.waitForMail((m) => m.to === second.to, 20_000);
}

if (!process.env.TEST_DATABASE_URL)
  describe("on the embedded database", () => {
    it("wakes the sender when mail is queued in this process", async () => {
      const t = await createTestApi();
      const sender = await start(t.database);
      try {
        await deliveredWithoutPolling(t.database);
      } finally {
        await sender.stop();
        await t.close();
      }
    });
  });

const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl)
  describe("two instances on PostgreSQL", () => {
    let temporary: { url: string; drop(): Promise<void> };
    const databases: Database[] = [];
    const senders: MailSender[] = [];
    beforeAll(async () => {
      temporary = await temporaryDatabase(serverUrl, "launchpad_mail");
      for (let i = 0; i < 2; i++) databases.push(await openDatabase({ databaseUrl: temporary.url, poolSize: 4 }));
      await databases[0].migrate();
      for (const database of databases) senders.push(await start(database, temporary.url));
    });
    afterAll(async () => {
      for (const sender of senders) await sender.stop();
      for (const database of databases) await database.close();
      await temporary.drop();
    });

    it("wakes both senders through NOTIFY when either instance queues mail", async () => {
      await deliveredWithoutPolling(databases[0]);
      await deliveredWithoutPolling(databases[1]);
    });

    it("sends each of 100 messages, queued through both instances at once, exactly once", async () => {
      const mails = Array.from({ length: 100 }, () => mail("shared"));
      const ids = (await Promise.all(mails.map((m, i) => databases[i % 2].db.transaction((tx) => queueMail(tx, m))))) as number[];
      await smtp.waitFor((inbox) => mails.every((m) => inbox.some((got) => got.to === m.to)), 60_000);
      await vi.waitFor(
        async () => {
          const rows = await databases[0].db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
          expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
        },
        { timeout: 20_000, interval: 100 },
      );
      for (const m of mails) expect(smtp.inbox.filter((got) => got.to === m.to)).toHaveLength(1);
    });
  });
