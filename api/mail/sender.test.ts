/**
 * The background sender against a real SMTP server on loopback (tests/fakes/smtp.ts): what arrives and
 * how it reads, the server down and back, a recipient refused for good, a try that keeps failing, a stop
 * mid-batch, and the lease that is the only way a message goes out twice.
 */
import { eq, inArray } from "drizzle-orm";
import { createServer } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { FAKE_SMTP_HOST, startFakeSmtp, type FakeSmtp } from "../../tests/fakes/smtp.ts";
import { mailBounces, mailOutbox } from "../db/mail-schema.ts";
import { createTestApi, type TestApi } from "../testing/harness.ts";
import { claimDueMail, releaseClaims } from "./delivery.ts";
import { messageIdFor, queueMail, type QueuedMail } from "./outbox.ts";
import { DEFAULT_RETRY, retryDelayMs } from "./policy.ts";
import { renderMail } from "./render.tsx";
import { startMailKeeper, startMailSender, type MailSender, type MailSenderOptions } from "./sender.ts";
import { TestMessage } from "./templates/test-message.tsx";
import { createSmtpTransport } from "./transport.ts";

const FROM = "Launchpad <no-reply@launchpad.test>";
let t: TestApi;
let smtp: FakeSmtp;
const senders: MailSender[] = [];

beforeAll(async () => {
  t = await createTestApi();
  smtp = await startFakeSmtp({ auth: { user: "mailer", pass: "s3cret" }, starttls: true });
});
afterEach(async () => {
  await Promise.all(senders.splice(0).map((sender) => sender.stop()));
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});

let counter = 0;
const address = (name: string) => `${name}.${++counter}@example.com`;
const mail = (to: string, overrides: Partial<QueuedMail> = {}): QueuedMail => ({
  to,
  kind: "test_message",
  subject: `Subject ${counter}`,
  html: `<p>Hello ${to}</p>`,
  text: `Hello ${to}\n`,
  ...overrides,
});

async function sender(overrides: Partial<MailSenderOptions> = {}) {
  const started = await startMailSender({
    db: t.database.db,
    mail: { smtpUrl: smtp.url, from: FROM },
    transport: { ca: smtp.cert },
    retry: { firstDelayMs: 50, maxDelayMs: 200, maxAttempts: 1000 },
    pollMs: 50,
    log: process.env.MAIL_TEST_LOG ? console.log : () => {},
    ...overrides,
  });
  senders.push(started);
  return started;
}

/** Waits for the sender to get there: on a loaded machine a round can take a while. */
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 20_000, interval: 50 });
const rowsOf = (ids: number[]) => t.database.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
const received = (to: string) => smtp.inbox.filter((m) => m.envelope.to.includes(to));

describe("delivery", () => {
  it("sends over STARTTLS with AUTH: From, To with the name, Subject, Message-ID at MAIL_FROM's domain, the Date it left, Auto-Submitted, extra headers, both parts and the attachment", async () => {
    const to = address("ada");
    const { html, text } = await renderMail(
      TestMessage({
        appUrl: "https://launchpad.test",
        name: "Ada",
        sentAt: new Date("2026-12-01T17:00:00Z"),
        dates: { timeZone: "UTC", dateFormat: "iso" },
      }),
    );
    const id = await queueMail(t.database.db, {
      to,
      toName: 'Ada "The Countess", Lovelace',
      kind: "test_message",
      subject: "Café reminder — tomorrow",
      html,
      text,
      headers: { "List-Unsubscribe": "<https://launchpad.test/settings>" },
      attachments: [{ filename: "event.ics", contentType: "text/calendar", content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n" }],
    });
    // Queued three days ago (a reminder waiting for its day): the Date is still when it leaves.
    await t.database.db
      .update(mailOutbox)
      .set({ createdAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(mailOutbox.id, id!));
    const before = Date.now();
    await sender();
    const got = await smtp.waitForMail((m) => m.to === to);
    const [row] = await rowsOf([id!]);

    expect(got.secure).toBe(true);
    expect(got.user).toBe("mailer");
    expect(got.envelope).toEqual({ from: "no-reply@launchpad.test", to: [to] });
    expect(got.parsed.from?.value[0]).toMatchObject({ name: "Launchpad", address: "no-reply@launchpad.test" });
    const toHeader = Array.isArray(got.parsed.to) ? got.parsed.to[0] : got.parsed.to;
    expect(toHeader?.value).toEqual([{ name: 'Ada "The Countess", Lovelace', address: to }]);
    expect(got.subject).toBe("Café reminder — tomorrow");
    expect(got.messageId).toBe(`${row.messageId}@launchpad.test`);
    // The Date header has whole seconds only.
    expect(got.parsed.date!.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(got.raw).toMatch(/^Auto-Submitted: auto-generated\r$/m);
    expect(got.raw).toMatch(/^List-Unsubscribe: <https:\/\/launchpad\.test\/settings>\r$/m);
    expect(got.html).toContain('href="https://launchpad.test/dashboard"');
    expect(got.text).toContain("2026-12-01, 17:00 UTC");
    expect(got.text).toContain("https://launchpad.test/dashboard");
    expect(got.parsed.attachments.map((a) => [a.filename, a.contentType, a.content.toString()])).toEqual([
      ["event.ics", "text/calendar", "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"],
    ]);
    await eventually(async () => expect((await rowsOf([id!]))[0]).toMatchObject({ status: "sent", attempts: 1, lockedUntil: null }));
    expect((await rowsOf([id!]))[0].sentAt).toBeInstanceOf(Date);
  });

  it("loses none of 20 mails queued while the server is down: they wait with the error, then all go once it is back", async () => {
    await smtp.stop();
    const targets = Array.from({ length: 20 }, () => address("down"));
    const ids = (await Promise.all(targets.map((to) => queueMail(t.database.db, mail(to))))) as number[];
    await sender();
    // Every one tried at least twice, none sent, each with its error.
    await eventually(async () => {
      const rows = await rowsOf(ids);
      expect(rows.every((row) => row.attempts >= 2 && row.lastError && row.status !== "sent")).toBe(true);
    });
    expect((await rowsOf(ids))[0].lastError).toMatch(/ECONNREFUSED|connect/i);
    await smtp.start();
    await eventually(async () => expect((await rowsOf(ids)).every((row) => row.status === "sent")).toBe(true));
    for (const to of targets) expect(received(to)).toHaveLength(1);
  });

  it("bounces a recipient refused with 5xx, never tries it again, and does not try later mail to that address", async () => {
    const to = address("gone");
    smtp.refuse(to, 550);
    const first = await queueMail(t.database.db, mail(to));
    await sender();
    await eventually(async () => expect((await rowsOf([first!]))[0].status).toBe("bounced"));
    const [row] = await rowsOf([first!]);
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/550/);
    expect(await t.database.db.select().from(mailBounces).where(eq(mailBounces.address, to))).toHaveLength(1);

    const second = await queueMail(t.database.db, mail(to));
    await eventually(async () => expect((await rowsOf([second!]))[0].status).toBe("bounced"));
    expect((await rowsOf([second!]))[0].lastError).toMatch(/refused for good before/);
    expect(smtp.recipientsTried.filter((r) => r === to)).toHaveLength(1);
  });

  it("tries again after a 4xx, then sends", async () => {
    const to = address("busy");
    smtp.refuse(to, 451);
    const id = await queueMail(t.database.db, mail(to));
    await sender();
    await eventually(async () => expect((await rowsOf([id!]))[0].attempts).toBeGreaterThanOrEqual(2));
    expect((await rowsOf([id!]))[0].lastError).toMatch(/451/);
    smtp.accept(to);
    await eventually(async () => expect((await rowsOf([id!]))[0].status).toBe("sent"));
  });

  it("marks a message failed, with the error kept, after the last try", async () => {
    await smtp.stop();
    const id = await queueMail(t.database.db, mail(address("never")));
    try {
      await sender({ retry: { firstDelayMs: 20, maxDelayMs: 20, maxAttempts: 3 } });
      await eventually(async () => expect((await rowsOf([id!]))[0].status).toBe("failed"));
      const [row] = await rowsOf([id!]);
      expect(row.attempts).toBe(3);
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await smtp.start();
    }
  });

  it("waits 15-18 s before the first retry, four times longer each time, never more than the cap", () => {
    const waits = Array.from({ length: 8 }, (_, i) => retryDelayMs(DEFAULT_RETRY, i + 1));
    expect(waits[0]).toBeGreaterThanOrEqual(15_000);
    expect(waits[0]).toBeLessThanOrEqual(30_000);
    for (let i = 1; i < 5; i++) expect(waits[i]).toBeGreaterThan(waits[i - 1]);
    for (const wait of waits) expect(wait).toBeLessThanOrEqual(DEFAULT_RETRY.maxDelayMs * 1.2);
  });
});

describe("claims", () => {
  it("gives each of 30 messages to one of 10 claims made at once", async () => {
    const ids = (await Promise.all(Array.from({ length: 30 }, () => queueMail(t.database.db, mail(address("claim")))))) as number[];
    const claims = await Promise.all(Array.from({ length: 10 }, () => claimDueMail(t.database.db, 5, 60_000)));
    const claimed = claims
      .flat()
      .map((row) => row.id)
      .filter((id) => ids.includes(id));
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(new Set(claimed)).toEqual(new Set(ids));
    // Back to the queue untried, as a stopping sender leaves them.
    await releaseClaims(t.database.db, ids);
    expect((await rowsOf(ids)).every((row) => row.status === "queued" && row.attempts === 0 && row.lockedUntil === null)).toBe(true);
    await sender();
    await eventually(async () => expect((await rowsOf(ids)).every((row) => row.status === "sent")).toBe(true));
  });

  it("sends twice only when a sender dies between the server's acceptance and the mark, once its lease runs out (same Message-ID)", async () => {
    const to = address("crash");
    const id = await queueMail(t.database.db, mail(to));
    // A sender claims the message with a short lease, hands it to the server, and dies before marking it.
    const [claimed] = (await claimDueMail(t.database.db, 100, 200)).filter((row) => row.id === id);
    const transport = createSmtpTransport(smtp.url, { ca: smtp.cert });
    await transport.sendMail({
      from: FROM,
      to,
      subject: claimed.subject,
      text: claimed.text,
      messageId: `<${messageIdFor(claimed.messageId, FROM)}>`,
    });
    transport.close();
    // The lease runs out; another sender claims the message again and sends it.
    await sender();
    await eventually(async () => expect((await rowsOf([id!]))[0].status).toBe("sent"));
    const copies = received(to);
    expect(copies).toHaveLength(2);
    expect(copies.map((m) => m.messageId)).toEqual(Array(2).fill(messageIdFor(claimed.messageId, FROM)));
    expect((await rowsOf([id!]))[0].attempts).toBe(2);
  });

  it("a stopping sender finishes what it started and puts back what it claimed but did not start", async () => {
    await smtp.stop();
    // In the mail server's place, one that hangs up 100 ms after each connection: 30 messages one at a time
    // take 3 s to try, so the stop below comes while the first ones are tried, however fast the machine.
    // (A closed port refuses at once, and a fast machine tried all 30 before the first failure was seen.)
    const hangUp = createServer((socket) => void setTimeout(() => socket.destroy(), 100));
    await new Promise<void>((resolve) => hangUp.listen(smtp.port, FAKE_SMTP_HOST, resolve));
    try {
      const ids = (await Promise.all(Array.from({ length: 30 }, () => queueMail(t.database.db, mail(address("stop")))))) as number[];
      const slow = await sender({ batchSize: 30, concurrency: 1, retry: { firstDelayMs: 60_000, maxDelayMs: 60_000, maxAttempts: 10 } });
      await eventually(async () => expect((await rowsOf(ids)).some((row) => row.lastError)).toBe(true));
      await slow.stop();
      const rows = await rowsOf(ids);
      expect(rows.every((row) => row.status === "queued" && row.lockedUntil === null)).toBe(true);
      // Those it never tried are due at once, their try not counted; those it tried wait for their retry.
      const untried = rows.filter((row) => row.attempts === 0);
      expect(untried.length).toBeGreaterThan(0);
      for (const row of untried) expect(row.lastError).toBeNull();
    } finally {
      await new Promise((resolve) => hangUp.close(resolve));
      await smtp.start();
    }
  });

  it("without a mail server, due mail is kept: a sender started later leaves it, and sends it once it is queued again", async () => {
    const keeper = await startMailKeeper({ db: t.database.db, pollMs: 50, log: () => {} });
    senders.push(keeper);
    const to = address("kept");
    const id = (await queueMail(t.database.db, mail(to)))!;
    const later = (await queueMail(t.database.db, mail(address("later"), { sendAfter: new Date(Date.now() + 3_600_000) })))!;
    const statusOf = async (messageId: number) =>
      (await t.database.db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, messageId)))[0]?.status;
    await expect.poll(() => statusOf(id)).toBe("kept");
    // A reminder whose time has not come is not kept yet: it is kept (or sent) when it is due.
    expect(await statusOf(later)).toBe("queued");
    await keeper.stop();

    const sending = await sender();
    const other = address("other");
    await queueMail(t.database.db, mail(other));
    await smtp.waitForMail((m) => m.to === other);
    expect(received(to)).toEqual([]);
    expect(await statusOf(id)).toBe("kept");

    await t.database.db.update(mailOutbox).set({ status: "queued" }).where(eq(mailOutbox.id, id));
    sending.wake();
    await smtp.waitForMail((m) => m.to === to);
    await expect.poll(() => statusOf(id)).toBe("sent");
  });
});
