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
  });

  test("walks the real navigation and ends with Done", async ({ page, startupUser }) => {
    expect(startupUser.email).toBeTruthy();
    await page.goto("/");
    await expect(page.locator(".shepherd-element:visible")).toContainText("Welcome to Launchpad");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.locator(".shepherd-element:visible")).toContainText("Home shows your profile");
    await expect(page.locator('[data-tour="nav-home"]')).toHaveClass(/shepherd-target/);
    // On through every item a startup owner can open, each step waited for, to the last, which offers Done.
    for (const step of [
      "Your figures at a glance: applications, payments, followers and what is coming up.",
      "Everything you started and have not finished: application drafts and unpublished event forms.",
      "Change your name, email, avatar and password here.",
      "Your time zone, date format, theme, layout and which notifications you get.",
      "New followers, invitations, applications, payments and messages; the bell above shows the latest.",
      "Find events from the community and apply to them.",
      "Follow the events you applied to, or cancel an application.",
      "Group your event forms, for example by programme.",
      "Build free or paid application forms and review who applied.",
      "Create discount codes for your paid events.",
      "Connect Zoom or Google Meet to create meetings for your online events.",
      "Browse startups and organizations, follow them and save favorites.",
      "Search co-founder profiles, best matches for your startup first.",
      "Your startup's team: accepted co-founders and people you invited.",
      "Co-founder invitations you sent or received.",
      "Chat one to one with startups and co-founders; start from their profile's Message button.",
      "The startups, people and events you saved.",
      "Tell the community about your startup, one category at a time.",
      "Guides for founders, and frameworks such as the Lean Canvas to fill in, version and export.",
    ]) {
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page.locator(".shepherd-element:visible")).toContainText(step);
    }
    const done = page.getByRole("button", { name: "Done" });
    await expect(page.getByRole("button", { name: "Next" })).toHaveCount(0);
    await done.click();
    await expect(page.locator(".shepherd-element:visible")).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("introComplete"))).toBe("true");
  });
});
