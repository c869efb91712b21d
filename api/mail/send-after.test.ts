import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../db/mail-schema.ts";
import { createTestApi, type TestApi } from "../testing/harness.ts";
import { queueMail } from "./outbox.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const mail = { to: "ada@example.com", kind: "test_message", subject: "Later", html: "<p>Later</p>", text: "Later\n" };

describe("queueMail's sendAfter", () => {
  it("holds the message until then (its next attempt), and without it the message is due at once", async () => {
    const later = new Date(Date.now() + 36 * 3600_000);
    const held = await queueMail(t.database.db, { ...mail, sendAfter: later });
    const now = await queueMail(t.database.db, mail);
    const [heldRow] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, held!));
    const [nowRow] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, now!));
    expect(heldRow.nextAttemptAt.toISOString()).toBe(later.toISOString());
    expect(nowRow.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
  });
});
