import type { BrowserContext } from "@playwright/test";
import { expect, test, toast } from "./fixtures";

const viewportCookieOf = async (context: BrowserContext) => (await context.cookies()).find((cookie) => cookie.name === "viewport");

test("going offline and back shows the connectivity toasts", async ({ page, context, startupUser }) => {
  expect(startupUser.email).toBeTruthy();
  await page.goto("/");
  await expect(page.getByRole("heading", { name: /^Welcome, / })).toBeVisible();
  // The toaster is fetched right after hydration (app/components/feedback/toaster.tsx); its live region
  // being there means it has arrived, as it has long before anybody's network drops.
  await expect(page.locator('section[aria-label^="Notifications"]')).toBeAttached();
  await context.setOffline(true);
  const offline = toast(page, "You've gone offline");
  await expect(offline).toBeVisible();
  await expect(offline).toHaveClass(/Toastify__toast-theme--colored/);
  await context.setOffline(false);
  const online = toast(page, "You are back online");
  await expect(online).toBeVisible();
  await expect(online).toHaveClass(/Toastify__toast-theme--colored/);
});

test("toasts sit top-center, dark, without a progress bar", async ({ page, startupUser }) => {
  expect(startupUser.email).toBeTruthy();
  await page.goto("/account");
  await page.getByLabel("Name").fill("Renamed Person");
  await page.getByRole("button", { name: "Save profile" }).click();
  const saved = toast(page, "Your account has been updated.");
  await expect(saved).toBeVisible();
  await expect(saved).toHaveClass(/Toastify__toast-theme--dark/);
  await expect(page.locator(".Toastify__toast-container--top-center")).toBeVisible();
  await expect(saved.locator(".Toastify__progress-bar--wrp")).toHaveCount(0);
  await expect(page.getByTestId("user-menu")).toContainText("Renamed Person");
});

test.describe("viewport cookie", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("names the breakpoint in a year-long, SameSite=Strict, Secure cookie on every path, and the server uses it", async ({
    page,
    context,
    startupUser,
  }) => {
    expect(startupUser.email).toBeTruthy();
    await page.goto("/");
    await expect.poll(async () => (await viewportCookieOf(context))?.value).toBe("desktopMedium");
    const cookie = (await viewportCookieOf(context))!;
    expect(cookie.path).toBe("/");
    expect(cookie.sameSite).toBe("Strict");
    expect(cookie.secure).toBe(true);
    const days = (cookie.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);
    await expect(page.locator("[data-layout]")).toHaveAttribute("data-layout", "wide");

    await page.setViewportSize({ width: 400, height: 800 });
    await expect.poll(async () => (await viewportCookieOf(context))?.value).toBe("mobileMedium");
    await expect(page.locator("[data-layout]")).toHaveAttribute("data-layout", "compact");

    // The first paint of the next page already has the compact layout: the server read the cookie.
    const html = await (await page.request.get("/")).text();
    expect(html).toContain('data-layout="compact"');
  });
});

test.describe("the first page of a visit, before the browser has measured the screen", () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test("is laid out for a phone from the first paint: nothing moves when the script measures the screen", async ({
    page,
    context,
    startupUser,
  }) => {
    expect(startupUser.email).toBeTruthy();
    expect(await viewportCookieOf(context)).toBeUndefined();
    // What Cumulative Layout Shift adds up: every shift of the page's content, from the first paint on.
    await page.addInitScript(() => {
      const record = window as unknown as { layoutShifts: number };
      record.layoutShifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) record.layoutShifts += (entry as PerformanceEntry & { value: number }).value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("/events");
    await expect.poll(async () => (await viewportCookieOf(context))?.value).toBe("mobileMedium");
    await expect(page.locator("[data-layout]")).toHaveAttribute("data-layout", "compact");
    await expect(page.getByText("Menu", { exact: true })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { layoutShifts: number }).layoutShifts)).toBeLessThan(0.01);
  });

  for (const width of [412, 1280])
    test.describe(`without JavaScript, ${width} px wide`, () => {
      test.use({ javaScriptEnabled: false, viewport: { width, height: 900 } });

      test("the page shows the navigation the screen's width calls for", async ({ page, startupUser }) => {
        expect(startupUser.email).toBeTruthy();
        await page.goto("/events");
        await expect(page.locator("[data-layout]")).toHaveAttribute("data-layout", "responsive");
        const sidebar = page.locator("aside").getByRole("navigation", { name: "Main" });
        const menu = page.getByText("Menu", { exact: true });
        if (width < 1024) {
          await expect(menu).toBeVisible();
          await expect(sidebar).toBeHidden();
        } else {
          await expect(sidebar).toBeVisible();
          await expect(menu).toBeHidden();
          // The menu's copy of the navigation is hidden with it: one "Main" navigation for assistive technology.
          await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(1);
        }
      });
    });
});
