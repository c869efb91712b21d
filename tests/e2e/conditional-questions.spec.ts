import type { Page } from "@playwright/test";
import { expectNoSeriousViolationsInBothThemes } from "./a11y";
import { apiCall, expect, registerUser, said, setUpCoFounder, test } from "./fixtures";

/** The event's own fields, as the builder asks them. */
async function fillEvent(page: Page, title: string) {
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("Portfolio reviews for designers and researchers.");
  await page.getByLabel("Category").selectOption("Workshop");
  await page.getByLabel("Nature").selectOption("online");
  await page.getByLabel("Time zone").selectOption("Africa/Lagos");
  await page.getByLabel("Starts").fill("2035-06-01T18:00");
  await page.getByLabel("Ends").fill("2035-06-01T21:00");
  await page.getByLabel("Online link").fill("https://meet.example.com/portfolios");
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`conditional questions, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a question shown only when an earlier answer applies, and a question library", async ({
      page,
      context,
      browser,
      startupUser,
    }) => {
      // Two people, three screens checked by axe in both themes, and the builder's round trips without JavaScript.
      test.slow();
      expect(startupUser.email).toBeTruthy();
      const run = `${javaScriptEnabled ? "JS" : "NoJS"} ${Date.now().toString(36)}`;
      const { collection } = await apiCall(context, "POST", "/api/v1/admin/collections", { name: `Reviews ${run}` });

      // The owner builds a form: Track, then a portfolio link asked only of designers and researchers.
      await page.goto(`/event-forms/create?collection_id=${collection.id}`);
      await fillEvent(page, `Portfolio night ${run}`);
      await page.getByRole("button", { name: "Add question" }).click();
      const track = page.getByTestId("custom-question-0");
      await track.getByLabel("Question", { exact: true }).fill("Track");
      await track.getByLabel("Answer type").selectOption("dropdown");
      await track.getByLabel("Options, one per line").fill("Design\nEngineering\nResearch");
      await track.getByLabel("Required").check();
      await page.getByRole("button", { name: "Add question" }).click();
      const link = page.getByTestId("custom-question-1");
      await link.getByLabel("Question", { exact: true }).fill("Portfolio link");
      await link.getByLabel("Answer type").selectOption("url");
      await link.getByLabel("Required").check();
      await link.getByLabel("Earlier question").selectOption({ label: "Track" });
      if (javaScriptEnabled) await expect(link.getByTestId("show-if-options-1")).toHaveText("Its options: Design, Engineering, Research");
      // A value that is not an option is refused on the rule's field.
      await link.getByLabel("Is one of, one per line").fill("Design\nMarketing");
      await page.getByRole("button", { name: "Create form" }).click();
      await expect(link.getByText("“Marketing” is not one of the options of “Track”: Design, Engineering, Research.")).toBeVisible();
      await link.getByLabel("Is one of, one per line").fill("Design\nResearch");
      // axe is JavaScript itself: as in the other specs, the pages are checked in the run that has it.
      if (javaScriptEnabled) await expectNoSeriousViolationsInBothThemes(page, "/event-forms/create with a rule");
      await page.getByRole("button", { name: "Create form" }).click();
      await expect(page).toHaveURL(/\/event-forms\/edit\/\d+$/);
      const formId = Number(page.url().split("/").pop());
      await expect(page.getByTestId("custom-question-1").getByLabel("Earlier question").locator("option:checked")).toHaveText("Track");

      // Track goes to the organization's library.
      await page.getByTestId("custom-question-0").getByRole("button", { name: "Save to library" }).click();
      await said(page, javaScriptEnabled, "Question saved to the library.");
      await apiCall(context, "PUT", `/api/v1/admin/event_form_statuses/${formId}`, { status: "published" });

      // An applicant: the link shows only for the tracks that ask it.
      const applicantContext = await browser.newContext({ javaScriptEnabled });
      await applicantContext.addInitScript(() => window.localStorage.setItem("introComplete", "true"));
      await registerUser(applicantContext, "Ada Applicant");
      await setUpCoFounder(applicantContext);
      const applicant = await applicantContext.newPage();
      await applicant.goto(`/form-submission?form_id=${formId}`);
      const linkInput = applicant.getByLabel("Portfolio link");
      if (javaScriptEnabled) {
        await expect(linkInput).toBeHidden();
        await applicant.getByLabel("Track").selectOption("Design");
        await expect(linkInput).toBeVisible();
        await linkInput.fill("https://ada.example.com");
        await applicant.getByLabel("Track").selectOption("Engineering");
        await expect(linkInput).toBeHidden();
      } else {
        await expect(linkInput).toBeVisible();
        await expect(applicant.getByText("Answer only if “Track” is “Design” or “Research”.")).toBeVisible();
        await applicant.getByLabel("Track").selectOption("Engineering");
        await linkInput.fill("https://ada.example.com");
      }
      if (javaScriptEnabled) await expectNoSeriousViolationsInBothThemes(applicant, "/form-submission with a conditional question");
      await applicant.getByRole("button", { name: "Submit application" }).click();
      await expect(applicant.getByTestId("my-application-status")).toContainText("pending");
      await applicantContext.close();

      // The server kept no answer to the question that did not apply: the response has no row for it.
      const responses = await page.request.get(`/api/v1/admin/event_forms/${formId}/responses`);
      const [application] = (await responses.json()).data as { id: number; answers: Record<string, unknown> }[];
      expect(Object.values(application.answers)).toContain("Engineering");
      expect(Object.values(application.answers)).not.toContain("https://ada.example.com");
      await page.goto(`/event-responses/${formId}/form/${application.id}`);
      await expect(page.getByText("Engineering")).toBeVisible();
      await expect(page.getByText("Portfolio link")).toHaveCount(0);

      // The library lists Track; a new form adds it from the builder; then it is deleted.
      await page.goto("/event-forms/question-library");
      await expect(page.getByRole("row").filter({ hasText: "Track" })).toContainText("Design, Engineering, Research");
      if (javaScriptEnabled) await expectNoSeriousViolationsInBothThemes(page, "/event-forms/question-library");
      await page.goto(`/event-forms/create?collection_id=${collection.id}`);
      await page.getByText("Add a question from your library").click();
      await page.getByRole("button", { name: "Add “Track”" }).click();
      const added = page.getByTestId("custom-question-0");
      await expect(added.getByLabel("Question", { exact: true })).toHaveValue("Track");
      await expect(added.getByLabel("Answer type")).toHaveValue("dropdown");
      await expect(added.getByLabel("Options, one per line")).toHaveValue("Design\nEngineering\nResearch");
      await page.goto("/event-forms/question-library?search=Track");
      await page.getByRole("button", { name: "Delete “Track”" }).click();
      await said(page, javaScriptEnabled, "Saved question deleted.");
      await expect(page.getByText("No saved questions")).toBeVisible();
    });
  });
}
