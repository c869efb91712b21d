import type { BrowserContext, Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./a11y";
import { FormDataLike, apiCall, expect, publishedPaidForm, registerUser, setUpCoFounder, test, toast } from "./fixtures";
import { payerWithBilling, payInSandbox } from "./sandbox";
import type { BillingStatus } from "#schemas/billing";
import { BILLING_STATUS_COLORS } from "../../app/components/billing/status-colors";

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

/**
 * How each shown chart sits in its card: whether its drawing fits, the scale it is drawn at, and the contrast of
 * its axis text against the card (colours read back through a canvas, which resolves oklch and light-dark()).
 */
async function chartFit(page: Page) {
  return page.evaluate(() => {
    const rgb = (color: string) => {
      const context = document.createElement("canvas").getContext("2d")!;
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      return [...context.getImageData(0, 0, 1, 1).data].slice(0, 3).map((v) => v / 255);
    };
    const luminance = (color: string) => {
      const [r, g, b] = rgb(color).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrast = (a: string, b: string) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (light + 0.05) / (dark + 0.05);
    };
    return [...document.querySelectorAll<HTMLElement>('[data-testid="chart"]')].map((chart) => {
      const card = chart.closest("section")!;
      const svg = [...chart.querySelectorAll("svg")].find((element) => element.getBoundingClientRect().width > 0)!;
      const drawn = svg.viewBox.baseVal?.width || svg.width.baseVal.value;
      const text = svg.querySelector("text")!;
      return {
        fits: svg.getBoundingClientRect().right <= card.getBoundingClientRect().right + 0.5,
        scale: svg.getBoundingClientRect().width / drawn,
        textContrast: contrast(getComputedStyle(text).fill, getComputedStyle(card).backgroundColor),
      };
    });
  });
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
      // Drawn at three widths, of which the one made for the card's width shows.
      await expect(perDay.locator("svg").filter({ visible: true })).toHaveCount(1);
      await perDay.getByText("Show as table").click();
      await expect(perDay.getByRole("row", { name: `${todayText()} 2` })).toBeVisible();

      const stages = card(page, "Applications by review stage");
      await expect(stages.getByRole("img", { name: /Pending 2, Shortlisted 0/ })).toBeVisible();
      await stages.getByText("Show as table").click();
      await expect(stages.getByRole("row", { name: "Pending 2" })).toBeVisible();

      await expect(card(page, "Upcoming events")).toContainText("2 of 40 places taken (5 %)");
      // The period's headline numbers, from the same answers as the cards.
      const glance = page.getByRole("region", { name: "At a glance" });
      const figure = (label: string) => glance.locator("div").filter({ has: page.getByText(label, { exact: true }) });
      await expect(figure("Applications").locator("dd").first()).toHaveText("2");
      await expect(figure("Upcoming events")).toContainText("2 places taken");
      await expect(figure("Revenue").locator("dd").first()).toHaveText("None yet");
      await expect(card(page, "Upcoming events").getByRole("link", { name: title })).toBeVisible();

      // Every chart fits its card on a wide screen and on a phone, drawn at a size its text stays readable
      // at, in the colours of the theme; the page is never wider than the screen.
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        // A phone's width only with JavaScript: without it the panel cannot learn the screen's width and
        // keeps the wide layout, sidebar and all (the viewport cookie, /settings' "auto" layout).
        for (const width of javaScriptEnabled ? [1440, 1024, 375] : [1440, 1024]) {
          await page.setViewportSize({ width, height: 900 });
          // With JavaScript the layout follows the new width a render later: checked until it has settled.
          await expect(async () => {
            const charts = await chartFit(page);
            expect(charts.length, `${colorScheme} ${width}px`).toBeGreaterThanOrEqual(2);
            for (const chart of charts) {
              expect(chart.fits, `${colorScheme} ${width}px`).toBe(true);
              expect(chart.scale, `${colorScheme} ${width}px`).toBeGreaterThan(0.7);
              expect(chart.scale, `${colorScheme} ${width}px`).toBeLessThan(1.5);
              expect(chart.textContrast, `${colorScheme} ${width}px`).toBeGreaterThanOrEqual(4.5);
            }
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          }).toPass({ timeout: 10_000 });
        }
        if (javaScriptEnabled) await expectNoSeriousViolations(page, `/dashboard (${colorScheme})`);
      }
      await page.emulateMedia({ colorScheme: "light" });
      await page.setViewportSize({ width: 1280, height: 720 });

      if (javaScriptEnabled) {
        // No chart library is loaded to redraw what the server drew, until someone points at a chart: then
        // nivo draws it again at the card's width, with tooltips; its name and numbers stay.
        const chartLibrary: string[] = [];
        page.on("request", (request) => void (request.url().includes("nivo") && chartLibrary.push(request.url())));
        await page.reload();
        await page.waitForLoadState("networkidle");
        expect(chartLibrary).toEqual([]);
        await perDay.getByTestId("chart").hover();
        await expect(perDay.getByRole("img", { name: /2 in all/ }).locator("svg")).toHaveCount(1);
        expect(chartLibrary.length).toBeGreaterThan(0);
        expect((await chartFit(page)).every((chart) => chart.fits)).toBe(true);
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

    test("the payments donut, its key and its table draw each status in the status's one colour", async ({
      page,
      context,
      browser,
      baseURL,
      startupUser,
    }) => {
      expect(startupUser.id).toBeGreaterThan(0);
      const form = await publishedPaidForm(context, { title: `Donut ${Date.now().toString(36)}`, price: "10.00" });
      const paid = await payerWithBilling(browser, baseURL!, form.id, "Pat Paid");
      await payInSandbox(paid.payer, paid.paymentUrl);
      const waiting = await payerWithBilling(browser, baseURL!, form.id, "Wes Waiting");
      const rgb = (status: BillingStatus) => BILLING_STATUS_COLORS[status].match(/[\da-f]{2}/g)!.map((hex) => parseInt(hex, 16));
      await page.goto("/dashboard");
      const payments = card(page, "Payments");
      const donut = payments.getByRole("img", {
        name: "Pie chart of billings by payment status: Pending 1, Successful 1, Failed 0, Refunded 0, Partially refunded 0, Cancelled 0.",
      });
      for (const width of [1440, 375]) {
        await page.setViewportSize({ width, height: 900 });
        for (const status of ["Successful", "Pending"] as const) {
          // The drawing made for the card's width: nivo writes the fill as rgba().
          await expect(donut.locator(`[data-testid="arc.${status}"]`).filter({ visible: true })).toHaveAttribute(
            "fill",
            `rgba(${rgb(status).join(", ")}, 1)`,
          );
          const swatch = payments.getByTestId("chart-key").getByRole("listitem").filter({ hasText: status }).locator("span");
          await expect(swatch).toHaveCSS("background-color", `rgb(${rgb(status).join(", ")})`);
        }
      }
      await payments.getByText("Show as table").first().click();
      await expect(payments.getByRole("row", { name: "Successful 1" }).locator('[data-status="Successful"]')).toBeVisible();
      if (javaScriptEnabled) {
        for (const colorScheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme });
          await expectNoSeriousViolations(page, `/dashboard with payments (${colorScheme})`);
        }
      }
      await paid.payer.close();
      await waiting.payer.close();
    });

    test("the weather card says 'Failed to fetch weather data' when the provider fails", async ({ page, context }) => {
      await registerUser(context, "Nairobi Person");
      // The browser tests' fake fails every forecast south of the equator, Nairobi's included.
      const profile = { name: "Njeri", headline: "Engineer", skills: "Go", country: "KE", cityName: "Nairobi", bio: "Hi", links: "[]" };
      await apiCall(context, "POST", "/api/v1/admin/profiles/setup", new FormDataLike(profile));
      await page.goto("/dashboard");
      if (javaScriptEnabled) {
        await expect(page.getByTestId("weather-card").getByRole("status")).toHaveText("Failed to fetch weather data");
        // Said quietly, in the card's own grey text: nothing the reader did went wrong, so no red.
        const [red, , blue] = await page.getByTestId("weather-error").evaluate((element) => {
          // Read back through a canvas, which resolves oklch and light-dark() to RGB.
          const canvas = document.createElement("canvas").getContext("2d")!;
          canvas.fillStyle = getComputedStyle(element).color;
          canvas.fillRect(0, 0, 1, 1);
          return [...canvas.getImageData(0, 0, 1, 1).data];
        });
        expect(red).toBeLessThan(blue);
        // Said once, in the card: once the page is hydrated and settled, no toast repeats it.
        await expect(page.locator('section[aria-label^="Notifications"]')).toBeAttached();
        await page.waitForLoadState("networkidle");
        await expect(toast(page, "Failed to fetch weather data")).toHaveCount(0);
        // The page the card links to without JavaScript says the same.
        await page.goto("/dashboard/weather");
        await expect(page.getByTestId("weather-error")).toHaveText("Failed to fetch weather data");
        for (const colorScheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme });
          await expectNoSeriousViolations(page, `/dashboard/weather (${colorScheme})`);
        }
      } else {
        await page.getByRole("link", { name: "See the weather where you are" }).click();
        await expect(page).toHaveURL(/\/dashboard\/weather$/);
        await expect(page.getByTestId("weather-error")).toHaveText("Failed to fetch weather data");
      }
    });
  });
}
