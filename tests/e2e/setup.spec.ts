import type { Page } from "@playwright/test";
import { expectNoSeriousViolations, expectNoSeriousViolationsInBothThemes } from "./a11y";
import { expect, fillCoFounder, registerUser, test } from "./fixtures";
import { PHONE_AND_DESKTOP, expectInView, expectNoSideScroll } from "./layout";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

async function fillStartup(page: Page, username: string) {
  await page.getByLabel("Name", { exact: true }).fill("Orbit Labs");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await page.getByLabel("Country").selectOption("KE");
  await page.getByLabel("City").fill("Nairobi");
  await page.getByLabel("Description").fill("Satellite data for farmers.");
  await page.getByLabel("Industry").selectOption("Agriculture");
  await page.getByLabel(/^Stage/).selectOption("Pre-seed");
  await page.getByLabel("Website (optional)").fill("https://orbit.example.com");
  await page.getByLabel("Link 1").fill("https://x.com/orbitlabs");
}

const username = () => `orbit-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;

for (const javaScriptEnabled of [true, false]) {
  test.describe(`profile setup, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    for (const type of ["startup", "organization"] as const) {
      test(`sets up a${type === "organization" ? "n" : ""} ${type} and lands on home after 2 seconds`, async ({ page, context }) => {
        await registerUser(context, "Sue Setup");
        await page.goto("/setup");
        await page.getByRole("link", { name: new RegExp(`^${type}`, "i") }).click();
        await expect(page).toHaveURL(new RegExp(`type=${type}`));
        await fillStartup(page, username());
        const submitted = Date.now();
        await page.getByRole("button", { name: "Save and continue" }).click();
        const noun = type === "startup" ? "Startup" : "Organization";
        await expect(page.getByRole("status")).toHaveText(`${noun} set up successfully. Redirecting to the admin panel...`);
        await expect(page).toHaveURL(/\/$/, { timeout: 8_000 });
        expect(Date.now() - submitted).toBeGreaterThanOrEqual(1_900);
        await expect(page.getByTestId("profile-summary")).toContainText("Orbit Labs");
        await expect(page.getByTestId("profile-summary")).toContainText(noun);
        // The logo (the country's flag follows it).
        await expect(page.getByTestId("profile-summary").locator("img").first()).toHaveAttribute("src", /\/api\/v1\/files\//);
      });
    }

    test("sets up a co-founder profile", async ({ page, context }) => {
      await registerUser(context, "Cora Founder");
      await page.goto("/setup");
      await page.getByRole("link", { name: /^co-founder/i }).click();
      await fillCoFounder(page);
      await page.getByRole("button", { name: "Save and continue" }).click();
      await expect(page.getByRole("status")).toHaveText("Profile set up successfully. Redirecting to the admin panel...");
      await expect(page).toHaveURL(/\/$/, { timeout: 8_000 });
      await expect(page.getByTestId("profile-summary")).toContainText("Designer looking for a technical co-founder");
      await expect(page.getByTestId("profile-summary")).toContainText("Research");
    });

    test("shows each field's error and the form's 'Error setting up startup' message", async ({ page, context }) => {
      await registerUser(context);
      await page.goto("/setup?type=startup");
      await page.getByLabel("Username").fill("Bad Name!");
      await page.getByRole("button", { name: "Save and continue" }).click();
      await expect(page.getByText("Error setting up startup. Make sure you've filled the form correctly").first()).toBeVisible();
      await expect(page.getByText("The name field is required.")).toBeVisible();
      await expect(page.getByText(/The username must be 3 to 30 letters/)).toBeVisible();
      await expect(page.getByText("The stage field is required for a startup.")).toBeVisible();
      await expect(page.getByText("Each link must be a URL.")).toHaveCount(0);
    });

    test("a taken username comes back from the server as a field error", async ({ page, context }) => {
      await registerUser(context);
      await page.goto("/setup?type=startup");
      await fillStartup(page, "acme-robotics");
      await page.getByRole("button", { name: "Save and continue" }).click();
      await expect(page.getByText("The username has already been taken.")).toBeVisible();
      await expect(page.getByText("Error setting up startup. Make sure you've filled the form correctly").first()).toBeVisible();
    });

    test("goes on to the event form named by form_id", async ({ page, context }) => {
      await registerUser(context);
      // A published demo event, as a link from an invitation would name it.
      const events = await (await context.request.get("/api/v1/site/events?search=Founders")).json();
      const event = events.data[0] as { id: number; title: string };
      await page.goto(`/setup?form_id=${event.id}`);
      await page.getByRole("link", { name: /^co-founder/i }).click();
      await fillCoFounder(page);
      await page.getByRole("button", { name: "Save and continue" }).click();
      await expect(page).toHaveURL(new RegExp(`/form-submission\\?form_id=${event.id}$`), { timeout: 8_000 });
      await expect(page.getByRole("heading", { name: event.title })).toBeVisible();
    });
  });
}

test("the co-founder failure message is the profile one, and a startup failure does not follow the switch", async ({ page, context }) => {
  await registerUser(context);
  await page.goto("/setup?type=startup");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByTestId("setup-failure")).toHaveText("Error setting up startup. Make sure you've filled the form correctly");
  await page.getByRole("link", { name: /^co-founder/i }).click();
  await expect(page.getByRole("heading", { name: "Your co-founder profile" })).toBeVisible();
  await expect(page.getByTestId("setup-failure")).toHaveCount(0);
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByText("Error setting up profile. Make sure you've filled the form correctly").first()).toBeVisible();
  await expect(page.getByText("The headline field is required.")).toBeVisible();
});

test("setup is closed once the profile is set up", async ({ page, startupUser }) => {
  expect(startupUser.email).toContain("@");
  await page.goto("/setup");
  await expect(page).toHaveURL(/\/$/);
});

test("a logged-in user without a profile is sent to setup from any admin page, and may log out there", async ({ page, context }) => {
  await registerUser(context);
  await page.goto("/account");
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole("main").getByRole("heading", { name: /^Welcome/ })).toBeVisible();
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousViolations(page, `/setup (${colorScheme})`);
  }
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("main").getByRole("heading")).toBeVisible();
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`/setup at ${PHONE_AND_DESKTOP.join(" and ")} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("Log out stays in sight beside the welcome, nothing is wider than the screen, and it logs out", async ({ page, context }) => {
      await registerUser(context, "Lou Layout");
      const logOut = page.getByRole("main").getByRole("button", { name: "Log out" });
      for (const width of PHONE_AND_DESKTOP) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto("/setup");
        await expect(page.getByRole("main").getByRole("heading", { level: 1, name: "Welcome, Lou Layout" })).toBeVisible();
        await expect(logOut).toBeInViewport();
        await expectInView(page, logOut);
        await expectNoSideScroll(page);
        if (javaScriptEnabled) await expectNoSeriousViolationsInBothThemes(page, `/setup at ${width} px`);
      }
      await logOut.click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole("main").getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
    });
  });
}
