import type { BrowserContext, Page } from "@playwright/test";
import type { CurrentUser } from "#schemas/auth";
import { expectNoSeriousViolationsInBothThemes } from "./a11y";
import { apiCall, DEMO_PASSWORD, expect, login, test, toast } from "./fixtures";

/**
 * One person in several organizations, and a panel that shows only what the member's role can use: the demo
 * reviewer (Acme Robotics' demo day, and Lagos Tech Hub) switches between the two in the header, with
 * JavaScript on and off, and the event forms follow; Acme's door volunteer sees no payments, coupons or forms.
 */

const REVIEWER = "reviewer@launchpad.test";
const DOOR = "door@launchpad.test";
const ACME_FORM = "Lagos Robotics Demo Day";
const HUB_FORM = "Founders & Coffee";

/** Logs the demo reviewer in and makes it act for Acme Robotics, whatever an earlier run left. */
async function reviewerAtAcme(context: BrowserContext) {
  await login(context, REVIEWER, DEMO_PASSWORD);
  const user = (await (await context.request.get("/api/user")).json()) as CurrentUser;
  expect(user.organizations.map((o) => o.name).sort()).toEqual(["Acme Robotics", "Lagos Tech Hub"]);
  const acme = user.organizations.find((o) => o.name === "Acme Robotics")!;
  await apiCall(context, "PUT", "/api/user/current-organization", { organization_id: acme.id });
}

async function switchTo(page: Page, organization: string) {
  await page.getByLabel("Acting for").selectOption({ label: organization });
  await page.getByRole("button", { name: "Switch" }).click();
}

const menu = (page: Page) => page.getByRole("navigation", { name: "Main" });
/** A form's title in the event forms table. */
const listed = (page: Page, title: string) => page.getByRole("table", { name: "Event forms" }).getByText(title, { exact: true });

// Both runs move the same demo account: one after the other.
test.describe.configure({ mode: "serial" });

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the organization switcher, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    /** The switch's message: a toast, or without JavaScript the notice at the top of the page. */
    const said = (page: Page, text: string) =>
      javaScriptEnabled ? expect(toast(page, text)).toBeVisible() : expect(page.getByTestId("flash-notice")).toHaveText(text);

    test("the reviewer of two organizations switches between them, and the event forms follow", async ({ page, context }) => {
      await reviewerAtAcme(context);
      await page.goto("/event-forms");
      await expect(listed(page, ACME_FORM)).toBeVisible();
      await expect(listed(page, HUB_FORM)).toHaveCount(0);
      // A reviewer reads responses but creates nothing: no button to make a form.
      await expect(page.getByRole("link", { name: /create/i })).toHaveCount(0);
      await expect(menu(page).getByRole("link", { name: "Coupon codes" })).toHaveCount(0);
      if (javaScriptEnabled) await expectNoSeriousViolationsInBothThemes(page, "/event-forms (with the organization switcher)");

      await switchTo(page, "Lagos Tech Hub (Reviewer)");
      await expect(page).toHaveURL(/\/event-forms$/);
      await said(page, "You are now acting for Lagos Tech Hub.");
      await expect(listed(page, HUB_FORM)).toBeVisible();
      await expect(listed(page, ACME_FORM)).toHaveCount(0);
      await expect(page.getByLabel("Acting for")).toHaveValue(/\d+/);

      await switchTo(page, "Acme Robotics (Reviewer)");
      await said(page, "You are now acting for Acme Robotics.");
      await expect(listed(page, ACME_FORM)).toBeVisible();
      await expect(listed(page, HUB_FORM)).toHaveCount(0);
    });
  });
}

test("the door volunteer sees the check-in of Acme's events, and no payments, coupons or forms", async ({ page, context }) => {
  await login(context, DOOR, DEMO_PASSWORD);
  await page.goto("/dashboard");
  for (const name of ["Coupon codes", "Event forms", "Collections", "Integrations", "Startup details"])
    await expect(menu(page).getByRole("link", { name })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /payments/i })).toHaveCount(0);
  await expect(menu(page).getByRole("link", { name: "Dashboard" })).toBeVisible();
  // One organization and no profile of their own: nothing to switch between.
  await expect(page.getByLabel("Acting for")).toHaveCount(0);
  await expectNoSeriousViolationsInBothThemes(page, "/dashboard (door)");

  await page.getByRole("link", { name: ACME_FORM }).click();
  await expect(page).toHaveURL(/\/event-forms\/check-in\/\d+$/);
  await expect(page.getByText("Access Forbidden")).toHaveCount(0);
  await expect(menu(page).getByRole("link", { name: "Coupon codes" })).toHaveCount(0);
});
