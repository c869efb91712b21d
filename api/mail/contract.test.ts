import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeSmtp, type FakeSmtp } from "../../tests/fakes/smtp.ts";
import { mailOutbox } from "../db/mail-schema.ts";
import { createTestApi, type TestApi } from "../testing/harness.ts";
import { checkSmtpUrl, mailModeLine, readMailConfig } from "./config.ts";
import { appLink, mailDates } from "./format.ts";
import { MailHeaderError } from "./header-text.ts";
import { messageIdFor, queueMail, type QueuedMail } from "./outbox.ts";
import { renderMail } from "./render.tsx";
import { TestMessage } from "./templates/test-message.tsx";
import { createSmtpTransport } from "./transport.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const mail = (overrides: Partial<QueuedMail> = {}): QueuedMail => ({
  to: "ada@example.com",
  toName: "Ada Lovelace",
  kind: "test_message",
  subject: "Hello",
  html: "<p>Hello</p>",
  text: "Hello\n",
  ...overrides,
});

describe("queueMail", () => {
  it("writes the message in the caller's transaction: rolled back with it, kept with its commit", async () => {
    const db = t.database.db;
    await expect(
      db.transaction(async (tx) => {
        await queueMail(tx, mail({ subject: "rolled back" }));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.subject, "rolled back"))).toHaveLength(0);

    const id = await db.transaction((tx) => queueMail(tx, mail({ subject: "committed", to: " Ada@Example.COM " })));
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
    expect(row).toMatchObject({ subject: "committed", toAddress: "ada@example.com", status: "queued", attempts: 0, headers: {} });
    expect(row.messageId).toMatch(/^[0-9a-f-]{36}$/);
    // Sent at the From address's domain, whatever machine sends it (rows queued before carry a host: it is replaced).
    expect(messageIdFor(row.messageId, "Launchpad <no-reply@mail.example.org>")).toBe(`${row.messageId}@mail.example.org`);
    expect(messageIdFor(`${row.messageId}@vm`, "no-reply@example.org")).toBe(`${row.messageId}@example.org`);
  });

  it("queues a mail with a dedupe key once, even when 20 queue it at once", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => queueMail(t.database.db, mail({ dedupeKey: "reminder:1" }))));
    expect(results.filter((id) => id !== null)).toHaveLength(1);
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, "reminder:1"))).toHaveLength(1);
  });

  it.each([
    ["a line break in the name", { toName: "Ada\r\nBcc: victim@example.com" }],
    ["a line feed in the subject", { subject: "Hi\nBcc: victim@example.com" }],
    ["a carriage return in a header's value", { headers: { "List-Unsubscribe": "<https://x.test>\rBcc: v@example.com" } }],
    ["a header name with a colon", { headers: { "X-A:B": "1" } }],
    ["a header the sender writes itself", { headers: { Bcc: "victim@example.com" } }],
    ["Auto-Submitted, which the sender writes on every mail", { headers: { "Auto-Submitted": "no" } }],
    ["a line break in an attachment's name", { attachments: [{ filename: "a\n.ics", contentType: "text/calendar", content: "" }] }],
    ["an address that is not one", { to: "ada@example.com\r\nBcc: victim@example.com" }],
    ["an address that is not one", { to: "not an address" }],
  ])("refuses %s, and writes nothing", async (_what, overrides: Partial<QueuedMail>) => {
    const kind = `refused_${Math.random()}`;
    await expect(queueMail(t.database.db, mail({ kind, ...overrides }))).rejects.toBeInstanceOf(MailHeaderError);
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind))).toHaveLength(0);
  });
});

describe("renderMail and the layout", () => {
  it("renders HTML and a plain-text part with the reader's zone and date format and links to APP_URL", async () => {
    const { html, text } = await renderMail(
      TestMessage({
        appUrl: "https://launchpad.example.com",
        name: "Ada <script>",
        sentAt: new Date("2026-12-01T17:00:00Z"),
        dates: { timeZone: "Africa/Lagos", dateFormat: "iso" },
      }),
    );
    expect(html).toContain('href="https://launchpad.example.com/dashboard"');
    expect(html).toContain("2026-12-01, 18:00 GMT+1");
    expect(html).toContain("Ada &lt;script&gt;");
    expect(html).toContain("prefers-color-scheme: dark");
    expect(html).toContain('name="color-scheme" content="light dark"');
    expect(text).toContain("Hello Ada <script>,");
    expect(text).toContain("2026-12-01, 18:00 GMT+1");
    expect(text).toContain("https://launchpad.example.com/dashboard");
    expect(text).not.toContain("<p");
  });

  it("formats dates in each format, and builds links under APP_URL's path only from app paths", () => {
    const at = new Date("2026-11-30T23:30:00Z");
    expect(mailDates({ timeZone: "UTC", dateFormat: "medium" }).day(at)).toBe("30 Nov 2026");
    expect(mailDates({ timeZone: "Asia/Tokyo", dateFormat: "month-day" }).day(at)).toBe("12/01/2026");
    expect(appLink("https://x.test/base/", "/reset-password", { token: "a b&c" })).toBe("https://x.test/base/reset-password?token=a+b%26c");
    expect(() => appLink("https://x.test", "//evil.test/")).toThrow();
    expect(() => appLink("https://x.test", "https://evil.test/")).toThrow();
  });
});

describe("settings", () => {
  it("reads SMTP_URL and MAIL_FROM, refuses other schemes, and never prints the password", () => {
    expect(readMailConfig({}, "https://launchpad.example.com")).toEqual({
      smtpUrl: undefined,
      from: "Launchpad <no-reply@launchpad.example.com>",
    });
    const config = readMailConfig({ SMTP_URL: "smtp://user:s3cret@mail.example.com:587", MAIL_FROM: "Team <team@x.test>" }, "http://x");
    expect(config.from).toBe("Team <team@x.test>");
    expect(mailModeLine(config)).toBe("mail: sending through smtp://mail.example.com:587");
    expect(mailModeLine(config)).not.toContain("s3cret");
    expect(mailModeLine({ from: "x" })).toBe("mail: SMTP_URL not set, mail is kept in the outbox at /user-management/outbox");
    expect(() => checkSmtpUrl("http://mail.example.com")).toThrow(/smtp:\/\//);
    expect(() => checkSmtpUrl("not a url")).toThrow();
  });
});

describe("the SMTP fake with nodemailer", () => {
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startFakeSmtp({ auth: { user: "launchpad", pass: "p@ss word" }, starttls: true });
  });
  afterAll(() => smtp.close());

  it("receives over STARTTLS with AUTH, and refuses a wrong password", async () => {
    const transport = createSmtpTransport(smtp.url, { ca: smtp.cert });
    await transport.sendMail({
      from: "Launchpad <no-reply@x.test>",
      to: "Ada <ada@example.com>",
      subject: "Over TLS",
      text: "hi",
      html: "<p>hi</p>",
    });
    const received = await smtp.waitForMail((m) => m.subject === "Over TLS");
    expect(received).toMatchObject({ secure: true, user: "launchpad", to: "ada@example.com", text: "hi" });
    transport.close();

    const wrong = createSmtpTransport(smtp.url.replace("p%40ss%20word", "nope"), { ca: smtp.cert });
    await expect(wrong.sendMail({ from: "a@x.test", to: "b@x.test", subject: "x", text: "x" })).rejects.toMatchObject({
      responseCode: 535,
    });
    wrong.close();
  });
});
