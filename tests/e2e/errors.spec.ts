import { expectNoSeriousViolations } from "./a11y";
import { DEMO_PASSWORD, expect, login, test } from "./fixtures";

test("a screen without its permission shows 403 Access Forbidden", async ({ page, startupUser }) => {
  expect(startupUser.email).toBeTruthy();
  const response = await page.goto("/user-management/users");
  expect(response?.status()).toBe(403);
  await expect(page.getByTestId("error-status")).toHaveText("403");
  await expect(page.getByTestId("error-message")).toHaveText("Access Forbidden");
  // Shown where the page would be: the menu and the header stay, with one main region and one heading.
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByTestId("user-menu")).toBeVisible();
  await expect(page.getByRole("main")).toHaveCount(1);
  await expectNoSeriousViolations(page, "403 inside the layout");

  // A missing record likewise.
  const missing = await page.goto("/startups/no-such-startup-here");
  expect(missing?.status()).toBe(404);
  await expect(page.getByTestId("error-message")).toHaveText("Startup not found");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.getByRole("button", { name: "Go Home" }).click();
  await expect(page).toHaveURL(/\/$/);
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

// Every demo account, each with another role and profile: the admin has event and coupon permissions but
// no startup, which is what those screens belong to.
for (const account of ["superadmin", "admin", "startup", "organization", "cofounder"]) {
  test(`every screen in the ${account} account's sidebar opens, none answers 403`, async ({ page, context }) => {
    await login(context, `${account}@launchpad.test`, DEMO_PASSWORD);
    await page.goto("/");
    const links = page.getByRole("navigation", { name: "Main" }).getByRole("link");
    const paths = await links.evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(paths.length).toBeGreaterThan(5);
    for (const path of paths) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(200);
    }
  });
}

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
