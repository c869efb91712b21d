import type { BrowserContext, Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./a11y";
import { FormDataLike, apiCall, expect, registerUser, test } from "./fixtures";

let counter = 0;

/** Another account's startup, with a name only this test uses. */
async function targetStartup(context: BrowserContext) {
  await registerUser(context, "Target Owner");
  const unique = `${Date.now().toString(36)}${process.pid}${++counter}`;
  const username = `fav-${unique}`;
  const name = `Starred Labs ${unique}`;
  await apiCall(
    context,
    "POST",
    "/api/v1/admin/startups/setup",
    new FormDataLike({
      account_type: "startup",
      name,
      username,
      country: "NG",
      cityName: "Lagos",
      description: "A startup to star",
      industry: "Fintech",
      stage: "Seed",
      links: "[]",
    }),
  );
  return { name, username };
}

const row = (page: Page, name: string) => page.getByRole("listitem").filter({ has: page.getByRole("link", { name }) });

for (const javaScriptEnabled of [true, false]) {
  test.describe(`favorites, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("star a startup in the directory, find it on /favorites, remove it", async ({ page, browser, startupUser }) => {
      expect(startupUser.id).toBeGreaterThan(0);
      const other = await browser.newContext();
      const target = await targetStartup(other);
      await other.close();

      await page.goto("/favorites");
      await expect(page.getByText("No favorites yet")).toBeVisible();
      if (javaScriptEnabled) await expectNoSeriousViolations(page, "/favorites");

      await page.goto(`/startups?type=startup&search=${target.username}`);
      // With JavaScript the star turns at once; the page is left only after the server has kept it.
      const kept = javaScriptEnabled
        ? page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/favorites"))
        : null;
      await page.getByRole("button", { name: `Add ${target.name} to favorites` }).click();
      if (kept) expect((await kept).ok()).toBe(true);
      // The star now offers the opposite (at once with JavaScript, after the redirect without).
      await expect(page.getByRole("button", { name: `Remove ${target.name} from favorites` })).toHaveAttribute("aria-pressed", "true");
      await expect(page).toHaveURL(new RegExp(`search=${target.username}`));

      await page.goto("/favorites");
      await expect(row(page, target.name)).toContainText("Fintech · Lagos");
      await expect(page.getByRole("link", { name: /Startups \(1\)/ })).toBeVisible();
      if (javaScriptEnabled) await expectNoSeriousViolations(page, "/favorites");
      await page.getByRole("link", { name: /Events \(0\)/ }).click();
      await expect(page.getByText("No saved events")).toBeVisible();
      await page.getByRole("link", { name: /Startups \(1\)/ }).click();

      await row(page, target.name)
        .getByRole("button", { name: `Remove ${target.name} from favorites` })
        .click();
      await expect(page.getByRole("link", { name: target.name })).toHaveCount(0);
      await expect(page.getByText("No saved startups")).toBeVisible();
    });
  });
}
