import type { Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./a11y";
import { DEMO_PASSWORD, SUPER_ADMIN, apiCall, expect, login, publishedEventForm, test } from "./fixtures";

/** No serious or critical axe violations (WCAG 2.x A/AA) on the panel's main screens. */

/** Loads the page and waits for the client to settle (hydrated, the preview and lazy chunks in). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
}

test.describe("axe, startup owner", () => {
  test("the event form builder, create, as free and as paid, with every kind of question in the preview", async ({
    page,
    context,
    startupUser,
  }) => {
    expect(startupUser.email).toBeTruthy();
    const { collection } = await apiCall(context, "POST", "/api/v1/admin/collections", { name: `A11y ${Date.now().toString(36)}` });
    await open(page, `/event-forms/create?collection_id=${collection.id}`);
    await expect(page.getByRole("heading", { name: "New event form" })).toBeVisible();
    await expectNoSeriousViolations(page, "builder (create, free)", { soft: true });

    // Questions of the kinds the preview draws differently: a text box, a group of choices, a list, a file.
    for (const [index, question] of [
      { label: "Your pitch", type: "long_text" },
      { label: "Stage", type: "single_choice", options: "Idea\nMVP" },
      { label: "Track", type: "dropdown", options: "Main\nSide" },
      { label: "Pitch deck", type: "file" },
    ].entries()) {
      await page.getByRole("button", { name: "Add question" }).click();
      const item = page.getByTestId(`custom-question-${index}`);
      await item.getByLabel("Question", { exact: true }).fill(question.label);
      await item.getByLabel("Answer type").selectOption(question.type);
      if (question.options) await item.getByLabel("Options, one per line").fill(question.options);
    }
    await page.getByRole("radio", { name: "Paid" }).check();
    await expect(page.getByTestId("builder-preview")).toContainText("Pitch deck");
    await expectNoSeriousViolations(page, "builder (create, paid, with questions)");
  });

  test("the event form builder, edit", async ({ page, context, startupUser }) => {
    expect(startupUser.email).toBeTruthy();
    const form = await publishedEventForm(context);
    await open(page, `/event-forms/edit/${form.id}`);
    await expect(page.getByRole("heading", { name: form.title })).toBeVisible();
    await expectNoSeriousViolations(page, "builder (edit)");
  });

  test("the lists and the account page", async ({ page, context, startupUser }) => {
    expect(startupUser.email).toBeTruthy();
    // Something in each list, so rows, badges and actions are checked too.
    await publishedEventForm(context, { title: "Accessible workshop" });
    await apiCall(context, "POST", "/api/v1/admin/coupon_codes", {
      code: `A11Y${Date.now().toString(36).toUpperCase()}`,
      discount_type: "percentage",
      value: 10,
    });
    for (const path of ["/collections", "/event-forms", "/events", "/coupon-codes", "/account"]) {
      await test.step(path, async () => {
        await open(page, path);
        await expect(page.getByRole("main")).toBeVisible();
        await expectNoSeriousViolations(page, path, { soft: true });
      });
    }
  });
});

test("user management, as the super admin", async ({ page, context }) => {
  await login(context, SUPER_ADMIN, DEMO_PASSWORD);
  for (const path of ["/user-management/users", "/user-management/roles"]) {
    await test.step(path, async () => {
      await open(page, path);
      await expect(page.getByRole("main")).toBeVisible();
      await expectNoSeriousViolations(page, path, { soft: true });
    });
  }
});

test("the login and register pages", async ({ page }) => {
  for (const path of ["/login", "/register"]) {
    await test.step(path, async () => {
      await open(page, path);
      await expectNoSeriousViolations(page, path, { soft: true });
    });
  }
});

test.describe("with the onboarding tour showing", () => {
  test.use({ showTour: true });

  test("the first step and a step attached to the navigation", async ({ page, startupUser }) => {
    expect(startupUser.email).toBeTruthy();
    await open(page, "/");
    const step = page.locator(".shepherd-element:visible");
    await expect(step).toContainText("Welcome to Launchpad");
    await expectNoSeriousViolations(page, "tour (welcome step)", { soft: true });
    await page.getByRole("button", { name: "Next" }).click();
    await expect(step).toContainText("Build free or paid application forms");
    await expectNoSeriousViolations(page, "tour (navigation step)");
  });
});

test("the skip link is the first stop and moves focus to the main region", async ({ page, startupUser }) => {
  expect(startupUser.email).toBeTruthy();
  await open(page, "/collections");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
  await expect(page.getByRole("main")).toHaveAttribute("id", "main-content");
  // The next Tab continues inside the main region, not back in the navigation.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);
});
