import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_ALREADY_VERIFIED, EMAIL_VERIFIED, LINK_INVALID, verifyEmailFirst } from "#schemas/account-links.ts";
import { coFounder, PASSWORD, registered, setUpStartupProfile, uniqueEmail } from "#api/testing/fixtures.ts";
import { createEventForm } from "#api/testing/event-fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import { latestOutboxMail, mailedToken, outboxMails } from "#api/testing/mail-fixtures.ts";

let t: TestApi;
let strict: TestApi;
beforeAll(async () => {
  t = await createTestApi();
  strict = await createTestApi({ requireVerifiedEmail: true });
});
afterAll(async () => {
  await t?.close();
  await strict?.close();
});

const verifyToken = (api: TestApi, email: string) => mailedToken(api.database.db, email, "verify_email", "/verify-email/");
const me = async (api: TestApi, client: ReturnType<TestApi["client"]>) => (await client.get("/api/user")).body;

describe("verifying an address", () => {
  it("registration mails a link; opening it, logged in or not, verifies the address once", async () => {
    const { client, email, id } = await registered(t, "Vera");
    expect(await me(t, client)).toMatchObject({ email_verified: false, email_verification: "off" });
    const mail = await latestOutboxMail(t.database.db, email, "verify_email");
    expect(mail).toMatchObject({ userId: id, subject: "Verify your email address for Launchpad" });
    expect(mail.text).toContain("Hello Vera,");

    const token = await verifyToken(t, email);
    expect((await t.client().get(`/api/email/verify/${token}`)).body).toMatchObject({ valid: true });
    const stranger = t.client("198.51.100.90");
    const res = await stranger.post("/api/email/verify", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: EMAIL_VERIFIED });
    expect(await me(t, client)).toMatchObject({ email_verified: true });
    expect((await stranger.get("/api/user")).status).toBe(401);

    expect((await t.client().post("/api/email/verify", { token })).body).toEqual({ message: LINK_INVALID });
    expect((await t.client().get(`/api/email/verify/${token}`)).status).toBe(404);
    const again = await client.post("/api/email/verification-notification");
    expect(again.body).toEqual({ message: EMAIL_ALREADY_VERIFIED });
    expect(await outboxMails(t.database.db, email, "verify_email")).toHaveLength(1);
  });

  it("verifies once when the link is opened ten times at once", async () => {
    const { email } = await registered(t);
    const token = await verifyToken(t, email);
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.client().post("/api/email/verify", { token })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(404)]);
  });

  it("Resend makes the earlier link stop working", async () => {
    const { client, email } = await registered(t);
    const first = await verifyToken(t, email);
    expect((await client.post("/api/email/verification-notification")).status).toBe(200);
    const second = await verifyToken(t, email);
    expect(second).not.toBe(first);
    expect((await t.client().post("/api/email/verify", { token: first })).status).toBe(404);
    expect((await t.client().post("/api/email/verify", { token: second })).status).toBe(200);
  });

  it("a link sent to an address the account no longer has verifies nothing", async () => {
    const { client, email } = await registered(t);
    const stale = await verifyToken(t, email);
    const next = uniqueEmail("moved");
    await client.put("/api/user", { name: "Mover", email: next, current_password: PASSWORD });
    await client.post("/api/email/confirm", { token: await mailedToken(t.database.db, next, "email_change_confirm", "/confirm-email/") });
    expect((await t.client().post("/api/email/verify", { token: stale })).status).toBe(404);
  });
});

describe("with verified addresses required", () => {
  it("holds back publishing, invitations and new chats of an unverified member with a 403 saying why, until verified", async () => {
    const owner = await registered(strict, "Unverified Owner");
    await setUpStartupProfile(owner.client);
    expect(await me(strict, owner.client)).toMatchObject({ email_verified: false, email_verification: "required" });
    const collection = (await owner.client.post("/api/v1/admin/collections", { name: "Held" })).body.collection;
    // A draft is the member's own business: only publishing it reaches other people.
    const form = await createEventForm(owner.client, collection.id);
    const candidate = await coFounder(strict);
    const coFounderId = (await candidate.client.get("/api/user")).body.co_founder_id;

    const publish = () => owner.client.put(`/api/v1/admin/event_form_statuses/${form.id}`, { status: "published" });
    const invite = () => owner.client.post("/api/v1/admin/co_founder_invitations", { co_founder_id: coFounderId });
    const chat = () => owner.client.post("/api/v1/admin/conversations", { user_id: candidate.id });
    for (const [call, action] of [
      [publish, "publish"],
      [invite, "invite"],
      [chat, "chat"],
    ] as const) {
      const res = await call();
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: verifyEmailFirst(action) });
    }
    expect((await owner.client.put(`/api/v1/admin/event_form_statuses/${form.id}`, { status: "closed" })).status).toBe(200);

    await owner.client.post("/api/email/verify", { token: await verifyToken(strict, owner.email) });
    expect((await publish()).status).toBe(200);
    expect((await invite()).status).toBe(201);
    expect((await chat()).status).toBe(201);
  });
});
