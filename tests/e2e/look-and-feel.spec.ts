import type { Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./a11y";
import { DEMO_PASSWORD, expect, login, test } from "./fixtures";
import { fillPattern, panelRoutes } from "./panel-routes";

/**
 * The screens people judge the product by, as the demo startup sees them, in both themes on a desktop and a
 * phone. Each is kept as a full-page screenshot in this test's output (look-<screen>-<theme>-<width>.png) to
 * set beside other tools', and held to what makes a page look finished: nothing wider than the screen, every
 * event card with a cover, and axe's checks in both themes.
 */
const SCREENS = [
  { name: "dashboard", path: "/dashboard", heading: "Dashboard" },
  { name: "events", path: "/events", heading: "Discover events" },
  { name: "profile", path: "/startups/acme-robotics", heading: "Acme Robotics" },
  { name: "find-co-founders", path: "/co-founders/find", heading: "Find co-founders" },
  { name: "chat", path: "/chat", heading: "Messages" },
] as const;

const WIDTHS = [1440, 375] as const;

async function pageWidth(page: Page) {
  return page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
}

test.describe("look and feel", () => {
  test.beforeEach(async ({ context }) => {
    await login(context, "startup@launchpad.test", DEMO_PASSWORD);
  });

  for (const screen of SCREENS) {
    test(`${screen.path} in light and dark, at 1440 and 375 px`, async ({ page }, testInfo) => {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        for (const colorScheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme });
          await page.goto(screen.path);
          await expect(page.getByRole("heading", { level: 1, name: screen.heading })).toBeVisible();
          // The panel learns a phone's width from the page's script (a cookie), then lays itself out for it.
          if (width === 375) await expect(page.locator("[data-layout]").first()).not.toHaveAttribute("data-layout", "wide");
          const widths = await pageWidth(page);
          expect(widths.page, `${screen.path} ${colorScheme} ${width}px`).toBeLessThanOrEqual(widths.screen);
          if (screen.name === "events") {
            const cards = page.getByRole("listitem").filter({ has: page.getByTestId("event-cover") });
            await expect(cards.first()).toBeVisible();
            expect(await page.getByTestId("event-cover").count()).toBe(await page.locator("main ul.grid > li").count());
          }
          const path = testInfo.outputPath(`look-${screen.name}-${colorScheme}-${width}.png`);
          await page.screenshot({ path, fullPage: true, animations: "disabled" });
          await testInfo.attach(`${screen.name} ${colorScheme} ${width}px`, { path, contentType: "image/png" });
          await expectNoSeriousViolations(page, `${screen.path} (${colorScheme}, ${width}px)`);
        }
      }
    });
  }
});

/**
 * Every page of the panel on a phone, as the demo startup (whose events are 1 and 2, one free, one paid with
 * payments): none may be wider than the screen, nor use an id twice. Without JavaScript, once a page's script has told the server
 * the screen's width, so each page is laid out as a phone gets it on its first paint.
 */
test("no panel page is wider than a phone, nor gives two elements one id", async ({ browser, context, page }) => {
  await login(context, "startup@launchpad.test", DEMO_PASSWORD);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/dashboard");
  await expect(page.locator("[data-layout]").first()).not.toHaveAttribute("data-layout", "wide");
  const phone = await browser.newContext({
    storageState: await context.storageState(),
    javaScriptEnabled: false,
    viewport: { width: 375, height: 812 },
  });
  const tab = await phone.newPage();
  const tooWide: string[] = [];
  const repeatedIds: string[] = [];
  const paths = [...new Set(panelRoutes.flatMap(({ pattern }) => [fillPattern(pattern, "1"), fillPattern(pattern, "2")]))];
  for (const path of paths) {
    // A file (a CSV, a calendar) is no page: the browser downloads it, or shows it as it is (a sitemap's XML).
    const kind = await tab.goto(path).then(
      (response) => (/^text\/html/.test(response?.headers()["content-type"] ?? "") ? "page" : "file"),
      (error: Error) => (/Download is starting/.test(error.message) ? "file" : Promise.reject(error)),
    );
    if (kind === "file") continue;
    const widths = await pageWidth(tab);
    if (widths.page > widths.screen) tooWide.push(`${path}: ${widths.page} px`);
    // A label, an error or a description pointing at an id that two elements carry names the wrong one.
    const ids = await tab.evaluate(() => [...document.querySelectorAll("[id]")].map((element) => element.id));
    for (const id of new Set(ids.filter((id, i) => ids.indexOf(id) !== i))) repeatedIds.push(`${path}: #${id}`);
  }
  await phone.close();
  expect(paths.length).toBeGreaterThan(40);
  expect(tooWide).toEqual([]);
  expect(repeatedIds).toEqual([]);
});
