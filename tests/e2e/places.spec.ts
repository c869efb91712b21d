import type { BrowserContext, Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./a11y";
import { apiCall, expect, registerUser, setUpStartup, test } from "./fixtures";

/** The co-founder setup form up to the city (Nigeria). */
async function startCoFounderSetup(page: Page, context: BrowserContext) {
  await registerUser(context, "Placed Person");
  await page.goto("/setup");
  await page.getByRole("link", { name: /^co-founder/i }).click();
  await page.getByLabel("Name", { exact: true }).fill("Placed Person");
  await page.getByLabel("Headline").fill("Engineer who likes maps");
  await page.getByLabel("Skills").fill("Go, Maps");
  await page.getByLabel("Country").selectOption("NG");
  await page.getByLabel("Bio").fill("Ten years of geodata.");
}

test.describe("city field in setup, JavaScript on", () => {
  test("suggests the country's cities as you type; arrows and Enter pick one", async ({ page, context }) => {
    await startCoFounderSetup(page, context);
    const city = page.getByRole("combobox", { name: "City" });
    await city.pressSequentially("lag");
    const list = page.getByRole("listbox", { name: "Cities" });
    await expect(list.getByRole("option").first()).toHaveText("Lagos");
    await expect(city).toHaveAttribute("aria-expanded", "true");
    await expectNoSeriousViolations(page);
    await city.press("ArrowDown");
    await expect(list.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
    await expect(city).toHaveAttribute("aria-activedescendant", /-cities-0$/);
    await city.press("Enter");
    await expect(city).toHaveValue("Lagos");
    await expect(list).toBeHidden();
    await expect(city).toHaveAttribute("aria-expanded", "false");
    // Accents do not matter, and Escape closes the list.
    await city.fill("");
    await city.pressSequentially("abe");
    await expect(list.getByRole("option").first()).toHaveText("Abeokuta");
    await city.press("Escape");
    await expect(list).toBeHidden();
    await city.fill("Lagos");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page).toHaveURL(/\/$/, { timeout: 8_000 });
    await expect(page.getByTestId("profile-summary")).toContainText("Lagos");
  });

  test("a city that is not in the list comes back with Did you mean", async ({ page, context }) => {
    await startCoFounderSetup(page, context);
    await page.getByRole("combobox", { name: "City" }).fill("Lagoss");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page.getByText("The city is not one we know in Nigeria. Did you mean Lagos?")).toBeVisible();
  });
});

test.describe("city field in setup, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("is a plain input the server checks", async ({ page, context }) => {
    await startCoFounderSetup(page, context);
    // (The selects are comboboxes too, in ARIA terms; the city is a plain textbox.)
    await expect(page.getByRole("combobox", { name: "City" })).toHaveCount(0);
    await page.getByRole("textbox", { name: "City" }).fill("lagoss");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page.getByText("The city is not one we know in Nigeria. Did you mean Lagos?")).toBeVisible();
    await page.getByRole("textbox", { name: "City" }).fill("ikeja");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page.getByTestId("profile-summary")).toContainText("Ikeja", { timeout: 8_000 });
  });
});

/** YYYY-MM-DD, `days` from now (UTC; the events below start in the evening, so the local day is the same). */
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A published in-person event of the context's startup, two days from now, in `place`'s city. */
async function inPersonEvent(
  context: BrowserContext,
  title: string,
  venue: string,
  place: { country: string; city: string },
  timezone: string,
) {
  const { collection } = await apiCall(context, "POST", "/api/v1/admin/collections", { name: `Places ${title}` });
  const day = daysFromNow(2);
  const { event_form: draft } = await apiCall(context, "POST", "/api/v1/admin/event_forms", {
    collection_id: collection.id,
    title,
    description: "Meet the founders.",
    category: "Workshop",
    nature: "in_person",
    timezone,
    starts_at: `${day}T18:00`,
    ends_at: `${day}T20:00`,
    venue,
    venue_country: place.country,
    venue_city: place.city,
    type_of_event: "free",
    questions: { full_name: { enabled: true, required: true } },
    custom_questions: [],
  });
  await apiCall(context, "PUT", `/api/v1/admin/event_form_statuses/${draft.id}`, { status: "published" });
  return { id: draft.id as number, day };
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`weather on an in-person event's page, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("shows the day's forecast from the provider", async ({ page, context }) => {
      await registerUser(context, "Weather Owner");
      await setUpStartup(context);
      // The weather is the venue city's, not a guess from the address (which names a city the fake fails for).
      const event = await inPersonEvent(
        context,
        `Sunny meetup ${javaScriptEnabled}`,
        "Nairobi Street hall",
        { country: "NG", city: "Lagos" },
        "Africa/Lagos",
      );
      await page.goto(`/form-submission?form_id=${event.id}`);
      const card = page.getByTestId("weather-card");
      await expect(card.getByRole("heading", { name: "Weather in Lagos" })).toBeVisible();
      // The fake's figures: 24.5 °C now, partly cloudy; day 2 is "Light rain", 32° / 22°.
      await expect(card.getByTestId("weather-now")).toHaveText("25°C");
      await expect(card).toContainText("Partly cloudy");
      await expect(card.getByTestId("weather-forecast")).toContainText("Light rain");
      await expect(card.getByTestId("weather-forecast")).toContainText("32°C / 22°C");
      // axe runs in the page: only with JavaScript on.
      if (javaScriptEnabled) await expectNoSeriousViolations(page);
    });

    test("shows no weather and no failure on the form when the provider fails", async ({ page, context }) => {
      await registerUser(context, "Rainy Owner");
      await setUpStartup(context);
      // The browser tests' fake fails every forecast south of the equator.
      const event = await inPersonEvent(
        context,
        `Stormy meetup ${javaScriptEnabled}`,
        "Lagos House, Westlands",
        { country: "KE", city: "Nairobi" },
        "Africa/Nairobi",
      );
      await page.goto(`/form-submission?form_id=${event.id}`);
      // The applicant came for the form: it is all there, with no word about a service they did not ask for.
      await expect(page.getByRole("heading", { name: `Stormy meetup ${javaScriptEnabled}` })).toBeVisible();
      await expect(page.getByTestId("weather-card")).toHaveCount(0);
      if (javaScriptEnabled) {
        await expect(page.locator('section[aria-label^="Notifications"]')).toBeAttached();
        await page.waitForLoadState("networkidle");
      }
      await expect(page.getByText("Failed to fetch weather data")).toHaveCount(0);
    });
  });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`venue city in the event form builder, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("is checked by the server against the chosen country's cities", async ({ page, context }) => {
      await registerUser(context, "Venue Owner");
      await setUpStartup(context);
      const { collection } = await apiCall(context, "POST", "/api/v1/admin/collections", { name: `Venues ${javaScriptEnabled}` });
      await page.goto(`/event-forms/create?collection_id=${collection.id}`);
      await page.getByLabel("Title").fill("Venue check");
      await page.getByRole("textbox", { name: "Description", exact: true }).fill("Where is it?");
      await page.getByLabel("Category").selectOption("Meetup");
      await page.getByLabel("Starts").fill("2035-06-01T18:00");
      await page.getByLabel("Ends").fill("2035-06-01T20:00");
      await page.getByLabel("Venue", { exact: true }).fill("Yaba Tech Hub");
      await page.getByLabel("Venue country").selectOption("NG");
      const city = page.getByRole(javaScriptEnabled ? "combobox" : "textbox", { name: "Venue city" });
      if (javaScriptEnabled) {
        // The combobox keeps to the chosen country.
        await city.pressSequentially("ike");
        await expect(page.getByRole("listbox", { name: "Cities" }).getByRole("option").first()).toHaveText("Ikeja");
        await city.press("Escape");
      }
      await city.fill("Lagoss");
      await page.getByRole("button", { name: "Create form" }).click();
      await expect(page.getByText("The city is not one we know in Nigeria. Did you mean Lagos?")).toBeVisible();
      if (javaScriptEnabled) {
        await city.fill("");
        await city.pressSequentially("lag");
        await page.getByRole("listbox", { name: "Cities" }).getByRole("option", { name: "Lagos", exact: true }).click();
      } else {
        await city.fill("lagos");
      }
      await page.getByRole("button", { name: "Create form" }).click();
      await expect(page).toHaveURL(/\/event-forms\/edit\/\d+$/);
      await expect(page.getByLabel("Venue city")).toHaveValue("Lagos");
      await expect(page.getByLabel("Venue country")).toHaveValue("NG");
    });
  });
}
