import { PASSWORD, expect, test, toast } from "./fixtures";

test("an expired session shows the toast, goes to /login and comes back after logging in", async ({ page, context, startupUser, playwright, baseURL }) => {
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "Account" })).toBeVisible();

  // The session ends elsewhere (here: logged out through the API with the same cookie).
  const cookies = await context.cookies();
  const other = await playwright.request.newContext({ baseURL, storageState: { cookies, origins: [] } });
  const xsrf = decodeURIComponent(cookies.find((c) => c.name === "XSRF-TOKEN")!.value);
  expect((await other.post("/api/logout", { headers: { "X-XSRF-TOKEN": xsrf } })).status()).toBe(204);
  await other.dispose();

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
  await expect(toast(page, "Your session has expired. Please log in again.")).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2F?$|\/login$/);

  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
  await page.getByLabel("Email").fill(startupUser.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/account$/);
});

test("a full page load with an expired session also says so", async ({ page, context, startupUser, playwright, baseURL }) => {
  expect(startupUser.id).toBeGreaterThan(0);
  const cookies = await context.cookies();
  const other = await playwright.request.newContext({ baseURL, storageState: { cookies, origins: [] } });
  const xsrf = decodeURIComponent(cookies.find((c) => c.name === "XSRF-TOKEN")!.value);
  await other.post("/api/logout", { headers: { "X-XSRF-TOKEN": xsrf } });
  await other.dispose();

  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
  await expect(toast(page, "Your session has expired. Please log in again.")).toBeVisible();
  // The dead cookie is gone, so the next visit is an ordinary logged-out one.
  expect((await context.cookies()).some((c) => c.name === "launchpad_session")).toBe(false);
});
