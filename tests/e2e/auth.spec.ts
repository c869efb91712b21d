import { expectNoSeriousViolationsInBothThemes } from "./a11y";
import { DEMO_PASSWORD, PASSWORD, expect, registerUser, setUpStartup, test, uniqueEmail } from "./fixtures";
import { PHONE_AND_DESKTOP, expectInView, expectNoSideScroll } from "./layout";

test.describe("register and log in", () => {
  test("a new user registers and is sent to profile setup", async ({ page }) => {
    await page.goto("/register");
    await page.getByLabel("Name").fill("Rita Register");
    await page.getByLabel("Email").fill(uniqueEmail());
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/setup$/);
    await expect(page.getByRole("heading", { name: "Welcome, Rita Register" })).toBeVisible();
  });

  test("registration errors show next to each field", async ({ page }) => {
    await page.goto("/register");
    await page.getByLabel("Name").fill("Rita");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm password").fill("other");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("The email field must be a valid email address.")).toBeVisible();
    await expect(page.getByText("The password field must be at least 8 characters.")).toBeVisible();
  });

  test("log in, then log out from the user menu", async ({ page, context }) => {
    const { email } = await registerUser(context, "Lou Login");
    await setUpStartup(context);
    await context.clearCookies();
    await page.goto("/");
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("wrong password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByText("These credentials do not match our records.")).toBeVisible();
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Welcome, Lou" })).toBeVisible();

    await page.getByTestId("user-menu").locator("summary").click();
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/account");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
  });

  test("login brings the user back where they were headed", async ({ page }) => {
    await page.goto("/user-management/users?search=cole");
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await page.getByLabel("Email").fill("superadmin@launchpad.test");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/user-management\/users\?search=cole$/);
    await expect(page.getByText("cofounder@launchpad.test")).toBeVisible();
  });

  test("after 5 failed logins the form says when to try again", async ({ page, context }) => {
    const { email } = await registerUser(context);
    await context.clearCookies();
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    for (let attempt = 0; attempt < 5; attempt++) {
      await page.getByLabel("Password").fill(`wrong ${attempt}`);
      // The message from the previous attempt is still on screen, so wait for this attempt's answer
      // itself: a click made before it arrives would cancel the submission in flight.
      const answered = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/login"));
      await page.getByRole("button", { name: "Log in" }).click();
      await answered;
      await expect(page.getByText("These credentials do not match our records.")).toBeVisible();
    }
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByText(/Too many login attempts\. Please try again in \d+ (seconds?|minutes?)\./).first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("register, log out and log in with plain forms", async ({ page }) => {
    const email = uniqueEmail("nojs");
    await page.goto("/register");
    await expect(page.getByRole("main").getByRole("heading")).toBeVisible();
    await page.getByLabel("Name").fill("Nora NoScript");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/setup$/);
    await expect(page.getByRole("main")).toContainText("Welcome, Nora NoScript");

    // Not set up yet, and still free to leave: /setup has its own Log out.
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("main").getByRole("button", { name: "Log in" })).toBeVisible();
    await page.goto("/setup");
    await expect(page).toHaveURL(/\/login/);
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("wrong password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByText("These credentials do not match our records.")).toBeVisible();
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    // Not set up yet: the admin layout sends the user to setup.
    await expect(page).toHaveURL(/\/setup$/);
  });
});

/** The guest pages, each with its heading and its form's button: one main landmark holds the page, on a phone and a desktop. */
const GUEST_PAGES = [
  { path: "/login", heading: "Log in", button: "Log in" },
  { path: "/register", heading: "Create your account", button: "Create account" },
  { path: "/forgot-password", heading: "Forgot your password?", button: "Send me a link" },
] as const;

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the guest pages at ${PHONE_AND_DESKTOP.join(" and ")} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("one main landmark holds the heading and the form, nothing wider than the screen", async ({ page }) => {
      for (const width of PHONE_AND_DESKTOP) {
        await page.setViewportSize({ width, height: 800 });
        for (const guest of GUEST_PAGES) {
          await page.goto(guest.path);
          const main = page.getByRole("main");
          await expect(main).toHaveCount(1);
          await expect(main).toHaveAttribute("id", "main-content");
          await expect(main.getByRole("heading", { level: 1, name: guest.heading })).toBeVisible();
          const submit = main.getByRole("button", { name: guest.button });
          await expect(submit).toBeVisible();
          await expectInView(page, main);
          await expectInView(page, submit);
          await expectNoSideScroll(page);
          if (javaScriptEnabled) await expectNoSeriousViolationsInBothThemes(page, `${guest.path} at ${width} px`);
        }
      }
    });
  });
}
