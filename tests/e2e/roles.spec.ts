import { expectNoSeriousViolations, expectNoSeriousViolationsInBothThemes } from "./a11y";
import { DEMO_PASSWORD, SUPER_ADMIN, adminRequest, expect, login, registerUser, setUpStartup, test, toast } from "./fixtures";
import { PHONE_AND_DESKTOP, expectInView, expectNoSideScroll } from "./layout";

/** The seeded admin: every permission but role write, so not those of a super admin. */
const ADMIN = "admin@launchpad.test";

test("an admin unticks a role's permission and it takes effect on the holder's next request", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const roleName = `auditor-${Date.now().toString(36)}`;
  const admin = await adminRequest(playwright, baseURL!);
  const { role } = await admin.call("POST", "/api/v1/admin/roles", { name: roleName, permissions: ["user read"] });

  // The holder: a startup user who is also given the new role.
  const holderContext = await browser.newContext();
  await holderContext.addInitScript(() => window.localStorage.setItem("introComplete", "true"));
  const holder = await registerUser(holderContext, "Hal Holder");
  await setUpStartup(holderContext);
  const { data } = await admin.call("GET", `/api/v1/admin/users?search=${encodeURIComponent(holder.email)}`);
  await admin.call("PUT", `/api/v1/admin/users/${holder.id}/roles`, {
    roles: [...data[0].roles.map((r: { id: number }) => r.id), role.id],
  });
  await admin.dispose();
  const holderPage = await holderContext.newPage();
  await holderPage.goto("/user-management/users");
  await expect(holderPage.getByRole("heading", { name: "Users" })).toBeVisible();
  await expect(holderPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Users" })).toBeVisible();

  // The super admin edits the role in the panel.
  await page.goto("/login");
  await page.getByLabel("Email").fill(SUPER_ADMIN);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Roles" }).click();
  await page.getByRole("searchbox", { name: "Search roles" }).fill(roleName);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByTestId(`role-${roleName}`).getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { name: `Edit role: ${roleName}` })).toBeVisible();
  await page.getByRole("checkbox", { name: "user read" }).uncheck();
  await page.getByRole("checkbox", { name: "role read" }).check();
  await page.getByRole("button", { name: "Save role" }).click();
  await expect(toast(page, "Role updated.")).toBeVisible();
  await expect(page.getByTestId(`role-${roleName}`)).toContainText("role read");
  await expect(page.getByTestId(`role-${roleName}`)).not.toContainText("user read");

  // The holder's very next request sees the change.
  await holderPage.reload();
  await expect(holderPage.getByTestId("error-status")).toHaveText("403");
  await holderPage.goto("/user-management/roles");
  await expect(holderPage.getByRole("heading", { name: "Roles" })).toBeVisible();
  await expect(holderPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Users" })).toHaveCount(0);
  await holderContext.close();
});

test("an admin is offered only what they may do: nothing that touches the super admin, and Deactivate asks first", async ({
  page,
  context,
  browser,
}) => {
  const other = await browser.newContext();
  const target = await registerUser(other, "Tom Target");
  await other.close();
  await login(context, ADMIN, DEMO_PASSWORD);

  await page.goto(`/user-management/users?search=${encodeURIComponent(SUPER_ADMIN)}`);
  const root = page.getByRole("row").filter({ hasText: SUPER_ADMIN });
  await root.locator("summary").click();
  await expect(root.getByRole("link", { name: "Deactivate" })).toHaveCount(0);
  await expect(root.getByRole("checkbox", { name: "admin", exact: true })).toBeVisible();
  await expect(root.getByRole("checkbox", { name: "super admin" })).toHaveCount(0);
  await expect(root).toContainText("Kept as they are: super admin");

  await page.goto(`/user-management/users?search=${encodeURIComponent(target.email)}`);
  const row = page.getByTestId(`user-row-${target.id}`);
  await row.getByRole("link", { name: "Deactivate" }).click();
  await expect(row.getByRole("button", { name: "Yes, deactivate" })).toBeFocused();
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousViolations(page, `/user-management/users, confirming a deactivation (${colorScheme})`);
  }
  await row.getByRole("button", { name: "Yes, deactivate" }).click();
  await expect(toast(page, "User deactivated.")).toBeVisible();
  await expect(row).toContainText("Deactivated");
  await row.getByRole("button", { name: "Reactivate" }).click();
  await expect(row.getByRole("link", { name: "Deactivate" })).toBeVisible();
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("an admin creates a role, assigns it, deactivates and reactivates a user", async ({ page, browser }) => {
    const other = await browser.newContext();
    const target = await registerUser(other, "Tina Target");
    await other.close();

    await page.goto("/login");
    await page.getByLabel("Email").fill(SUPER_ADMIN);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.goto("/user-management/roles/new");
    const roleName = `mentor-${Date.now().toString(36)}`;
    await page.getByLabel("Name").fill(roleName);
    await page.getByRole("checkbox", { name: "resource center read" }).check();
    await page.getByRole("button", { name: "Create role" }).click();
    await expect(page).toHaveURL(/\/user-management\/roles$/);

    await page.goto(`/user-management/users?search=${encodeURIComponent(target.email)}`);
    const row = page.getByTestId(`user-row-${target.id}`);
    await row.locator("summary").click();
    await row.getByRole("checkbox", { name: roleName }).check();
    await row.getByRole("button", { name: "Save roles" }).click();
    await expect(page.getByTestId(`user-row-${target.id}`)).toContainText(roleName);

    // Deactivating asks first, on a page of its own: Cancel leaves the user as they were.
    await page.getByTestId(`user-row-${target.id}`).getByRole("link", { name: "Deactivate" }).click();
    await page.getByTestId(`user-row-${target.id}`).getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByTestId(`user-row-${target.id}`)).toContainText("Active");
    await page.getByTestId(`user-row-${target.id}`).getByRole("link", { name: "Deactivate" }).click();
    await expect(page.getByTestId(`user-row-${target.id}`)).toContainText("They are logged out everywhere at once");
    await page.getByTestId(`user-row-${target.id}`).getByRole("button", { name: "Yes, deactivate" }).click();
    await expect(page.getByTestId(`user-row-${target.id}`)).toContainText("Deactivated");
    await expect(page).not.toHaveURL(/deactivate=/);
    await page.getByTestId(`user-row-${target.id}`).getByRole("button", { name: "Reactivate" }).click();
    await expect(page.getByTestId(`user-row-${target.id}`)).toContainText("Active");
  });

  test("the role form shows a server-side error next to the field", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(SUPER_ADMIN);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.goto("/user-management/roles/new");
    await page.getByLabel("Name").fill("Admin");
    await page.getByRole("button", { name: "Create role" }).click();
    await expect(page.getByText("The name has already been taken.")).toBeVisible();
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the users list at ${PHONE_AND_DESKTOP.join(" and ")} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a row's Roles and Deactivate, the roles editor and the confirmation all stay inside the screen", async ({
      page,
      context,
      browser,
    }) => {
      const other = await browser.newContext();
      const target = await registerUser(other, "Wanda Width");
      await other.close();
      await login(context, ADMIN, DEMO_PASSWORD);
      const row = page.getByTestId(`user-row-${target.id}`);
      for (const width of PHONE_AND_DESKTOP) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/user-management/users?search=${encodeURIComponent(target.email)}`);
        // With JavaScript the panel learns a phone's width from its script, then lays itself out for it.
        if (javaScriptEnabled && width === 375)
          await expect(page.locator("[data-layout]").first()).not.toHaveAttribute("data-layout", "wide");
        const roles = row.locator("summary", { hasText: "Roles" });
        await expect(roles).toBeVisible();
        await expectInView(page, roles);
        await expectInView(page, row.getByRole("link", { name: "Deactivate" }));
        await roles.click();
        const save = row.getByRole("button", { name: "Save roles" });
        await expect(save).toBeInViewport();
        await expectInView(page, save);
        await expectNoSideScroll(page);
        await roles.click();

        await row.getByRole("link", { name: "Deactivate" }).click();
        const confirmation = row.getByRole("group", { name: /^Deactivate Wanda Width\?/ });
        await expect(confirmation).toBeVisible();
        await expectInView(page, confirmation);
        await expectInView(page, confirmation.getByRole("button", { name: "Yes, deactivate" }));
        await expectInView(page, confirmation.getByRole("link", { name: "Cancel" }));
        await expectNoSideScroll(page);
        if (javaScriptEnabled) await expectNoSeriousViolationsInBothThemes(page, `/user-management/users, confirming at ${width} px`);
        await confirmation.getByRole("link", { name: "Cancel" }).click();
        await expect(confirmation).toHaveCount(0);
        await expect(row).toContainText("Active");
      }
    });
  });
}
