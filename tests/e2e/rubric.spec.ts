import { expectNoSeriousViolationsInBothThemes } from "./a11y";
import { apiCall, expect, publishedEventForm, registerUser, said, setUpStartup, test } from "./fixtures";
import { joinedReviewer } from "./reviewers";
import { applicantWithTicket } from "./tickets";

/*
 * An event form's review rubric on its edit page: the owner adds criteria in the blank row, saves, sees the
 * server's refusal beside the row it concerns, removes a criterion, and sets blind review. One plain form: with
 * JavaScript on and off.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`the review rubric, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("adds criteria, refuses a name used twice beside its row, removes one, and turns blind review on", async ({ page, context }) => {
      await registerUser(context, "Rubric Owner");
      await setUpStartup(context);
      const form = await publishedEventForm(context, { title: `Rubric ${Date.now().toString(36)}` });
      await page.goto(`/event-forms/edit/${form.id}`);
      const rubric = page.getByTestId("rubric-form");
      const rows = rubric.getByTestId("rubric-criterion");
      await expect(rows).toHaveCount(1);
      await expect(rows.first().getByRole("group", { name: "New criterion" })).toHaveCount(0);
      if (javaScriptEnabled) await expectNoSeriousViolationsInBothThemes(page, "/event-forms/edit/{id} (rubric)");

      const fill = async (index: number, values: { name: string; guidance?: string; weight: string; scale?: string }) => {
        const row = rows.nth(index);
        await row.getByLabel("Name").fill(values.name);
        if (values.guidance) await row.getByLabel("Guidance for reviewers").fill(values.guidance);
        await row.getByLabel("Weight").fill(values.weight);
        if (values.scale) await row.getByLabel("Scale").selectOption(values.scale);
      };
      await fill(0, { name: "Team", guidance: "Can they build it?", weight: "2" });
      await rubric.getByRole("button", { name: "Save rubric" }).click();
      await said(page, javaScriptEnabled, "Rubric saved.");
      await expect(rows).toHaveCount(2);

      // The server's refusal stands beside the row it concerns, with what was typed kept.
      await fill(1, { name: "team", weight: "1", scale: "10" });
      await rubric.getByRole("button", { name: "Save rubric" }).click();
      await expect(rows.nth(1).getByText("Each criterion needs a name of its own.")).toBeVisible();
      await expect(rows.nth(1).getByLabel("Name")).toHaveValue("team");

      await rows.nth(1).getByLabel("Name").fill("Market");
      await rubric.getByLabel("Blind review", { exact: false }).check();
      await rubric.getByRole("button", { name: "Save rubric" }).click();
      await said(page, javaScriptEnabled, "Rubric saved.");
      await expect(rows).toHaveCount(3);
      await expect(rows.nth(1).getByLabel("Scale")).toHaveValue("10");
      await expect(rubric.getByLabel("Blind review", { exact: false })).toBeChecked();

      await rows.first().getByLabel("Remove this criterion").check();
      await rubric.getByRole("button", { name: "Save rubric" }).click();
      await said(page, javaScriptEnabled, "Rubric saved.");
      await expect(rows).toHaveCount(2);
      await expect(rows.first().getByLabel("Name")).toHaveValue("Market");
    });

    test("a reviewer of a blind form reads an application without who applied", async ({ browser, baseURL, context }) => {
      await registerUser(context, "Blind Owner");
      await setUpStartup(context);
      const form = await publishedEventForm(context, { title: `Blind ${Date.now().toString(36)}` });
      await apiCall(context, "PUT", `/api/v1/admin/event_forms/${form.id}/rubric`, {
        criteria: [{ name: "Team", weight: 1, scale_max: 5 }],
        blind: true,
      });
      const ada = await applicantWithTicket(browser, baseURL!, form.id, "Ada Hidden");
      await ada.context.close();

      const reviewer = await joinedReviewer(browser, baseURL!, context, "Rex Reviewer", javaScriptEnabled);
      const { page, context: reviewerContext } = reviewer;
      await apiCall(context, "POST", `/api/v1/admin/event_forms/${form.id}/review_assignments`, {
        mode: "all",
        reviewer_ids: [reviewer.id],
      });

      await page.goto(`/event-responses/${form.id}`);
      await expect(page.getByText("Ada Hidden")).toHaveCount(0);
      await expect(page.getByText(/^Applicant \d+$/)).toBeVisible();
      await expect(page.getByRole("link", { name: "Export CSV" })).toHaveCount(0);
      await page.getByRole("link", { name: "Review", exact: true }).click();
      await expect(page.getByTestId("blind-note")).toBeVisible();
      await expect(page.getByText("Ada Hidden")).toHaveCount(0);
      if (javaScriptEnabled) await expectNoSeriousViolationsInBothThemes(page, "/event-responses/{id}/form/{id} (blind)");
      await reviewerContext.close();
    });
  });
}
