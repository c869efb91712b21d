import { expect, test } from "./fixtures";

/**
 * ADR 017: the panel's links are plain anchors sharing one click handler, and the directory's star and Follow
 * forms are plain forms until the page is hydrated. After hydration both must still behave as React Router's
 * own <Link> and fetcher forms did: navigation and saving without reloading the page.
 */
test("a sidebar link navigates in the app; a ctrl-click is left to the browser; the star saves without a reload", async ({
  page,
  context,
  startupUser,
}) => {
  expect(startupUser.id).toBeGreaterThan(0);
  await page.goto("/account");
  await page.waitForLoadState("networkidle");
  // Survives only as long as the document does: a full page load would drop it.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const main = page.getByRole("navigation", { name: "Main" });

  const [opened] = await Promise.all([
    context.waitForEvent("page"),
    main.getByRole("link", { name: "Discover events", exact: true }).click({ modifiers: ["Control"] }),
  ]);
  await opened.close();
  await expect(page).toHaveURL(/\/account$/);

  await main.getByRole("link", { name: "Startups", exact: true }).click();
  await expect(page).toHaveURL(/\/startups\?type=startup$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await expect(main.getByRole("link", { name: "Startups", exact: true })).toHaveAttribute("aria-current", "page");

  const star = page.getByRole("button", { name: /^Add .+ to favorites$/ }).first();
  const label = (await star.getAttribute("aria-label"))!.replace(/^Add (.+) to favorites$/, "$1");
  await star.click();
  await expect(page.getByRole("button", { name: `Remove ${label} from favorites` })).toHaveAttribute("aria-pressed", "true");
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await page.getByRole("button", { name: `Remove ${label} from favorites` }).click();
  await expect(page.getByRole("button", { name: `Add ${label} to favorites` })).toHaveAttribute("aria-pressed", "false");
});
