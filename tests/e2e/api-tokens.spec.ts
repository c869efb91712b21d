/**
 * API tokens as a person makes them on /account/tokens: chosen abilities and expiry, the token shown once,
 * used by another tool (a plain HTTP client with only the token), its last use listed, revoked.
 */
import { request as httpClient } from "@playwright/test";
import { expectNoSeriousViolationsInBothThemes } from "./a11y";
import { expect, said, test } from "./fixtures";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`API tokens, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("make a read-only token, use it from another tool, see its last use, revoke it", async ({ page, baseURL, startupUser }) => {
      await page.goto("/account");
      await page.getByRole("link", { name: "Manage API tokens" }).click();
      await expect(page.getByRole("heading", { name: "API tokens" })).toBeVisible();
      await expect(page.getByText("No API tokens")).toBeVisible();
      if (javaScriptEnabled) await expectNoSeriousViolationsInBothThemes(page, "/account/tokens");

      // Nothing ticked: the page says so beside the abilities and keeps the name.
      await page.getByLabel("Name").fill("CRM sync");
      await page.getByRole("checkbox", { name: /^read/ }).uncheck();
      await page.getByRole("button", { name: "Make token" }).click();
      await expect(page.getByText("Choose at least one ability.")).toBeVisible();
      await expect(page.getByLabel("Name")).toHaveValue("CRM sync");

      await page.getByRole("checkbox", { name: /^read/ }).check();
      await page.getByLabel("Expires after").selectOption("30");
      await page.getByRole("button", { name: "Make token" }).click();
      const shown = page.getByTestId("new-token");
      await expect(shown).toBeVisible();
      const token = await shown.inputValue();
      expect(token.length).toBeGreaterThan(20);
      if (javaScriptEnabled) {
        await expectNoSeriousViolationsInBothThemes(page, "/account/tokens (made)");
        await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
        await page.getByRole("button", { name: "Copy" }).click();
        await expect(page.getByText("Copied.")).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
      } else {
        await expect(page.getByRole("button", { name: "Copy" })).toHaveCount(0);
      }

      // Another tool: no cookies, only the token. It reads as the person, and may not write.
      const tool = await httpClient.newContext({
        baseURL,
        extraHTTPHeaders: { Authorization: `Bearer ${token}`, Accept: "application/json" },
      });
      const me = await tool.get("/api/user");
      expect((await me.json()).email).toBe(startupUser.email);
      expect((await tool.post("/api/v1/admin/collections", { data: { name: "From the CRM" } })).status()).toBe(403);

      // A reload shows the list again: the token is gone from the page, and no second one was made.
      await expect(page.getByRole("link", { name: "Done: back to the list" })).toBeVisible();
      await page.reload();
      await expect(page.getByTestId("new-token")).toHaveCount(0);
      const row = page.getByRole("row").filter({ hasText: "CRM sync" });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("read");
      await expect(row).toContainText("from ");
      await expect(row).not.toContainText(token);

      // Revoking asks first; keeping it changes nothing.
      await row.getByRole("link", { name: "Revoke CRM sync…" }).click();
      await row.getByRole("link", { name: "Keep" }).click();
      await expect(row.getByRole("button", { name: "Yes, revoke" })).toHaveCount(0);
      await row.getByRole("link", { name: "Revoke CRM sync…" }).click();
      await row.getByRole("button", { name: "Yes, revoke" }).click();
      await said(page, javaScriptEnabled, "API token revoked.");
      await expect(page.getByText("No API tokens")).toBeVisible();
      expect((await tool.get("/api/user")).status()).toBe(401);
      await tool.dispose();
    });
  });
}
