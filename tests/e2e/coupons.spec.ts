import { expect, registerUser, setUpCoFounder, test, toast } from "./fixtures";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`coupon codes, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("create a coupon, refuse a duplicate, deactivate it, and delete it", async ({ page, startupUser }) => {
      expect(startupUser.email).toBeTruthy();
      const code = `SAVE${Date.now().toString(36).toUpperCase()}${javaScriptEnabled ? "J" : "N"}`;
      await page.goto("/coupon-codes");
      await page.getByLabel("Code", { exact: true }).fill(code);
      await page.getByLabel("Value").fill("20");
      await page.getByLabel("Maximum uses (optional)").fill("10");
      await page.getByRole("button", { name: "Create coupon" }).click();
      const row = page.getByTestId(`coupon-${code}`);
      await expect(row).toContainText("20%");
      await expect(row).toContainText("0 / 10");
      await expect(row).toContainText("active");
      if (javaScriptEnabled) await expect(toast(page, "Coupon code created.")).toBeVisible();

      await page.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
      await page.getByLabel("Value").fill("5");
      await page.getByRole("button", { name: "Create coupon" }).click();
      await expect(page.getByText("The code has already been taken.")).toBeVisible();

      await page.goto("/coupon-codes");
      await page.getByTestId(`coupon-${code}`).getByRole("button", { name: "Deactivate" }).click();
      await expect(page.getByTestId(`coupon-${code}`)).toContainText("inactive");

      await page.getByTestId(`coupon-${code}`).getByRole("link", { name: "Delete…" }).click();
      await page.getByTestId(`coupon-${code}`).getByRole("button", { name: "Yes, delete" }).click();
      await expect(page.getByTestId(`coupon-${code}`)).toHaveCount(0);
    });
  });
}

test("a co-founder without coupon permissions gets 403", async ({ page, context }) => {
  await registerUser(context, "Cora Cofounder");
  await setUpCoFounder(context);
  const response = await page.goto("/coupon-codes");
  expect(response?.status()).toBe(403);
  await expect(page.getByTestId("error-message")).toHaveText("Access Forbidden");
});
