import type { BrowserContext, Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./a11y";
import { FormDataLike, apiCall, expect, registerUser, setUpCoFounder, test, toast } from "./fixtures";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** Today in UTC as the dashboard's tables write dates ("23 Nov 2026"): the default zone is UTC. */
function todayText() {
  const now = new Date();
  return `${now.getUTCDate()} ${MONTHS[now.getUTCMonth()]} ${now.getUTCFullYear()}`;
}

/** A published free form of the context's startup, with no custom questions, so applying needs only answers by name. */
async function publishedForm(context: BrowserContext, title: string) {
  const { collection } = await apiCall(context, "POST", "/api/v1/admin/collections", { name: `Dashboard ${Date.now()}` });
  const { event_form: draft } = await apiCall(context, "POST", "/api/v1/admin/event_forms", {
    collection_id: collection.id,
    title,
    description: "An event for the dashboard.",
    category: "Meetup",
    nature: "online",
    timezone: "Africa/Lagos",
    starts_at: "2035-06-01T18:00",
    ends_at: "2035-06-01T21:00",
    online_link: "https://meet.example.com/dash",
    capacity: 40,
    type_of_event: "free",
    questions: { full_name: { enabled: true, required: true }, email: { enabled: true, required: true } },
    custom_questions: [],
  });
  await apiCall(context, "PUT", `/api/v1/admin/event_form_statuses/${draft.id}`, { status: "published" });
  return draft.id as number;
}

async function applicant(browser: { newContext(): Promise<BrowserContext> }, formId: number, name: string) {
  const context = await browser.newContext();
  await registerUser(context, name);
  await setUpCoFounder(context);
  await apiCall(context, "POST", `/api/v1/admin/event_forms/${formId}/applications`, {
    intent: "submit",
    answers: { full_name: name, email: `${name.split(" ")[0].toLowerCase()}@example.com` },
  });
  await context.close();
}

const card = (page: Page, name: string) =>
  page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name, exact: true }) });

for (const javaScriptEnabled of [true, false]) {
  test.describe(`dashboard, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("empty states say what to do first, then charts and their tables show the owner's figures", async ({
      page,
      context,
      browser,
      startupUser,
    }) => {
      expect(startupUser.id).toBeGreaterThan(0);
      await page.goto("/dashboard");
      await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
      await expect(card(page, "Applications per day")).toContainText("you have no event forms");
      await expect(card(page, "Applications per day").getByRole("link", { name: "Create an event form" })).toHaveAttribute(
        "href",
        "/event-forms/create",
      );
      await expect(card(page, "Upcoming events").getByRole("link", { name: "Create an event form" })).toBeVisible();
      // The weather where the startup is (Lagos), from the loopback fake of the provider: fetched after the
      // page with JavaScript, a page of its own without.
      if (!javaScriptEnabled) await page.getByRole("link", { name: "See the weather where you are" }).click();
      await expect(page.getByTestId("weather-card")).toContainText("Weather in Lagos");
      await expect(page.getByTestId("weather-forecast")).toBeVisible();
      if (javaScriptEnabled) await expectNoSeriousViolations(page, "/dashboard (empty)");

      const title = `Dashboard meetup ${Date.now().toString(36)}`;
      const formId = await publishedForm(context, title);
      await applicant(browser, formId, "Ada Applicant");
      await applicant(browser, formId, "Bola Applicant");

      await page.goto("/dashboard");
      const perDay = card(page, "Applications per day");
      await expect(perDay.getByRole("img", { name: /Line chart of applications per day .*: 2 in all/ })).toBeVisible();
      await expect(perDay.locator("svg").first()).toBeVisible();
      await perDay.getByText("Show as table").click();
      await expect(perDay.getByRole("row", { name: `${todayText()} 2` })).toBeVisible();

      const stages = card(page, "Applications by review stage");
      await expect(stages.getByRole("img", { name: /Pending 2, Shortlisted 0/ })).toBeVisible();
      await stages.getByText("Show as table").click();
      await expect(stages.getByRole("row", { name: "Pending 2" })).toBeVisible();

      await expect(card(page, "Upcoming events")).toContainText("2 of 40 places taken (5 %)");
      await expect(card(page, "Upcoming events").getByRole("link", { name: title })).toBeVisible();
      if (javaScriptEnabled) {
        // The interactive chart replaces the server's SVG once nivo has loaded; the name and numbers stay.
        await expect(perDay.getByRole("img", { name: /2 in all/ }).locator("svg")).toHaveCount(1);
        await expectNoSeriousViolations(page, "/dashboard");
      }

      await page.getByLabel("Period", { exact: true }).selectOption("90");
      await page.getByLabel("Event form", { exact: true }).selectOption({ label: title });
      await page.getByRole("button", { name: "Show" }).click();
      await expect(page).toHaveURL(new RegExp(`period=90.*form_id=${formId}`));
      await expect(page.getByText("Your figures for the last 90 days")).toBeVisible();
      await expect(perDay.getByRole("figure")).toContainText(`2 applications in the last 90 days · ${title}`);
    });

    test("a co-founder sees their own applications, invitations and followers", async ({ page, context }) => {
      await registerUser(context, "Dash Person");
      await setUpCoFounder(context);
      await page.goto("/dashboard");
      await expect(card(page, "My applications").getByRole("link", { name: "Discover events" })).toBeVisible();
      await expect(card(page, "Invitations")).toContainText("No invitations received");
      await expect(card(page, "New followers")).toContainText("No new followers");
      await expect(card(page, "Applications per day")).toHaveCount(0);
      if (javaScriptEnabled) await expectNoSeriousViolations(page, "/dashboard (co-founder)");
    });

    test("the weather card says 'Failed to fetch weather data' when the provider fails", async ({ page, context }) => {
      await registerUser(context, "Nairobi Person");
      // The browser tests' fake fails every forecast south of the equator, Nairobi's included.
      const profile = { name: "Njeri", headline: "Engineer", skills: "Go", country: "KE", cityName: "Nairobi", bio: "Hi", links: "[]" };
      await apiCall(context, "POST", "/api/v1/admin/profiles/setup", new FormDataLike(profile));
      await page.goto("/dashboard");
      if (javaScriptEnabled) {
        await expect(page.getByTestId("weather-error")).toHaveText("Failed to fetch weather data");
        // Said once, in the card: once the page is hydrated and settled, no toast repeats it.
        await expect(page.locator('section[aria-label^="Notifications"]')).toBeAttached();
        await page.waitForLoadState("networkidle");
        await expect(toast(page, "Failed to fetch weather data")).toHaveCount(0);
        // The page the card links to without JavaScript says the same.
        await page.goto("/dashboard/weather");
        await expect(page.getByTestId("weather-error")).toHaveText("Failed to fetch weather data");
        await expectNoSeriousViolations(page, "/dashboard/weather");
      } else {
        await page.getByRole("link", { name: "See the weather where you are" }).click();
        await expect(page).toHaveURL(/\/dashboard\/weather$/);
        await expect(page.getByTestId("weather-error")).toHaveText("Failed to fetch weather data");
      }
    });
  });
}
