import { expect, test } from "./fixtures";

test("a screen without its permission shows 403 Access Forbidden", async ({ page, startupUser }) => {
  expect(startupUser.email).toBeTruthy();
  const response = await page.goto("/user-management/users");
  expect(response?.status()).toBe(403);
  await expect(page.getByTestId("error-status")).toHaveText("403");
  await expect(page.getByTestId("error-message")).toHaveText("Access Forbidden");
});

test("the navigation shows only screens the user may open", async ({ page, startupUser }) => {
  expect(startupUser.email).toBeTruthy();
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Home" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Account" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Users" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Roles" })).toHaveCount(0);
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("an unknown address shows 404, and Go Home goes to /", async ({ page, startupUser }) => {
      expect(startupUser.email).toBeTruthy();
      const response = await page.goto("/no/such/page");
      expect(response?.status()).toBe(404);
      await expect(page.getByTestId("error-status")).toHaveText("404");
      await expect(page.getByTestId("error-message")).toHaveText("Page Not Found");
      await page.getByRole("button", { name: "Go Home" }).click();
      await expect(page).toHaveURL(/\/\??$/);
      await expect(page.getByRole("heading", { name: /^Welcome, / })).toBeVisible();
      await expect(page.getByTestId("error-screen")).toHaveCount(0);
    });
  });
}
