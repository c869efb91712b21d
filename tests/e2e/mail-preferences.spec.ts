import type { Browser, BrowserContext } from "@playwright/test";
import { expectNoSeriousViolations } from "./a11y";
import { apiCall, expect, publishedEventForm, registerUser, setUpStartup, test } from "./fixtures";
import { latestMailTo, type MailboxMessage } from "./mailbox";

/*
 * Mail preferences in a browser: the mail choice beside each notification on /settings, and a real mail's
 * one-click unsubscribe link (List-Unsubscribe), opened in the browser and posted as a mail provider does.
 */

/** An event by another startup, which the context's user applies to: the app mails them its calendar invitation. */
async function applyToAnEvent(browser: Browser, applicant: BrowserContext, email: string): Promise<MailboxMessage> {
  const organiser = await browser.newContext();
  await registerUser(organiser, "Olu Organiser");
  await setUpStartup(organiser);
  const form = await publishedEventForm(organiser, { title: `Mail day ${Date.now().toString(36)}` });
  await organiser.close();
  const { event_form: full } = (await (await applicant.request.get(`/api/v1/site/event_forms/${form.id}`)).json()) as {
    event_form: { custom_questions: { id: string }[] };
  };
  await apiCall(applicant, "POST", `/api/v1/admin/event_forms/${form.id}/applications`, {
    intent: "submit",
    answers: { full_name: "Stella Tester", email, [full.custom_questions[0].id]: "Robots" },
  });
  return latestMailTo(email, (mail) => mail.subject === `Application received: ${form.title}`);
}

/** The https (here http) link of the mail's List-Unsubscribe header, and the one-click header beside it. */
function oneClickLink(mail: MailboxMessage): string {
  const headers = Object.fromEntries(Object.entries(mail.headers).map(([name, value]) => [name.toLowerCase(), value]));
  expect(headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  const link = /<(https?:\/\/[^>]+)>/.exec(headers["list-unsubscribe"] ?? "")?.[1];
  expect(link, "a List-Unsubscribe link").toBeTruthy();
  return new URL(link!).pathname;
}

const calendarChoice = "Mail: Calendar invitations, reminders and time changes of events you applied to";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`mail preferences, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("each notification's mail choice sits beside its in-app box and is kept", async ({ page, startupUser }) => {
      expect(startupUser.id).toBeGreaterThan(0);
      await page.goto("/settings");
      await expect(page.getByLabel("Mail: Someone follows you")).toHaveValue("digest");
      await expect(page.getByLabel("Mail: You receive a co-founder invitation")).toHaveValue("immediately");
      await expect(page.getByLabel(calendarChoice).locator("option")).toHaveText(["Immediately", "Off"]);

      await page.getByLabel("Mail: Someone follows you").selectOption("immediately");
      await page.getByLabel("Mail: You receive a chat message").selectOption("off");
      await page.getByRole("checkbox", { name: "Someone follows you" }).uncheck();
      await page.getByRole("button", { name: "Save settings" }).click();
      if (javaScriptEnabled) await expect(page.getByText("Settings saved")).toBeVisible();
      else await expect(page).toHaveURL(/\/settings$/);

      await page.reload();
      await expect(page.getByLabel("Mail: Someone follows you")).toHaveValue("immediately");
      await expect(page.getByLabel("Mail: You receive a chat message")).toHaveValue("off");
      await expect(page.getByRole("checkbox", { name: "Someone follows you" })).not.toBeChecked();
      await expect(page.getByLabel("Mail: Your application's review status changes")).toHaveValue("immediately");
      if (javaScriptEnabled) {
        await expectNoSeriousViolations(page, "/settings with mail choices");
        await page.emulateMedia({ colorScheme: "dark" });
        await expectNoSeriousViolations(page, "/settings with mail choices (dark)");
      }
    });

    test("a received mail's unsubscribe link, opened in the browser, asks first and then turns that mail off", async ({
      browser,
      context,
      page,
      startupUser,
    }) => {
      const mail = await applyToAnEvent(browser, context, startupUser.email);
      const link = oneClickLink(mail);
      expect(mail.html).toContain(link);

      // Opened without a login (a mail is read anywhere): only asks.
      await context.clearCookies();
      await page.goto(link);
      await expect(page.getByRole("heading", { name: "Unsubscribe" })).toBeVisible();
      await expect(
        page.getByText("Stop mail for “Calendar invitations, reminders and time changes of events you applied to”?"),
      ).toBeVisible();
      if (javaScriptEnabled) {
        await expectNoSeriousViolations(page, "/unsubscribe");
        await page.emulateMedia({ colorScheme: "dark" });
        await expectNoSeriousViolations(page, "/unsubscribe (dark)");
      }
      await page.getByRole("button", { name: "Unsubscribe" }).click();
      await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
      await expect(page.getByText("You will no longer get mail for “Calendar invitations")).toBeVisible();
      if (javaScriptEnabled) await expectNoSeriousViolations(page, "/unsubscribe, done (dark)");

      await page.goto(link);
      await expect(page.getByRole("heading", { name: "Already unsubscribed" })).toBeVisible();
      await page.goto(`${link.slice(0, -2)}xx`);
      await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
    });
  });
}

test("a mail provider's one-click POST (RFC 8058) turns the mail off without a login, cookies or a token of the page", async ({
  browser,
  context,
  page,
  playwright,
  baseURL,
  startupUser,
}) => {
  const mail = await applyToAnEvent(browser, context, startupUser.email);
  const link = oneClickLink(mail);
  const provider = await playwright.request.newContext({ baseURL });
  const posted = await provider.post(link, {
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example.com" },
    data: "List-Unsubscribe=One-Click",
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(200);
  await provider.dispose();

  await page.goto("/settings");
  await expect(page.getByLabel(calendarChoice)).toHaveValue("off");
  await expect(page.getByLabel("Mail: You receive a co-founder invitation")).toHaveValue("immediately");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Already unsubscribed" })).toBeVisible();
});
