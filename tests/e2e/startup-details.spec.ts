import { expectNoSeriousViolations } from "./a11y";
import { expect, test, toast } from "./fixtures";

/** 28 fields in all: Basics has 5, so completing it alone is floor(5 × 100 / 28) = 17 %. */
const AFTER_BASICS = 17;

const overall = (page: import("@playwright/test").Page) => page.getByRole("progressbar", { name: "Overall completeness" });

for (const javaScriptEnabled of [true, false]) {
  test.describe(`startup details, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("complete a category: errors per field, then the meter rises", async ({ page, startupUser }) => {
      expect(startupUser.id).toBeGreaterThan(0);
      await page.goto("/startup-details");
      await expect(page.getByRole("heading", { name: "Startup details", level: 1 })).toBeVisible();
      await expect(overall(page)).toHaveAttribute("aria-valuenow", "0");
      // axe needs scripts in the page; the JS-off pass checks the same markup's behaviour only.
      if (javaScriptEnabled) await expectNoSeriousViolations(page, "/startup-details");

      await page.getByRole("link", { name: "Edit Basics" }).click();
      await expect(page).toHaveURL(/\/complete-startup-details\/1$/);
      await expect(page.getByRole("heading", { name: "Basics", level: 1 })).toBeVisible();
      if (javaScriptEnabled) await expectNoSeriousViolations(page, "/complete-startup-details/{id}");

      // A required field left blank and an impossible URL: refused per field (by the server when JS is off).
      await page.getByLabel("One-line pitch *").fill("Robots for small warehouses");
      await page.getByLabel("Founded on *").fill("2024-03-01");
      await page.getByRole("button", { name: "Save details" }).click();
      await expect(page.getByText("The legal name field is required.")).toBeVisible();
      await expect(page.getByLabel("Legal name *")).toHaveAttribute("aria-invalid", "true");

      await page.getByLabel("Legal name *").fill("E2E Robotics Ltd");
      await page.getByLabel("Headquarters address").fill("1 Marina, Lagos");
      await page.getByLabel("Website").fill("https://e2e-robotics.example.com");
      await page.getByRole("button", { name: "Save details" }).click();
      await expect(page).toHaveURL(/\/startup-details$/);
      // Toasts are drawn by scripts: without them there is no toast (the flash cookie lapses after a minute).
      if (javaScriptEnabled) await expect(toast(page, "Startup details saved")).toBeVisible();
      await expect(overall(page)).toHaveAttribute("aria-valuenow", String(AFTER_BASICS));
      await expect(page.getByRole("progressbar", { name: "Basics completion" })).toHaveAttribute("aria-valuenow", "100");

      // The saved answers come back in the form.
      await page.goto("/complete-startup-details/1");
      await expect(page.getByLabel("Legal name *")).toHaveValue("E2E Robotics Ltd");
      await expect(page.getByLabel("Founded on *")).toHaveValue("2024-03-01");
    });
  });
}

test("home links to the unfinished details; an unknown category is a 404 screen", async ({ page, startupUser }) => {
  expect(startupUser.id).toBeGreaterThan(0);
  await page.goto("/");
  await page.getByRole("link", { name: "Complete your startup details (0%)" }).click();
  await expect(page).toHaveURL(/\/startup-details$/);

  for (const id of ["99", "abc"]) {
    const response = await page.goto(`/complete-startup-details/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Detail category not found")).toBeVisible();
  }
});
