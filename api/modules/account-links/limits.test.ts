import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESET_LINK_SENT, verificationSent } from "#schemas/account-links.ts";
import { ACCOUNT_MAIL_RATE } from "#api/lib/limits.ts";
import { registered, uniqueEmail } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi, type TestResponse } from "#api/testing/harness.ts";
import { outboxMails } from "#api/testing/mail-fixtures.ts";

/** The limits on mailed links, each hit by requests sent at once: at most the limit gets through. */

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

let addressCounter = 0;
const freshClient = () => t.client(`198.19.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`);
const statuses = (answers: TestResponse[]) => answers.map((a) => a.status).sort();

describe("/forgot-password", () => {
  it(`mails one account at most ${ACCOUNT_MAIL_RATE.perEmail} links in the window, from ten addresses at once`, async () => {
    const { email } = await registered(t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => freshClient().post("/api/forgot-password", { email })));
    expect(statuses(answers)).toEqual([
      ...Array(ACCOUNT_MAIL_RATE.perEmail).fill(200),
      ...Array(10 - ACCOUNT_MAIL_RATE.perEmail).fill(429),
    ]);
    expect(await outboxMails(t.database.db, email, "password_reset")).toHaveLength(ACCOUNT_MAIL_RATE.perEmail);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.errors.email[0]).toMatch(
      /^Too many password reset requests for this email\. Please try again in \d+ (seconds?|minutes?|hours?)\.$/,
    );
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("counts an email without an account alike, so the refusal tells nothing", async () => {
    const known = (await registered(t)).email;
    const unknown = uniqueEmail("nobody");
    const burst = (email: string) =>
      Promise.all(Array.from({ length: ACCOUNT_MAIL_RATE.perEmail + 2 }, () => freshClient().post("/api/forgot-password", { email })));
    const [forKnown, forUnknown] = await Promise.all([burst(known), burst(unknown)]);
    expect(statuses(forUnknown)).toEqual(statuses(forKnown));
    const body = (answers: TestResponse[], status: number) => answers.find((a) => a.status === status)!.body;
    expect(body(forUnknown, 200)).toEqual({ message: RESET_LINK_SENT });
    expect(body(forUnknown, 429).errors).toEqual(body(forKnown, 429).errors);
  });

  it(`takes at most ${ACCOUNT_MAIL_RATE.perAddress} requests from one address in the window, whatever the emails`, async () => {
    const client = freshClient();
    const emails = await Promise.all(Array.from({ length: ACCOUNT_MAIL_RATE.perAddress + 5 }, async () => (await registered(t)).email));
    const answers = await Promise.all(emails.map((email) => client.post("/api/forgot-password", { email })));
    expect(statuses(answers)).toEqual([...Array(ACCOUNT_MAIL_RATE.perAddress).fill(200), ...Array(5).fill(429)]);
    const mailed = await Promise.all(emails.map((email) => outboxMails(t.database.db, email, "password_reset")));
    expect(mailed.flat()).toHaveLength(ACCOUNT_MAIL_RATE.perAddress);
    expect(answers.find((a) => a.status === 429)!.body.message).toMatch(
      /^Too many password reset requests\. Please try again in \d+ (seconds?|minutes?|hours?)\.$/,
    );
  });
});

describe("Resend", () => {
  it(`sends a member at most ${ACCOUNT_MAIL_RATE.resends} new verification links in the window, asked for at once`, async () => {
    const { client, email } = await registered(t);
    const answers = await Promise.all(Array.from({ length: 8 }, () => client.post("/api/email/verification-notification")));
    expect(statuses(answers)).toEqual([...Array(ACCOUNT_MAIL_RATE.resends).fill(200), ...Array(8 - ACCOUNT_MAIL_RATE.resends).fill(429)]);
    expect(answers.find((a) => a.status === 200)!.body).toEqual({ message: verificationSent(email) });
    expect(answers.find((a) => a.status === 429)!.body.message).toMatch(
      /^Too many verification links sent\. Please try again in \d+ (seconds?|minutes?|hours?)\.$/,
    );
    // The one from registration, and the resends.
    expect(await outboxMails(t.database.db, email, "verify_email")).toHaveLength(1 + ACCOUNT_MAIL_RATE.resends);
  });
});
