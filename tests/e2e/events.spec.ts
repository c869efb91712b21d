import type { BrowserContext, Page } from "@playwright/test";
import { expectNoSeriousViolationsInBothThemes } from "./a11y";
import { expectInView, expectNoSideScroll } from "./layout";
import { applicantWithTicket } from "./tickets";
import { apiCall, expect, publishedEventForm, registerUser, setUpCoFounder, setUpStartup, test, toast } from "./fixtures";

const QUESTIONS = [
  { label: "Your pitch in one line", type: "short_text" },
  { label: "What are you building?", type: "long_text" },
  { label: "Team size", type: "number" },
  { label: "Work email", type: "email" },
  { label: "Demo URL", type: "url" },
  { label: "Phone for the day", type: "phone" },
  { label: "Founded on", type: "date" },
  { label: "Stage", type: "single_choice", options: "Idea\nMVP\nRevenue" },
  { label: "Interests", type: "multiple_choice", options: "AI\nFintech\nHealth" },
  { label: "Track", type: "dropdown", options: "Main\nSide" },
  { label: "First time?", type: "yes_no" },
  { label: "Pitch deck", type: "file" },
] as const;

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

async function newCollection(context: BrowserContext, name: string) {
  const { collection } = await apiCall(context, "POST", "/api/v1/admin/collections", { name });
  return collection as { id: number; name: string };
}

/** Fills the builder: the event, then every question type, added one by one through the Add question button. */
async function buildForm(page: Page, title: string) {
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("Ten teams pitch to investors.");
  await page.getByLabel("Category").selectOption("Demo day");
  await page.getByLabel("Nature").selectOption("in_person");
  await page.getByLabel("Time zone").selectOption("Africa/Lagos");
  await page.getByLabel("Starts").fill("2030-06-01T18:00");
  await page.getByLabel("Ends").fill("2030-06-01T21:00");
  await page.getByLabel("Venue country").selectOption("NG");
  await page.getByLabel("Venue city").fill("Lagos");
  await page.getByLabel("Venue", { exact: true }).fill("Lagos Tech Hub, Yaba");
  await page.getByLabel("Capacity (optional)").fill("50");
  for (const [index, question] of QUESTIONS.entries()) {
    await page.getByRole("button", { name: "Add question" }).click();
    const item = page.getByTestId(`custom-question-${index}`);
    await item.getByLabel("Question", { exact: true }).fill(question.label);
    await item.getByLabel("Answer type").selectOption(question.type);
    if ("options" in question) await item.getByLabel("Options, one per line").fill(question.options);
    if (question.type === "short_text") await item.getByLabel("Required").check();
  }
}

async function answerAll(page: Page) {
  await page.getByLabel("Full name").fill("Ada Applicant");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill("ada.applicant@example.com");
  await page.getByLabel("Your pitch in one line").fill("Robots for farms");
  await page.getByLabel("What are you building?").fill("Autonomous weeding robots.");
  await page.getByLabel("Team size").fill("4");
  await page.getByLabel("Work email").fill("ada@robots.example");
  await page.getByLabel("Demo URL").fill("https://robots.example/demo");
  await page.getByLabel("Phone for the day").fill("+234 801 234 5678");
  await page.getByLabel("Founded on").fill("2025-03-14");
  await page.getByRole("group", { name: "Stage" }).getByLabel("MVP").check();
  await page.getByRole("group", { name: "Interests" }).getByLabel("AI").check();
  await page.getByRole("group", { name: "Interests" }).getByLabel("Health").check();
  await page.getByLabel("Track").selectOption("Main");
  await page.getByRole("group", { name: "First time?" }).getByLabel("Yes").check();
  await page.getByLabel("Pitch deck").setInputFiles({ name: "deck.pdf", mimeType: "application/pdf", buffer: PDF });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`events, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("build a form with every question type, publish, apply, review, cancel, export", async ({
      page,
      context,
      browser,
      startupUser,
    }) => {
      // One long story across two people; each step still waits only for what it needs.
      expect(startupUser.email).toBeTruthy();
      const title = `Demo Day ${javaScriptEnabled ? "JS" : "NoJS"} ${Date.now().toString(36)}`;
      const collection = await newCollection(context, `Season ${Date.now().toString(36)}`);

      // Owner builds the form.
      await page.goto(`/event-forms/create?collection_id=${collection.id}`);
      await buildForm(page, title);
      if (javaScriptEnabled) await expect(page.getByTestId("builder-preview")).toContainText("Pitch deck");
      // Reorder: the last question moves up one place.
      await page
        .getByTestId(`custom-question-${QUESTIONS.length - 1}`)
        .getByRole("button", { name: "Move up" })
        .click();
      await expect(page.getByTestId(`custom-question-${QUESTIONS.length - 2}`).getByLabel("Question", { exact: true })).toHaveValue(
        "Pitch deck",
      );
      await page.getByRole("button", { name: "Create form" }).click();
      await expect(page).toHaveURL(/\/event-forms\/edit\/\d+$/);
      const formId = Number(page.url().split("/").pop());
      await expect(page.getByRole("heading", { name: title })).toBeVisible();

      await page.getByRole("form", { name: "Status" }).getByRole("combobox").selectOption("published");
      await page.getByRole("button", { name: "Change status" }).click();
      await expect(page.getByText("published", { exact: true })).toBeVisible();

      // Someone else applies.
      const applicantContext = await browser.newContext({ javaScriptEnabled });
      await applicantContext.addInitScript(() => window.localStorage.setItem("introComplete", "true"));
      await registerUser(applicantContext, "Ada Applicant");
      await setUpStartup(applicantContext);
      const applicant = await applicantContext.newPage();
      await applicant.goto("/events");
      await applicant.getByRole("searchbox", { name: "Search events" }).fill(title);
      await applicant.getByRole("button", { name: "Filter" }).click();
      await applicant.getByRole("link", { name: title }).click();
      await expect(applicant).toHaveURL(new RegExp(`/form-submission\\?form_id=${formId}$`));

      // A wrong answer is refused next to its question, then the full application goes through.
      await answerAll(applicant);
      await applicant.getByLabel("Work email").fill("not an email");
      await applicant.getByRole("button", { name: "Submit application" }).click();
      await expect(applicant.getByText(/valid email/i).first()).toBeVisible();
      await answerAll(applicant);
      await applicant.getByRole("button", { name: "Submit application" }).click();
      await expect(applicant.getByTestId("my-application-status")).toContainText("pending");
      // Back on the list, the event's card says so; the date filters are labelled.
      await applicant.goto(`/events?search=${encodeURIComponent(title)}`);
      await expect(applicant.getByRole("listitem").filter({ hasText: title })).toContainText("Applied");
      await expect(applicant.getByLabel("From")).toHaveAttribute("type", "date");
      await expect(applicant.getByText("To", { exact: true })).toBeVisible();

      // The owner reviews it and shortlists it.
      await page.goto(`/event-responses/${formId}`);
      await expect(page.getByText("ada.applicant@example.com")).toBeVisible();
      await page.getByRole("link", { name: "Review", exact: true }).first().click();
      await expect(page.getByText("Autonomous weeding robots.")).toBeVisible();
      await expect(page.getByText("AI, Health")).toBeVisible();
      await page.getByRole("form", { name: "Review" }).getByRole("combobox").selectOption("shortlisted");
      await page.getByRole("button", { name: "Update status" }).click();
      await expect(page.getByText("shortlisted", { exact: true }).first()).toBeVisible();

      // The owner exports the responses.
      await page.goto(`/event-responses/${formId}`);
      const csv = await page.request.get(`/api/v1/admin/event_forms/${formId}/responses.csv`);
      expect(csv.headers()["content-type"]).toContain("text/csv");
      const text = await csv.text();
      expect(text.split("\n")[0]).toContain("Your pitch in one line");
      expect(text).toContain("ada.applicant@example.com");
      expect(text).toContain("AI; Health");
      await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", new RegExp(`/responses\\.csv`));

      // The applicant sees the new status and cancels.
      await applicant.goto("/event-applications");
      const row = applicant.locator('[data-testid^="application-"]').filter({ hasText: title });
      await expect(row).toContainText("shortlisted");
      await row.getByRole("link", { name: "Cancel…" }).click();
      await applicant.getByRole("button", { name: "Yes, cancel it" }).click();
      await expect(applicant.locator('[data-testid^="application-"]').filter({ hasText: title })).toContainText("cancelled");
      await applicantContext.close();
    });
  });
}

test("a refused form says which fields failed, as a toast and next to each field", async ({ page, context, startupUser }) => {
  expect(startupUser.email).toBeTruthy();
  const collection = await newCollection(context, `Refusals ${Date.now().toString(36)}`);
  await page.goto(`/event-forms/create?collection_id=${collection.id}`);
  await page.getByRole("button", { name: "Create form" }).click();
  await expect(toast(page, /^Validation fails for .*title/)).toBeVisible();
  await expect(page.getByText("The title field is required.")).toBeVisible();
});

test("a refused application takes the keyboard to the first answer to fix", async ({ browser, context, startupUser }) => {
  expect(startupUser.email).toBeTruthy();
  const form = await publishedEventForm(context, { title: `Focus night ${Date.now().toString(36)}` });
  const applicantContext = await browser.newContext();
  await applicantContext.addInitScript(() => window.localStorage.setItem("introComplete", "true"));
  await registerUser(applicantContext, "Fiona Focus");
  await setUpCoFounder(applicantContext);
  const applicant = await applicantContext.newPage();
  await applicant.goto(`/form-submission?form_id=${form.id}`);
  await applicant.getByRole("textbox", { name: "Email", exact: true }).fill("");
  await applicant.getByRole("button", { name: "Submit application" }).click();
  await expect(applicant.getByText("The email field is required.", { exact: true })).toBeVisible();
  await expect(applicant.getByRole("textbox", { name: "Email", exact: true })).toBeFocused();
  await applicantContext.close();
});

test("create without a collection is 404 No Collection Specified; an unknown one is Collection Not Found", async ({
  page,
  startupUser,
}) => {
  expect(startupUser.email).toBeTruthy();
  await page.goto("/event-forms/create");
  await expect(page.getByTestId("error-message")).toHaveText("No Collection Specified");
  await page.goto("/event-forms/create?collection_id=999999");
  await expect(page.getByTestId("error-message")).toHaveText("Collection Not Found");
  await page.goto("/event-forms?collection_id=999999");
  await expect(page.getByTestId("error-message")).toHaveText("Collection Not Found");
  await page.goto("/event-forms/edit/999999");
  await expect(page.getByTestId("error-message")).toHaveText("Event Form not found");
});

test("a missing event form sends the applicant home with 'No event found'", async ({ page, startupUser }) => {
  expect(startupUser.email).toBeTruthy();
  await page.goto("/form-submission?form_id=999999");
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, "No event found")).toBeVisible();
});

test("collections: create, rename, and delete one that holds forms by moving them", async ({ page, context, startupUser }) => {
  expect(startupUser.email).toBeTruthy();
  const keep = await newCollection(context, `Keep ${Date.now().toString(36)}`);
  await page.goto("/collections");
  const name = `Old ${Date.now().toString(36)}`;
  await page.getByLabel("New collection name").fill(name);
  await page.getByRole("button", { name: "Create collection" }).click();
  await expect(toast(page, "Collection created.")).toBeVisible();
  const item = page.locator('[data-testid^="collection-"]').filter({ hasText: name });
  await item.locator("summary").click();
  await item.getByLabel(`New name for ${name}`).fill(`${name} renamed`);
  await item.getByRole("button", { name: "Save" }).click();
  const renamed = page.locator('[data-testid^="collection-"]').filter({ hasText: `${name} renamed` });
  await expect(renamed).toBeVisible();
  const id = Number((await renamed.getAttribute("data-testid"))!.split("-")[1]);
  await apiCall(context, "POST", "/api/v1/admin/event_forms", {
    collection_id: id,
    title: "Moved form",
    description: "x",
    category: "Meetup",
    nature: "online",
    timezone: "UTC",
    starts_at: "2030-01-01T10:00",
    ends_at: "2030-01-01T11:00",
    online_link: "https://meet.example/x",
    type_of_event: "free",
  });
  await page.reload();
  await page.locator(`[data-testid="collection-${id}"]`).getByRole("link", { name: "Delete…" }).click();
  await expect(page.getByText("It holds 1 event form.")).toBeVisible();
  await page.getByLabel("Collection to move the forms to").selectOption(String(keep.id));
  await page.getByRole("button", { name: "Delete collection" }).click();
  await expect(toast(page, "Collection deleted.")).toBeVisible();
  await expect(page.locator(`[data-testid="collection-${keep.id}"]`)).toContainText("1 event form");
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("an applicant saves a draft, comes back to it, and finishes later", async ({ context, browser, startupUser }) => {
    expect(startupUser.email).toBeTruthy();
    const collection = await newCollection(context, `Drafts ${Date.now().toString(36)}`);
    const { event_form: form } = await apiCall(context, "POST", "/api/v1/admin/event_forms", {
      collection_id: collection.id,
      title: `Office hours ${Date.now().toString(36)}`,
      description: "Ask us anything.",
      category: "Workshop",
      nature: "online",
      timezone: "UTC",
      starts_at: "2030-03-01T10:00",
      ends_at: "2030-03-01T11:00",
      online_link: "https://meet.example/office-hours",
      type_of_event: "free",
      questions: { full_name: { enabled: true, required: true }, email: { enabled: true, required: true } },
      custom_questions: [{ label: "Your question", type: "long_text", required: true }],
    });
    await apiCall(context, "PUT", `/api/v1/admin/event_form_statuses/${form.id}`, { status: "published" });

    const applicantContext = await browser.newContext({ javaScriptEnabled: false });
    await registerUser(applicantContext, "Dora Draft");
    await setUpStartup(applicantContext);
    const applicant = await applicantContext.newPage();
    await applicant.goto(`/form-submission?form_id=${form.id}`);
    // The name and email start from the account's; a draft may leave a required answer out.
    await expect(applicant.getByRole("textbox", { name: "Full name" })).toHaveValue("Dora Draft");
    await expect(applicant.getByRole("textbox", { name: "Email", exact: true })).toHaveValue(/@/);
    await applicant.getByRole("textbox", { name: "Email", exact: true }).fill("");
    await applicant.getByRole("button", { name: "Save draft" }).click();
    await expect(applicant.getByText(/Your draft was saved/)).toBeVisible();

    await applicant.goto(`/form-submission?form_id=${form.id}`);
    await expect(applicant.getByRole("textbox", { name: "Full name" })).toHaveValue("Dora Draft");
    await applicant.getByRole("textbox", { name: "Email", exact: true }).fill("");
    await applicant.getByRole("button", { name: "Submit application" }).click();
    await expect(applicant.getByText("The email field is required.", { exact: true })).toBeVisible();
    await applicant.getByRole("textbox", { name: "Email", exact: true }).fill("dora@example.com");
    await applicant.getByRole("textbox", { name: "Your question" }).fill("How do you price hardware?");
    await applicant.getByRole("button", { name: "Submit application" }).click();
    await expect(applicant.getByTestId("my-application-status")).toContainText("pending");
    await applicantContext.close();
  });
});

test("responses: another startup's form is 403 Access Forbidden; a missing form or application is a 404 naming it", async ({
  page,
  context,
  startupUser,
}) => {
  expect(startupUser.email).toBeTruthy();
  // The seeded demo day belongs to Acme Robotics, not to this fresh startup.
  const events = await (await context.request.get("/api/v1/site/events?search=Lagos%20Robotics")).json();
  const theirs = events.data[0].id as number;
  const forbidden = await page.goto(`/event-responses/${theirs}`);
  expect(forbidden?.status()).toBe(403);
  await expect(page.getByTestId("error-message")).toHaveText("Access Forbidden");
  await page.goto("/event-responses/999999");
  await expect(page.getByTestId("error-message")).toHaveText("Event form not found");

  const collection = await newCollection(context, `Own ${Date.now().toString(36)}`);
  const { event_form: mine } = await apiCall(context, "POST", "/api/v1/admin/event_forms", {
    collection_id: collection.id,
    title: "Own form",
    description: "x",
    category: "Meetup",
    nature: "online",
    timezone: "UTC",
    starts_at: "2030-01-01T10:00",
    ends_at: "2030-01-01T11:00",
    online_link: "https://meet.example/own",
    type_of_event: "free",
  });
  await page.goto(`/event-responses/${mine.id}/form/999999`);
  await expect(page.getByTestId("error-message")).toHaveText("Event Application not found");
});

test("on a phone the event forms and their responses keep Edit, Responses, Review and Check-in in sight; wide, they are tables", async ({
  page,
  context,
  browser,
  baseURL,
  startupUser,
}) => {
  expect(startupUser.email).toBeTruthy();
  const form = await publishedEventForm(context, { title: `Door list ${Date.now().toString(36)}` });
  const guest = await applicantWithTicket(browser, baseURL!, form.id, "Pat Phone");
  await guest.context.close();
  const formRow = page.getByTestId(`event-form-${form.id}`);
  const responseRow = page.locator('[data-testid^="response-"]').first();

  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/event-forms");
    for (const name of ["Edit", "Responses", "Check-in"]) await expectInView(page, formRow.getByRole("link", { name, exact: true }));
    // "Check-in" stays on one line: as tall as the one-word "Edit" beside it.
    const oneLine = (await formRow.getByRole("link", { name: "Edit", exact: true }).boundingBox())!.height;
    expect((await formRow.getByRole("link", { name: "Check-in", exact: true }).boundingBox())!.height).toBe(oneLine);
    await expectNoSideScroll(page);
    if (width === 375) await expectNoSeriousViolationsInBothThemes(page, "/event-forms at 375 px");

    await page.goto(`/event-responses/${form.id}`);
    await expect(responseRow).toContainText("Pat Phone");
    await expectInView(page, responseRow.getByRole("link", { name: "Review" }));
    await expectInView(page, page.getByRole("link", { name: "Check-in", exact: true }));
    await expectNoSideScroll(page);
    if (width === 375) await expectNoSeriousViolationsInBothThemes(page, "/event-responses/{id} at 375 px");
  }

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/event-forms");
  await expect(page.getByRole("table", { name: "Event forms" })).toHaveCSS("display", "table");
  await expect(page.getByRole("columnheader", { name: "Applications" })).toBeVisible();
  await expectInView(page, formRow.getByRole("link", { name: "Check-in", exact: true }));
  await expectNoSeriousViolationsInBothThemes(page, "/event-forms at 1440 px");
  await page.goto(`/event-responses/${form.id}`);
  await expect(page.getByRole("table", { name: `Applications to ${form.title}` })).toHaveCSS("display", "table");
  await expectInView(page, responseRow.getByRole("link", { name: "Review" }));
  await expectNoSeriousViolationsInBothThemes(page, "/event-responses/{id} at 1440 px");
});
