import { expect, type Locator, type Page } from "@playwright/test";

/** The widths every screen is checked at: a phone and a desktop. */
export const PHONE_AND_DESKTOP = [375, 1440] as const;

/** Inside the window's width, as drawn (not scrolled to). */
export async function expectInView(page: Page, element: Locator) {
  const box = await element.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, "drawn").not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `right edge within ${width}px`).toBeLessThanOrEqual(width);
}

/** Nothing wider than the window: the page never scrolls sideways. */
export async function expectNoSideScroll(page: Page) {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(widths.page, `${page.url()} no wider than the ${widths.screen}px window`).toBeLessThanOrEqual(widths.screen);
}
