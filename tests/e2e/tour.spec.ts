import { expect, test } from "./fixtures";

test.describe("onboarding tour", () => {
  test.use({ showTour: true });

  test("starts on the first visit, Skip ends it for good", async ({ page, startupUser }) => {
    expect(startupUser.email).toBeTruthy();
    await page.goto("/");
    const step = page.locator(".shepherd-element:visible");
    await expect(step).toContainText("Welcome to Launchpad");
    await expect(page.locator(".shepherd-modal-overlay-container")).toHaveCSS("opacity", "0.6");
    await page.getByRole("button", { name: "Skip" }).click();
    await expect(step).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("introComplete"))).toBe("true");
    await page.reload();
    await expect(page.getByRole("heading", { name: /^Welcome, / })).toBeVisible();
    await expect(page.locator(".shepherd-element:visible")).toHaveCount(0);
    // Taken again on purpose from the user menu.
    await page.getByTestId("user-menu").locator("summary").click();
    await page.getByRole("button", { name: "Take the tour" }).click();
    await expect(step).toContainText("Welcome to Launchpad");
    await expect(page.getByRole("button", { name: "Take the tour" })).toBeHidden();
  });

  test("walks the user's first screens in at most seven steps and ends with Done", async ({ page, startupUser }) => {
    expect(startupUser.email).toBeTruthy();
    await page.goto("/");
    await expect(page.locator(".shepherd-element:visible")).toContainText("Welcome to Launchpad");
    // A startup owner's first tasks, at most six screens after the welcome; the last offers Done.
    for (const [target, text] of [
      ["nav-event-forms", "Build free or paid application forms and review who applied."],
      ["nav-co-founders-find", "Search co-founder profiles, best matches for your startup first."],
      ["nav-events", "Find events from the community and apply to them."],
      ["nav-event-applications", "Follow the events you applied to, or cancel an application."],
      ["nav-startups", "Browse startups and organizations, follow them and save favorites."],
      ["nav-chat", "Chat one to one with startups and co-founders; start from their profile's Message button."],
    ]) {
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page.locator(".shepherd-element:visible")).toContainText(text);
      await expect(page.locator(`[data-tour="${target}"]`)).toHaveClass(/shepherd-target/);
    }
    const done = page.getByRole("button", { name: "Done" });
    await expect(page.getByRole("button", { name: "Next" })).toHaveCount(0);
    await done.click();
    await expect(page.locator(".shepherd-element:visible")).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("introComplete"))).toBe("true");
  });
});
