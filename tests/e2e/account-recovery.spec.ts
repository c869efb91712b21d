import type { Page } from "@playwright/test";
import { EMAIL_VERIFIED, LINK_INVALID, PASSWORD_RESET_DONE, RESET_LINK_SENT } from "#schemas/account-links.ts";
import { expectNoSeriousViolations } from "./a11y";
import { PASSWORD, expect, registerUser, setUpStartup, test, toast, uniqueEmail } from "./fixtures";
import { latestMailTo, linkIn, mailsTo } from "./mailbox";

/*
 * Password recovery and verified addresses, with the mail as the fake SMTP server received it: the link is
 * taken from the message and opened, as its reader would. JavaScript on and off; axe on every page these
 * flows add, in the light and the dark theme (the pages follow the device's, as nobody chose one).
 */

const NEW_PASSWORD = "a brand new passphrase";
const RESET_SUBJECT = "Reset your Launchpad password";
const VERIFY_SUBJECT = "Verify your email address for Launchpad";

async function axeInBothThemes(page: Page, screen: string) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousViolations(page, `${screen} (${colorScheme})`);
  }
  await page.emulateMedia({ colorScheme: null });
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`account recovery, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("forgot password: the link from the mail sets a new password; the old one stops working", async ({ page, context }) => {
      const { email, name } = await registerUser(context, "Rhea Recover");
      await setUpStartup(context);
      await context.clearCookies();

      await page.goto("/login");
      await page.getByRole("link", { name: "Forgot your password?" }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);
      await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
      if (javaScriptEnabled) await axeInBothThemes(page, "/forgot-password");

      // An address without an account gets the very same answer.
      await page.getByLabel("Email").fill(uniqueEmail("nobody"));
      await page.getByRole("button", { name: "Send me a link" }).click();
      await expect(page.getByTestId("reset-link-sent")).toHaveText(RESET_LINK_SENT);
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Send me a link" }).click();
      await expect(page.getByTestId("reset-link-sent")).toHaveText(RESET_LINK_SENT);

      const mail = await latestMailTo(email, (m) => m.subject === RESET_SUBJECT);
      expect(mail.text).toContain(`Hello ${name},`);
      const link = linkIn(mail, "/reset-password/");
      await page.goto(link);
      await expect(page.getByRole("main").getByRole("heading", { name: "Choose a new password" })).toBeVisible();
      if (javaScriptEnabled) await axeInBothThemes(page, "/reset-password/{token}");

      await page.getByLabel("New password", { exact: true }).fill("short");
      await page.getByLabel("Confirm new password").fill("short");
      await page.getByRole("button", { name: "Set new password" }).click();
      await expect(page.getByText("The password field must be at least 8 characters.")).toBeVisible();
      await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Set new password" }).click();
      // Signed in by the reset itself.
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("heading", { name: "Welcome, Rhea" })).toBeVisible();
      if (javaScriptEnabled) await expect(toast(page, PASSWORD_RESET_DONE)).toBeVisible();

      // Used: the link now opens the page for a link that does not work, with the way to a new one.
      await page.goto(link);
      await expect(page.getByTestId("invalid-link")).toHaveText(LINK_INVALID);
      if (javaScriptEnabled) await axeInBothThemes(page, "/reset-password/{token} (used)");
      await page.getByRole("link", { name: "Ask for a new link" }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);

      await context.clearCookies();
      await logIn(page, email, PASSWORD);
      await expect(page.getByText("These credentials do not match our records.")).toBeVisible();
      await logIn(page, email, NEW_PASSWORD);
      await expect(page.getByRole("heading", { name: "Welcome, Rhea" })).toBeVisible();
    });

    test("register: the link from the mail verifies the address and the banner goes", async ({ page, context }) => {
      const email = uniqueEmail("verify");
      await page.goto("/register");
      await page.getByLabel("Name").fill("Vic Verify");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByLabel("Confirm password").fill(PASSWORD);
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(page).toHaveURL(/\/setup$/);
      await setUpStartup(context);

      await page.goto("/");
      const banner = page.getByTestId("verify-email-banner");
      await expect(banner).toContainText(`Open the link we sent to ${email}.`);
      await expect(banner.getByRole("button", { name: "Resend" })).toBeVisible();
      if (javaScriptEnabled) await axeInBothThemes(page, "/ with the verification banner");

      const link = linkIn(await latestMailTo(email, (m) => m.subject === VERIFY_SUBJECT), "/verify-email/");
      await page.goto(link);
      await expect(page.getByRole("main").getByRole("heading", { name: "Verify your email address" })).toBeVisible();
      if (javaScriptEnabled) await axeInBothThemes(page, "/verify-email/{token}");
      await page.getByRole("button", { name: "Verify my email address" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("heading", { name: "Welcome, Vic" })).toBeVisible();
      if (javaScriptEnabled) await expect(toast(page, EMAIL_VERIFIED)).toBeVisible();
      await expect(page.getByTestId("verify-email-banner")).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole("heading", { name: "Welcome, Vic" })).toBeVisible();
      await expect(page.getByTestId("verify-email-banner")).toHaveCount(0);

      await page.goto(link);
      await expect(page.getByTestId("invalid-link")).toHaveText(LINK_INVALID);
      if (javaScriptEnabled) await axeInBothThemes(page, "/verify-email/{token} (used)");
    });

    test("Resend mails a new link, and only one of the two links works", async ({ page, context }) => {
      const { email } = await registerUser(context, "Rory Resend");
      await setUpStartup(context);
      await latestMailTo(email, (m) => m.subject === VERIFY_SUBJECT);
      await page.goto("/account");
      await page.getByTestId("verify-email-banner").getByRole("button", { name: "Resend" }).click();
      // Back on the page the banner was on.
      await expect(page).toHaveURL(/\/account$/);
      if (javaScriptEnabled) await expect(toast(page, `We have sent a new verification link to ${email}.`)).toBeVisible();
      await expect.poll(async () => (await mailsTo(email)).filter((m) => m.subject === VERIFY_SUBJECT).length).toBe(2);
      const links = (await mailsTo(email)).filter((m) => m.subject === VERIFY_SUBJECT).map((m) => linkIn(m, "/verify-email/"));
      const working: string[] = [];
      for (const link of links) {
        await page.goto(link);
        await expect(page.getByRole("heading", { name: /Verify your email address|This link does not work/ })).toBeVisible();
        if ((await page.getByTestId("invalid-link").count()) === 0) working.push(link);
      }
      expect(working).toHaveLength(1);
    });
  });
}

test("changing the email: the new address confirms it, the old one is told; the change applies only then", async ({
  page,
  startupUser,
}) => {
  const next = `moved.${startupUser.email}`;
  await page.goto("/account");
  await page.locator("#account-profile").getByLabel("Email").fill(next);
  await page.locator("#account-profile").getByLabel("Current password").fill(PASSWORD);
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByTestId("pending-email")).toContainText(next);
  await expect(page.getByTestId("user-menu")).toContainText(startupUser.email);
  await expectNoSeriousViolations(page, "/account with a pending email");

  const notice = await latestMailTo(startupUser.email, (m) => m.subject === "Your Launchpad email address is about to change");
  expect(notice.text).toContain(next);
  await page.goto(linkIn(await latestMailTo(next), "/confirm-email/"));
  await expect(page.getByRole("heading", { name: "Confirm your new email address" })).toBeVisible();
  await axeInBothThemes(page, "/confirm-email/{token}");
  await page.getByRole("button", { name: "Confirm my new address" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(toast(page, "Your email address has been changed.")).toBeVisible();
  await expect(page.getByTestId("user-menu")).toContainText(next);
  await expect(page.getByTestId("pending-email")).toHaveCount(0);
});
