import { PASSWORD, expect, test } from "./fixtures";

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("changes name and password; a wrong current password is refused", async ({ page, startupUser }) => {
    await page.goto("/account");
    await page.getByLabel("Name").fill("New Name");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByTestId("user-menu")).toContainText("New Name");

    const password = page.locator("#account-password");
    await password.getByLabel("Current password").fill("not my password");
    await password.getByLabel("New password", { exact: true }).fill("a brand new password");
    await password.getByLabel("Confirm new password").fill("a brand new password");
    await password.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("The password is incorrect.")).toBeVisible();

    await page.locator("#account-password").getByLabel("Current password").fill(PASSWORD);
    await page.locator("#account-password").getByLabel("New password", { exact: true }).fill("a brand new password");
    await page.locator("#account-password").getByLabel("Confirm new password").fill("a brand new password");
    await page.locator("#account-password").getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("The password is incorrect.")).toHaveCount(0);
    expect(startupUser.email).toBeTruthy();
  });

  test("changing the email needs the current password", async ({ page, startupUser }) => {
    await page.goto("/account");
    await page.getByLabel("Email").fill(`changed.${startupUser.email}`);
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("The current password is required to change your email.")).toBeVisible();
    await page.locator("#account-profile").getByLabel("Current password").fill(PASSWORD);
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByTestId("user-menu")).toContainText(`changed.${startupUser.email}`);
  });
});
