import { expectNoSeriousViolations } from "./a11y";
import { apiCall, expect, fillCoFounder, PASSWORD, publishedEventForm, registerUser, setUpStartup, test, uniqueEmail } from "./fixtures";

/**
 * An event's public page as someone without an account meets it: a shared link, the event, one Apply that
 * goes through registering and setup straight back to the event's form; then, once accepted, their face on
 * the page. With JavaScript on and off; axe in both themes.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`an event's public page, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, timezoneId: "Europe/Berlin" });

    test("a visitor opens a shared link, applies through register and setup, and shows up once accepted", async ({
      page,
      browser,
      baseURL,
    }) => {
      // Registering, setup's two-second pause, applying and four axe passes on a shared 2-core machine.
      const organiser = await browser.newContext({ baseURL });
      await registerUser(organiser, "Olu Organiser");
      await setUpStartup(organiser);
      const title = `Robotics Open Night ${Date.now().toString(36)}`;
      const form = await publishedEventForm(organiser, { title });

      // The id alone (or an old slug) is moved to the event's one address.
      await page.goto(`/e/${form.id}`);
      await expect(page).toHaveURL(new RegExp(`/e/robotics-open-night-[a-z0-9]+-${form.id}$`));
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page.getByText("Fri, 1 Jun 2035, 18:00 – 21:00 (Africa/Lagos)")).toBeVisible();
      if (javaScriptEnabled)
        await expect(page.getByTestId("viewer-time")).toHaveText("Your time: Fri, 1 Jun 2035, 19:00 – 22:00 (Europe/Berlin)");
      else await expect(page.getByTestId("viewer-time")).toHaveCount(0);
      await expect(page.getByTestId("places-left")).toHaveText("50 places left");
      await expect(page.getByRole("link", { name: "Open in maps" })).toHaveAttribute("href", /openstreetmap\.org\/search\?query=Yaba/);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
      await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
      // No cover uploaded: the page shows the poster its link previews show.
      const cover = page.locator("article img").first();
      await expect(cover).toHaveAttribute(
        "src",
        new RegExp(`/api/v1/public/events/robotics-open-night-[a-z0-9]+-${form.id}/preview\\.png$`),
      );
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", new RegExp(`${await cover.getAttribute("src")}$`));
      expect(await cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1200);
      if (javaScriptEnabled) {
        for (const colorScheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme });
          await expectNoSeriousViolations(page, `/e/{slug} (${colorScheme})`);
        }
        await page.emulateMedia({ colorScheme: null });
      }
      const calendar = await page.request.get(`${new URL(page.url()).pathname}/calendar.ics`);
      expect(calendar.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
      expect(await calendar.text()).toContain(`SUMMARY:${title}`);

      // Apply → register → setup → back on the form.
      await page.getByRole("link", { name: "Apply", exact: true }).click();
      await expect(page).toHaveURL(/\/register\?redirectTo=/);
      const email = uniqueEmail("visitor");
      await page.getByLabel("Name").fill("Vera Visitor");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByLabel("Confirm password").fill(PASSWORD);
      // Someone with an account would log in instead, and come back the same way.
      await expect(page.getByRole("link", { name: "Log in" })).toHaveAttribute(
        "href",
        `/login?redirectTo=${encodeURIComponent(`/form-submission?form_id=${form.id}`)}`,
      );
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(page).toHaveURL(new RegExp(`/setup\\?form_id=${form.id}$`));
      await page.getByRole("link", { name: /^co-founder/i }).click();
      await fillCoFounder(page);
      await page.getByRole("button", { name: "Save and continue" }).click();
      await expect(page).toHaveURL(new RegExp(`/form-submission\\?form_id=${form.id}$`), { timeout: 8_000 });
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
      await page.getByLabel("What are you building?").fill("Robots for farms");
      await page.getByLabel(/Show my name and picture among the attendees/).check();
      await page.getByRole("button", { name: "Submit application" }).click();
      await expect(page.getByTestId("my-application-status")).toContainText("pending");
      await expect(page.getByTestId("add-to-calendar").getByRole("link", { name: "Google Calendar" })).toHaveAttribute(
        "href",
        /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/,
      );

      // Accepted by the organiser: now among the people going, for anyone.
      const responses = await (await organiser.request.get(`/api/v1/admin/event_forms/${form.id}/responses`)).json();
      const application = responses.data.find((row: { applicant_email: string }) => row.applicant_email === email);
      await apiCall(organiser, "PUT", `/api/v1/admin/event_applications/${application.id}/status`, { status: "accepted" });
      const stranger = await browser.newContext({ baseURL, javaScriptEnabled });
      const strangerPage = await stranger.newPage();
      await strangerPage.goto(`/e/${form.id}`);
      await expect(strangerPage.getByRole("heading", { name: "1 person going" })).toBeVisible();
      await expect(strangerPage.getByText("Vera Visitor")).toBeVisible();
      await stranger.close();

      // Back on the page, the applicant sees their place rather than Apply.
      await page.goto(`/e/${form.id}`);
      const mine = page.getByTestId("my-application");
      await expect(mine).toContainText("acceptedYour place is confirmed.");
      await expect(page.getByRole("link", { name: "Apply", exact: true })).toHaveCount(0);
      if (javaScriptEnabled) {
        for (const colorScheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme });
          await expectNoSeriousViolations(page, `/e/{slug}, an applicant's (${colorScheme})`);
        }
        await page.emulateMedia({ colorScheme: null });
      }
      await mine.getByRole("link", { name: "View your application" }).click();
      await expect(page.getByTestId("my-application-status")).toContainText("accepted");
      await organiser.close();
    });
  });
}

test("a draft has no public page nor a place in the sitemap, and robots.txt names the sitemap", async ({ page, context, request }) => {
  await registerUser(context, "Drew Draft");
  await setUpStartup(context);
  const { collection } = await apiCall(context, "POST", "/api/v1/admin/collections", { name: "Drafts" });
  const { event_form: draft } = await apiCall(context, "POST", "/api/v1/admin/event_forms", {
    collection_id: collection.id,
    title: "Not Yet",
    description: "Still a draft.",
    category: "Workshop",
    nature: "online",
    online_link: "https://meet.example.com/not-yet",
    timezone: "UTC",
    starts_at: "2035-06-01T18:00",
    ends_at: "2035-06-01T19:00",
    type_of_event: "free",
    questions: { full_name: { enabled: true, required: true } },
    custom_questions: [],
  });
  const response = await page.goto(`/e/not-yet-${draft.id}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("error-message")).toHaveText("Event Form not found");
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Allow: /e/");
  expect(robots).toContain("Disallow: /");
  expect(robots).toMatch(/\nSitemap: http:\/\/[^/]+\/sitemap\.xml\n/);
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  expect(await sitemap.text()).not.toContain(`-${draft.id}</loc>`);
});

test("readers without cookies share one drawing of the page, each with their own nonce, and a change shows at once", async ({
  context,
  playwright,
  baseURL,
}) => {
  await registerUser(context, "Nia Nonce");
  await setUpStartup(context);
  const form = await publishedEventForm(context, { title: "Shared Page Night" });
  const visitor = await playwright.request.newContext({ baseURL });
  const read = async () => {
    const response = await visitor.get(`/e/shared-page-night-${form.id}`, { maxRedirects: 0 });
    expect(response.status()).toBe(200);
    // The same for every reader without cookies: a browser or shared cache may keep it a minute.
    expect(response.headers()["cache-control"]).toBe("public, max-age=60, must-revalidate");
    expect(response.headers()["set-cookie"]).toBeUndefined();
    const body = await response.text();
    const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
    // Every script of the page carries the nonce its own answer allows, never another reader's.
    const scripts = [...body.matchAll(/<script nonce="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    expect(new Set(scripts)).toEqual(new Set([nonce]));
    return { body, nonce };
  };
  const first = await read();
  const second = await read();
  expect(second.nonce).not.toBe(first.nonce);
  expect(second.body.replaceAll(second.nonce!, "")).toBe(first.body.replaceAll(first.nonce!, ""));
  expect(first.body).not.toContain(">Closed<");
  await apiCall(context, "PUT", `/api/v1/admin/event_form_statuses/${form.id}`, { status: "closed" });
  expect((await read()).body).toContain(">Closed<");
  await visitor.dispose();
  // A member's copy is drawn for them alone.
  const member = await context.request.get(`/e/shared-page-night-${form.id}`, { maxRedirects: 0 });
  expect(member.headers()["cache-control"]).toBe("private, no-store");
});
