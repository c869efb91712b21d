/**
 * The API reference (/api/docs): a token made on /account/tokens, authorized on the page, a call tried
 * against this server, and its curl example run as shown; without JavaScript, the list of described routes.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expectNoSeriousViolationsInBothThemes } from "./a11y";
import { apiCall, expect, test } from "./fixtures";

test.describe("the API reference, JavaScript on", () => {
  test("authorize with a token, try a call, and run its curl example", async ({ page, context, startupUser }) => {
    const made = await apiCall(context, "POST", "/api/user/tokens", { name: "Docs reader", abilities: ["read"], expires_at: null });
    await page.goto("/api/docs");
    // The reference draws the parts as they scroll into view; the filter brings one up by its name.
    await page.getByRole("textbox", { name: "Filter by part" }).fill("API tokens");
    const operation = page.locator("[id^=operations-][id$=-listApiTokens]");
    await expect(operation).toBeVisible();
    await expectNoSeriousViolationsInBothThemes(page, "/api/docs");

    await page.getByRole("button", { name: "Authorize" }).first().click();
    const bearer = page.locator(".auth-container", { has: page.locator("#auth-bearer-value") });
    await bearer.locator("#auth-bearer-value").fill(made.plain_text_token);
    await bearer.getByRole("button", { name: "Apply credentials" }).click();
    await expect(page.locator(".auth-container", { hasText: "(http, Bearer)" })).toContainText("Authorized");
    await page.locator(".modal-ux .btn-done").last().click();

    await operation.locator(".opblock-summary").click();
    await operation.getByRole("button", { name: "Try it out" }).click();
    await operation.getByRole("button", { name: "Execute" }).click();
    await expect(operation.locator(".live-responses-table tbody .response-col_status").first()).toHaveText("200");
    await expect(operation.locator(".responses-wrapper")).toContainText("Docs reader");

    // The curl shown is a command that works as it is.
    const curl = (await operation.locator(".curl-command pre, .request-snippets pre").first().innerText()).trim();
    expect(curl).toContain(`Authorization: Bearer ${made.plain_text_token}`);
    const { stdout } = await promisify(execFile)("bash", ["-c", curl]);
    expect(JSON.parse(stdout).data[0]).toMatchObject({ name: "Docs reader" });
    expect(startupUser.id).toBeGreaterThan(0);
  });
});

test.describe("the API reference, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("lists every described route and links the description", async ({ page }) => {
    await page.goto("/api/docs");
    const routes = page.getByRole("table", { name: "Described routes" });
    await expect(routes).toContainText("/api/user/tokens");
    await expect(routes).toContainText("/api/v1/admin/question_library/{id}");
    await expect(page.getByRole("link", { name: "/api/openapi.json" })).toHaveAttribute("href", "/api/openapi.json");
  });
});
