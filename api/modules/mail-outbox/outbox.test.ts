import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MESSAGE_NOT_RETRYABLE,
  MESSAGE_REQUEUED,
  NO_MAIL_SERVER,
  OUTBOX_MESSAGE_NOT_FOUND,
  TEST_MESSAGE_KEPT,
  TEST_MESSAGE_QUEUED,
} from "#schemas/mail.ts";
import { mailOutbox } from "#api/db/mail-schema.ts";
import { queueMail } from "#api/mail/outbox.ts";
import { grantRole, registered, superAdmin } from "../../testing/fixtures.ts";
import { createTestApi, type TestApi } from "../../testing/harness.ts";

const BASE = "/api/v1/admin/mail_outbox";
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const queue = (to: string, subject: string) =>
  queueMail(t.database.db, { to, kind: "test_message", subject, html: "<p>x</p>", text: "x\n" });

describe("who may read the outbox", () => {
  it("only super admins: not an admin with every permission but role write, not a stranger", async () => {
    const admin = await registered(t, "Admin");
    await grantRole(t, admin.id, "admin");
    const calls = [
      ["GET", BASE],
      ["GET", `${BASE}/1`],
      ["POST", `${BASE}/test`],
      ["POST", `${BASE}/1/retry`],
    ] as const;
    const stranger = t.client("198.51.100.9");
    await stranger.prime();
    for (const [method, path] of calls) {
      expect((await admin.client.request(method, path, method === "POST" ? {} : undefined)).status, `${method} ${path}`).toBe(403);
      expect((await stranger.request(method, path, method === "POST" ? {} : undefined)).status).toBe(401);
    }
  });
});

describe("the outbox list", () => {
  it("pages newest first, searches recipients and subjects, filters by status, and says when mail is only kept", async () => {
    const root = await superAdmin(t);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await queue(`reader${i}@example.com`, `Welcome number ${i}`));
    await t.database.db.update(mailOutbox).set({ status: "failed", lastError: "550 no" }).where(eq(mailOutbox.id, ids[0]!));

    const all = await root.client.get(`${BASE}?per_page=2&search=welcome number`);
    expect(all.status).toBe(200);
    expect(all.body.meta).toMatchObject({ total: 3, per_page: 2, last_page: 2, smtp_configured: false });
    expect(all.body.data.map((m: { id: number }) => m.id)).toEqual([ids[2], ids[1]]);
    expect(all.body.data[0]).not.toHaveProperty("html");

    const failed = await root.client.get(`${BASE}?status=failed&search=reader0`);
    expect(failed.body.data).toEqual([
      expect.objectContaining({ id: ids[0], status: "failed", last_error: "550 no", next_attempt_at: null }),
    ]);
    expect((await root.client.get(`${BASE}?search=nobody-like-this`)).body).toMatchObject({ data: [], meta: { total: 0 } });
    // An unknown status is no filter, as in every list.
    expect((await root.client.get(`${BASE}?status=lost&search=welcome number`)).body.meta.total).toBe(3);
  });

  it("shows one message with both parts, and 404s for one that does not exist", async () => {
    const root = await superAdmin(t);
    const id = await queue("one@example.com", "Just one");
    const got = await root.client.get(`${BASE}/${id}`);
    expect(got.body.data).toMatchObject({ id, subject: "Just one", html: "<p>x</p>", text: "x\n", headers: {}, attachments: [] });
    // The Message-ID as the sender writes it: at the From address's domain (here APP_URL's host).
    expect(got.body.data.message_id).toMatch(new RegExp(`^[0-9a-f-]{36}@${new URL(t.config.appUrl).hostname.replace(/\./g, "\\.")}$`));
    expect(await root.client.get(`${BASE}/2147483647`)).toMatchObject({ status: 404, body: { message: OUTBOX_MESSAGE_NOT_FOUND } });
    expect((await root.client.get(`${BASE}/abc`)).status).toBe(404);
  });
});

describe("the outbox's actions", () => {
  it("queues a test message to the caller, kept when SMTP_URL is unset, and refuses a body with fields", async () => {
    const root = await superAdmin(t);
    const queued = await root.client.post(`${BASE}/test`, {});
    expect(queued.status).toBe(201);
    expect(queued.body.message).toBe(TEST_MESSAGE_KEPT);
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, queued.body.id));
    expect(row).toMatchObject({ toAddress: root.email, userId: root.id, kind: "test_message", status: "queued" });
    expect(row.text).toContain("Mail from Launchpad works");
    expect((await root.client.post(`${BASE}/test`, { to: "someone@else.example" })).status).toBe(422);

    const sending = await createTestApi({ mail: { smtpUrl: "smtp://127.0.0.1:9", from: "Launchpad <no-reply@x.test>" } });
    try {
      const other = await superAdmin(sending);
      expect((await other.client.post(`${BASE}/test`, {})).body.message).toBe(TEST_MESSAGE_QUEUED);
    } finally {
      await sending.close();
    }
  });

  it("tries a failed or kept message again from scratch, and only those, when a mail server is set", async () => {
    // Without SMTP_URL nothing could send it: the message stays kept and the answer says why.
    const here = await superAdmin(t);
    const keptHere = await queue("kept@example.com", "Kept here");
    expect(await here.client.post(`${BASE}/${keptHere}/retry`, {})).toMatchObject({ status: 409, body: { message: NO_MAIL_SERVER } });
    expect((await here.client.post(`${BASE}/2147483647/retry`, {})).status).toBe(404);

    const sending = await createTestApi({ mail: { smtpUrl: "smtp://127.0.0.1:9", from: "Launchpad <no-reply@x.test>" } });
    try {
      const db = sending.database.db;
      const root = await superAdmin(sending);
      const id = await queueMail(db, { to: "retry@example.com", kind: "test_message", subject: "Retry me", html: "<p>x</p>", text: "x\n" });
      expect(await root.client.post(`${BASE}/${id}/retry`, {})).toMatchObject({ status: 409, body: { message: MESSAGE_NOT_RETRYABLE } });
      await db.update(mailOutbox).set({ status: "failed", attempts: 8, lastError: "timeout" }).where(eq(mailOutbox.id, id!));
      const retried = await Promise.all(Array.from({ length: 5 }, () => root.client.post(`${BASE}/${id}/retry`, {})));
      expect(retried.filter((r) => r.status === 200).map((r) => r.body.message)).toEqual([MESSAGE_REQUEUED]);
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
      expect(row).toMatchObject({ status: "queued", attempts: 0 });
      expect((await root.client.post(`${BASE}/2147483647/retry`, {})).status).toBe(404);

      // Kept while no mail server was set: a super admin may send it on purpose once one is.
      await db.update(mailOutbox).set({ status: "kept" }).where(eq(mailOutbox.id, id!));
      expect((await root.client.post(`${BASE}/${id}/retry`, {})).body.message).toBe(MESSAGE_REQUEUED);
      const [sent] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
      expect(sent).toMatchObject({ status: "queued" });
    } finally {
      await sending.close();
    }
  });
});
