import type { Page } from "@playwright/test";
import { INVALID_RECOVERY_CODE, INVALID_TOTP_CODE, RECOVERY_CODE_COUNT } from "#schemas/two-factor.ts";
import { expectNoSeriousViolations } from "./a11y";
import { PASSWORD, expect, test } from "./fixtures";
import { codeFor } from "./two-factor-steps";

/** axe on the screen as it is, in the light theme and the dark one (the device's choice, as a new user has it). */
async function axeInBothThemes(page: Page, screen: string) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousViolations(page, `${screen} (${colorScheme})`, { soft: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

async function logOut(page: Page) {
  await page.getByTestId("user-menu").locator("summary").click();
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The first step: email and password, then the page asks for the code. */
async function passwordStep(page: Page, email: string, path = "/login") {
  await page.goto(path);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
}

/** Opens "Lost your device?" (already open after a refused recovery code) and sends one. */
async function useRecoveryCode(page: Page, code: string) {
  const field = page.getByLabel("Recovery code");
  if (!(await field.isVisible())) await page.getByText("Lost your device? Use a recovery code").click();
  await field.fill(code);
  await page.getByRole("button", { name: "Use recovery code" }).click();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`two-factor sign-in, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("turn it on → log out → log in with a code from the secret → a recovery code works once", async ({ page, startupUser }) => {
      // Four sign-ins and axe on three screens in two themes: one of the suite's longest journeys.
      test.slow();
      await page.goto("/account");
      await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
      const secretShown = page.getByTestId("two-factor-secret");
      await expect(secretShown).toBeVisible();
      await expect(page.getByRole("img", { name: "QR code to add Launchpad to your authenticator app" }).locator("svg")).toBeVisible();
      const secret = (await secretShown.textContent())!.replace(/\s+/g, "");
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      if (javaScriptEnabled) await axeInBothThemes(page, "/account (two-factor setup)");

      const confirm = page.locator("#two-factor-confirm");
      await confirm.getByLabel("Code from your app").fill(await codeFor(secret));
      await confirm.getByLabel("Current password").fill(PASSWORD);
      await confirm.getByRole("button", { name: "Turn on two-factor authentication" }).click();
      // Checking the password (argon2) and the code, then making the codes: slower than a page on a busy machine.
      await expect(page.getByTestId("recovery-codes").locator("li")).toHaveCount(RECOVERY_CODE_COUNT, { timeout: 30_000 });
      const codes = await page.getByTestId("recovery-codes").locator("li").allTextContents();
      expect(codes.every((code) => /^[a-z2-9]{5}-[a-z2-9]{5}$/.test(code))).toBe(true);
      await expect(page.getByRole("link", { name: "Download the codes as a text file" })).toHaveAttribute("download", /\.txt$/);
      await expect(page.getByText(`${RECOVERY_CODE_COUNT} of ${RECOVERY_CODE_COUNT} recovery codes left.`)).toBeVisible();
      if (javaScriptEnabled) await axeInBothThemes(page, "/account (recovery codes, two-factor on)");

      // The code step keeps where the user was headed, and a wrong code is refused on its field.
      await logOut(page);
      await passwordStep(page, startupUser.email, "/settings");
      await expect(page).toHaveURL(/\/login\/two-factor\?redirectTo=%2Fsettings$/);
      await page.getByLabel("Authentication code").fill("000000");
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page.getByText(INVALID_TOTP_CODE)).toBeVisible();
      // Turning it on took this step's code: the app's next one signs in.
      await page.getByLabel("Authentication code").fill(await codeFor(secret, 1));
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page).toHaveURL(/\/settings$/);
      await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();

      await logOut(page);
      await passwordStep(page, startupUser.email);
      await useRecoveryCode(page, codes[0]);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId("user-menu")).toBeVisible();

      await logOut(page);
      await passwordStep(page, startupUser.email);
      await useRecoveryCode(page, codes[0]);
      await expect(page.getByText(INVALID_RECOVERY_CODE)).toBeVisible();
      await expect(page).toHaveURL(/\/login\/two-factor$/);
      // Both of its forms on show, the recovery one open with its refusal.
      if (javaScriptEnabled) await axeInBothThemes(page, "/login/two-factor (recovery code refused)");

      await useRecoveryCode(page, codes[1]);
      await expect(page).toHaveURL(/\/$/);
      await page.goto("/account");
      await expect(page.getByText(`${RECOVERY_CODE_COUNT - 2} of ${RECOVERY_CODE_COUNT} recovery codes left.`)).toBeVisible();
    });
  });
}

test("turning it off needs the password and a code; then the password alone signs in", async ({ page, startupUser }) => {
  await page.goto("/account");
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  const secret = (await page.getByTestId("two-factor-secret").textContent())!.replace(/\s+/g, "");
  const confirm = page.locator("#two-factor-confirm");
  await confirm.getByLabel("Code from your app").fill(await codeFor(secret));
  await confirm.getByLabel("Current password").fill(PASSWORD);
  await confirm.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await expect(page.getByTestId("recovery-codes")).toBeVisible();

  const off = page.locator("#two-factor-disable");
  await off.getByLabel("Current password").fill(PASSWORD);
  await off.getByRole("button", { name: "Turn off two-factor authentication" }).click();
  await expect(off.getByText("Enter the code from your authenticator app, or a recovery code.")).toBeVisible();
  await off.getByLabel("Code from your app").fill(await codeFor(secret, 1));
  await off.getByRole("button", { name: "Turn off two-factor authentication" }).click();
  await expect(page.getByRole("button", { name: "Set up two-factor authentication" })).toBeVisible();

  await logOut(page);
  await page.getByLabel("Email").fill(startupUser.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/$/);
});
