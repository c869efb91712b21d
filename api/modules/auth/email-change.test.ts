import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MAIL_RATE } from "#api/lib/limits.ts";
import { EMAIL_CHANGED, LINK_INVALID, emailChangePending } from "#schemas/account-links.ts";
import { accountTokens } from "#api/db/account-tokens-schema.ts";
import { PASSWORD, registered, uniqueEmail, userRow } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi, type TestClient } from "#api/testing/harness.ts";
import { latestOutboxMail, mailedToken, outboxMails } from "#api/testing/mail-fixtures.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

let addressCounter = 0;
const freshClient = () => t.client(`198.51.100.${++addressCounter}`);

/** The account logged in three ways: the client that registered, a second browser, and a bearer token. */
async function loggedInEverywhere() {
  const account = await registered(t, "Many Devices");
  const laptop = freshClient();
  expect((await laptop.post("/api/login", { email: account.email, password: PASSWORD })).status).toBe(200);
  const issued = await freshClient().request("POST", "/sanctum/token", { email: account.email, password: PASSWORD, device_name: "phone" });
  expect(issued.status).toBe(201);
  const phone = freshClient();
  phone.bearer = issued.body.token;
  expect((await phone.request("GET", "/api/user")).status).toBe(200);
  return { ...account, laptop, phone };
}

const status = async (client: TestClient) => (await client.request("GET", "/api/user")).status;
const confirmToken = (to: string) => mailedToken(t.database.db, to, "email_change_confirm", "/confirm-email/");
/** Opens the link mailed to the new address, from a browser that is not logged in unless one is given. */
const confirm = async (to: string, client = freshClient()) => client.post("/api/email/confirm", { token: await confirmToken(to) });

describe("asking to change the email", () => {
  it("changes nothing yet: the link goes to the new address, a notice to the old one, and every login stays", async () => {
    const { client, laptop, phone, id, email } = await loggedInEverywhere();
    const next = uniqueEmail("moved");
    const res = await client.put("/api/user", { name: "Many Devices", email: next, current_password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: emailChangePending(next), user: { id, email } });
    expect((await userRow(t, id)).email).toBe(email);
    for (const device of [client, laptop, phone]) expect(await status(device)).toBe(200);
    expect((await client.get("/api/user/email-change")).body).toMatchObject({ pending_email: next });

    const link = await latestOutboxMail(t.database.db, next, "email_change_confirm");
    expect(link.userId).toBe(id);
    expect(link.text).toMatch(/\/confirm-email\/[A-Za-z0-9_-]{43}/);
    const notice = await latestOutboxMail(t.database.db, email, "email_change_notice");
    expect(notice.text).toContain(next);
    expect(notice.text).not.toContain("/confirm-email/");
    // The old address can still log in until the change is confirmed.
    expect((await freshClient().post("/api/login", { email, password: PASSWORD })).status).toBe(200);
  });

  it("leaves every session alone when the email stays the same or the change is refused", async () => {
    const { client, laptop, phone, email } = await loggedInEverywhere();
    expect((await client.put("/api/user", { name: "Renamed", email })).status).toBe(200);
    expect((await client.put("/api/user", { name: "Renamed", email: email.toUpperCase() })).status).toBe(200);
    const refused = uniqueEmail();
    expect((await client.put("/api/user", { name: "Renamed", email: refused, current_password: "not my password" })).status).toBe(422);
    expect(await outboxMails(t.database.db, refused, "email_change_confirm")).toHaveLength(0);
    for (const device of [client, laptop, phone]) expect(await status(device)).toBe(200);
  });
});

describe("opening the link", () => {
  it("applies the change, verified, and ends the other sessions and bearer tokens, keeping the one that asked", async () => {
    const { client, laptop, phone, id, email } = await loggedInEverywhere();
    const bystander = await registered(t);
    const next = uniqueEmail("moved");
    await client.put("/api/user", { name: "Many Devices", email: next, current_password: PASSWORD });

    const res = await confirm(next);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(EMAIL_CHANGED);
    expect((await client.get("/api/user")).body).toMatchObject({ id, email: next, email_verified: true });
    expect(await status(laptop)).toBe(401);
    expect(await status(phone)).toBe(401);
    expect(await status(bystander.client)).toBe(200);
    expect((await client.get("/api/user/email-change")).body).toEqual({ pending_email: null, expires_at: null });

    // The new email logs in; the old one no longer does.
    expect((await freshClient().post("/api/login", { email: next, password: PASSWORD })).status).toBe(200);
    expect((await freshClient().post("/api/login", { email, password: PASSWORD })).status).toBe(422);
  });

  it("keeps the session that opens it too, when it is the same user's", async () => {
    const { client, laptop, phone } = await loggedInEverywhere();
    const next = uniqueEmail("moved");
    await client.put("/api/user", { name: "Many Devices", email: next, current_password: PASSWORD });
    expect((await confirm(next, laptop)).status).toBe(200);
    expect(await status(client)).toBe(200);
    expect(await status(laptop)).toBe(200);
    expect(await status(phone)).toBe(401);
  });

  it("does the same after a multipart update", async () => {
    const { client, laptop, phone } = await loggedInEverywhere();
    const next = uniqueEmail("moved");
    const body = new FormData();
    body.set("_method", "PUT");
    body.set("name", "Many Devices");
    body.set("email", next);
    body.set("current_password", PASSWORD);
    expect((await client.post("/api/user", body)).status).toBe(200);
    expect((await confirm(next)).status).toBe(200);
    expect(await status(client)).toBe(200);
    expect(await status(laptop)).toBe(401);
    expect(await status(phone)).toBe(401);
  });

  it("asked for with a bearer token, ends the browser sessions and the tokens", async () => {
    const { client, laptop, phone } = await loggedInEverywhere();
    const next = uniqueEmail("moved");
    const res = await phone.request("PUT", "/api/user", { name: "From Phone", email: next, current_password: PASSWORD });
    expect(res.status).toBe(200);
    expect((await confirm(next)).status).toBe(200);
    for (const device of [client, laptop, phone]) expect(await status(device)).toBe(401);
  });

  it("works once, even when opened ten times at once", async () => {
    const { client, id } = await registered(t);
    const next = uniqueEmail("once");
    await client.put("/api/user", { name: "Once", email: next, current_password: PASSWORD });
    const token = await confirmToken(next);
    const answers = await Promise.all(Array.from({ length: 10 }, () => freshClient().post("/api/email/confirm", { token })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(404)]);
    for (const refused of answers.filter((a) => a.status === 404)) expect(refused.body).toEqual({ message: LINK_INVALID });
    expect((await userRow(t, id)).email).toBe(next);
  });

  it("is invalid once a newer change replaced it, once expired, or once another account took the address", async () => {
    const { client, id, email } = await registered(t);
    const first = uniqueEmail("first");
    await client.put("/api/user", { name: "Changer", email: first, current_password: PASSWORD });
    const replaced = await confirmToken(first);
    const second = uniqueEmail("second");
    await client.put("/api/user", { name: "Changer", email: second, current_password: PASSWORD });
    expect((await freshClient().get(`/api/email/confirm/${replaced}`)).status).toBe(404);
    expect((await freshClient().post("/api/email/confirm", { token: replaced })).body).toEqual({ message: LINK_INVALID });

    const live = await confirmToken(second);
    expect((await freshClient().get(`/api/email/confirm/${live}`)).body).toMatchObject({ valid: true });
    await t.database.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.userId, id));
    expect((await freshClient().get(`/api/email/confirm/${live}`)).status).toBe(404);
    expect((await freshClient().post("/api/email/confirm", { token: live })).status).toBe(404);

    const third = uniqueEmail("third");
    await client.put("/api/user", { name: "Changer", email: third, current_password: PASSWORD });
    const taken = await freshClient().post("/api/register", {
      name: "Quick",
      email: third,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(taken.status).toBe(201);
    expect((await confirm(third)).body).toEqual({ message: LINK_INVALID });
    expect((await userRow(t, id)).email).toBe(email);
  });

  it(`sends at most ${ACCOUNT_MAIL_RATE.emailChanges} change links per user in the window, even when asked at once`, async () => {
    const { client } = await registered(t);
    const change = (next: string) => client.put("/api/user", { name: "Burst", email: next, current_password: PASSWORD });
    // Three first, one by one; then five at once.
    const asked = Array.from({ length: 8 }, () => uniqueEmail("burst"));
    for (const next of asked.slice(0, 3)) expect((await change(next)).status).toBe(200);
    const answers = await Promise.all(asked.slice(3).map(change));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(ACCOUNT_MAIL_RATE.emailChanges - 3);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(5 - (ACCOUNT_MAIL_RATE.emailChanges - 3));
    for (const answer of refused) expect(answer.body.errors.email[0]).toMatch(/^Too many changes of email address/);
    const mailed = await Promise.all(asked.map((next) => outboxMails(t.database.db, next, "email_change_confirm")));
    expect(mailed.flat()).toHaveLength(ACCOUNT_MAIL_RATE.emailChanges);
  });
});
