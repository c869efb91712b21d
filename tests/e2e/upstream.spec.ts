/**
 * The panel in front of another API: playwright.config.ts starts a second server whose API_URL is the
 * first. Its pages' calls, and everything the browser itself asks of /api, /sanctum and /broadcasting,
 * reach the upstream, so the upstream's session holds from screen to screen, live channels included.
 */
import { expect, test, toast } from "./fixtures";

test.use({ baseURL: process.env.E2E_UPSTREAM_PANEL_URL });

test("in front of an upstream API, a user goes from screen to screen, creates, sees files and live channels, and logs out", async ({
  page,
  startupUser,
}) => {
  expect(startupUser.email).toContain("@");
  const channelAuthorised = page.waitForResponse((response) => response.url().endsWith("/broadcasting/auth"));
  for (const [path, heading] of [
    ["/event-forms", "Event forms"],
    ["/collections", "Collections"],
    ["/coupon-codes", "Coupon codes"],
    ["/chat", "Messages"],
    ["/dashboard", "Dashboard"],
    ["/account", "Account"],
  ]) {
    await page.goto(path);
    await expect(page, `${path} kept the session`).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
  }
  expect((await channelAuthorised).status()).toBe(200);

  await page.goto("/collections");
  const name = `Upstream ${Date.now().toString(36)}`;
  await page.getByPlaceholder("New collection name").fill(name);
  await page.getByRole("button", { name: "Create collection" }).click();
  await expect(toast(page, "Collection created.")).toBeVisible();
  await expect(page.getByRole("link", { name })).toBeVisible();

  // A file link (a demo startup's logo) is served by the upstream through this server.
  const logo = await page.request.get("/api/v1/site/startups?per_page=50");
  const withLogo = ((await logo.json()) as { data: { logo: string | null }[] }).data.find((s) => s.logo);
  expect(withLogo, "a demo startup with a logo").toBeTruthy();
  const file = await page.request.get(withLogo!.logo!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toMatch(/^image\//);

  await page.getByTestId("user-menu").locator("summary").click();
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/collections");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcollections$/);
});
