/**
 * The account links as their readers get them: the background sender delivers to a loopback SMTP server
 * (tests/fakes/smtp.ts), and the links are taken from the mail as received and parsed, then opened.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeSmtp, type FakeSmtp, type ReceivedMail } from "../../../tests/fakes/smtp.ts";
import { startMailSender, type MailSender } from "#api/mail/sender.ts";
import { PASSWORD, registered, uniqueEmail } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";

const APP_URL = "https://launchpad.example.com";
let t: TestApi;
let smtp: FakeSmtp;
let sender: MailSender;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  const mail = { smtpUrl: smtp.url, from: "Launchpad <no-reply@launchpad.example.com>" };
  t = await createTestApi({ appUrl: APP_URL, mail, requireVerifiedEmail: true });
  sender = await startMailSender({ db: t.database.db, mail, pollMs: 50, log: () => {} });
});
afterAll(async () => {
  await sender?.stop();
  await smtp?.close();
  await t?.close();
});

const received = (to: string, subject: string) => smtp.waitForMail((m) => m.to === to && m.subject === subject, 20_000);

/** The token of the link under APP_URL in both parts of the mail, which must agree. */
function tokenIn(mail: ReceivedMail, path: string): string {
  const pattern = new RegExp(`${APP_URL}${path}([A-Za-z0-9_-]{43})`);
  const inText = pattern.exec(mail.text)?.[1];
  const inHtml = pattern.exec(mail.html)?.[1];
  expect(inText, `a link to ${path} in the text of "${mail.subject}"`).toBeTruthy();
  expect(inHtml).toBe(inText);
  return inText!;
}

describe("the links as received", () => {
  it("registration: the verification mail's link verifies the address", async () => {
    const { client, email } = await registered(t, "Ravi");
    const mail = await received(email, "Verify your email address for Launchpad");
    expect(mail.text).toContain("Hello Ravi,");
    expect((await client.get("/api/user")).body).toMatchObject({ email_verified: false, email_verification: "required" });
    expect((await t.client().post("/api/email/verify", { token: tokenIn(mail, "/verify-email/") })).status).toBe(200);
    expect((await client.get("/api/user")).body.email_verified).toBe(true);
  });

  it("forgot password: the reset mail's link sets a new password", async () => {
    const { email } = await registered(t, "Rosa");
    expect((await t.client("198.51.100.201").post("/api/forgot-password", { email })).status).toBe(200);
    const mail = await received(email, "Reset your Launchpad password");
    const token = tokenIn(mail, "/reset-password/");
    const res = await t
      .client()
      .post("/api/reset-password", { token, password: "brand new secret", password_confirmation: "brand new secret" });
    expect(res.status).toBe(200);
    expect((await t.client("198.51.100.202").post("/api/login", { email, password: "brand new secret" })).status).toBe(200);
  });

  it("change of address: the new address gets the link, the old one the notice", async () => {
    const { client, email } = await registered(t, "Mo");
    const next = uniqueEmail("new");
    expect((await client.put("/api/user", { name: "Mo", email: next, current_password: PASSWORD })).status).toBe(200);
    const [link, notice] = await Promise.all([
      received(next, "Confirm your new email address for Launchpad"),
      received(email, "Your Launchpad email address is about to change"),
    ]);
    expect(notice.text).toContain(next);
    expect(notice.text).toContain(`${APP_URL}/forgot-password`);
    expect((await t.client().post("/api/email/confirm", { token: tokenIn(link, "/confirm-email/") })).status).toBe(200);
    expect((await client.get("/api/user")).body.email).toBe(next);
  });
});
