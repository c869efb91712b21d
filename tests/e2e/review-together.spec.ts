import { expectNoSeriousViolationsInBothThemes } from "./a11y";
import { apiCall, customKey, expect, publishedEventForm, registerUser, said, setUpCoFounder, setUpStartup, test } from "./fixtures";
import { latestMailTo } from "./mailbox";
import { joinedReviewer } from "./reviewers";
import type { BrowserContext } from "@playwright/test";

/*
 * Reviewing together, from the rubric to the applicants' mail: the owner sets a blind rubric and gives every
 * application to two reviewers on the form's edit page; each scores on the scoring screen (with the digit
 * keys when JavaScript is on) without seeing who applied until they submit; the owner sees each reviewer's
 * progress, ranks by normalized score, finds the application they disagree on flagged "discuss", accepts
 * the top 2 after a preview of the mail (and the applicants get it) and waitlists one without telling anyone.
 * JavaScript on and off.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`deciding by review, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a blind rubric, two reviewers scoring, the ranking, the discuss flag, the top 2 accepted with their mail", async ({
      browser,
      baseURL,
      context,
      page,
    }) => {
      await registerUser(context, "Decision Owner");
      await setUpStartup(context);
      const form = await publishedEventForm(context, { title: `Decide ${Date.now().toString(36)}`, capacity: 10 });
      const pitch = await customKey(context, form.id);
      const applicants: { name: string; email: string; id: number; context: BrowserContext }[] = [];
      for (const name of ["Ann Ranked", "Ben Ranked", "Cy Ranked"]) {
        const applicantContext = await browser.newContext({ baseURL });
        const user = await registerUser(applicantContext, name);
        await setUpCoFounder(applicantContext);
        const { event_application } = await apiCall(applicantContext, "POST", `/api/v1/admin/event_forms/${form.id}/applications`, {
          intent: "submit",
          answers: { full_name: name, email: user.email, [pitch]: "Robots" },
        });
        applicants.push({ name, email: user.email, id: event_application.id, context: applicantContext });
      }
      const first = await joinedReviewer(browser, baseURL!, context, "Rae First", javaScriptEnabled);
      const second = await joinedReviewer(browser, baseURL!, context, "Sol Second", javaScriptEnabled);

      // The owner sets a blind rubric and gives every application to both reviewers, on the form's edit page.
      await page.goto(`/event-forms/edit/${form.id}`);
      const rubric = page.getByTestId("rubric-form");
      await rubric.getByLabel("Name").fill("Team");
      await rubric.getByLabel("Blind review", { exact: false }).check();
      await rubric.getByRole("button", { name: "Save rubric" }).click();
      await said(page, javaScriptEnabled, "Rubric saved.");
      const assignment = page.getByTestId("assignment-form");
      await assignment.getByLabel("Rae First").check();
      await assignment.getByLabel("Sol Second").check();
      await assignment.getByLabel("Everyone reviews everything").check();
      if (javaScriptEnabled) await expectNoSeriousViolationsInBothThemes(page, "/event-forms/edit/{id} (reviewers)");
      await assignment.getByRole("button", { name: "Assign reviewers" }).click();
      await said(page, javaScriptEnabled, "Reviewers assigned: 3 applications given out.");

      // Each scores on the scoring screen, blind until submitted: Ann high with both, Ben low with both, Cy
      // lowest with one and highest with the other. With JavaScript the digit keys score.
      const scores = [
        [first, [5, 3, 1]],
        [second, [4, 1, 5]],
      ] as const;
      for (const [reviewer, given] of scores)
        for (const [index, applicant] of applicants.entries()) {
          const scoring = reviewer.page;
          await scoring.goto(`/reviews/${applicant.id}`);
          // The digit keys are the page's script: wait for it to be running before pressing one.
          if (javaScriptEnabled) await scoring.waitForLoadState("networkidle");
          await expect(scoring.getByTestId("blind-note")).toBeVisible();
          await expect(scoring.getByText(applicant.name)).toHaveCount(0);
          const team = scoring.getByRole("group", { name: "Team", exact: true });
          if (javaScriptEnabled) await scoring.keyboard.press(String(given[index]));
          else await team.getByRole("radio", { name: String(given[index]), exact: true }).check();
          await expect(team.getByRole("radio", { name: String(given[index]), exact: true })).toBeChecked();
          await scoring.getByRole("radio", { name: given[index] >= 3 ? "Yes" : "No", exact: true }).check();
          await scoring.getByRole("button", { name: "Submit review" }).click();
          await said(scoring, javaScriptEnabled, "Review submitted.");
          await expect(scoring.getByRole("heading", { name: applicant.name })).toBeVisible();
        }

      await page.goto(`/event-responses/${form.id}`);
      await expect(page.getByTestId("reviewer-progress")).toContainText("Rae First: 3 of 3");
      await expect(page.getByTestId("reviewer-progress")).toContainText("Sol Second: 3 of 3");
      const row = (name: string) => page.getByRole("row").filter({ hasText: name });
      await expect(row("Cy Ranked").getByTestId("discuss-flag")).toBeVisible();
      await expect(row("Ann Ranked").getByTestId("discuss-flag")).toHaveCount(0);
      // The reviews themselves (each reviewer's scores and note) are a click away.
      await expect(row("Cy Ranked").getByRole("link", { name: "2 reviews" })).toHaveAttribute("href", /^\/reviews\/\d+$/);
      if (javaScriptEnabled) await expectNoSeriousViolationsInBothThemes(page, "/event-responses/{id} (reviews)");

      // Normalized, highest first on the first click.
      await page.getByRole("link", { name: "normalized" }).click();
      await expect(page).toHaveURL(/sort_by=normalized_score&sort_order=desc/);
      const names = page.getByRole("row").filter({ hasText: "Ranked" });
      await expect(names.nth(0)).toContainText("Ann Ranked");
      await expect(names.nth(1)).toContainText("Cy Ranked");
      await expect(names.nth(2)).toContainText("Ben Ranked");
      await page.getByLabel("Flag").selectOption("discuss");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(names).toHaveCount(1);
      await expect(names.first()).toContainText("Cy Ranked");
      await page.goto(`/event-responses/${form.id}`);

      const decide = page.getByRole("region", { name: "Decide in bulk" });
      await decide.getByLabel("Decision").selectOption("accepted");
      await decide.getByLabel("The ticked rows, or the top").fill("2");
      await decide.getByRole("button", { name: "Preview" }).click();
      const preview = page.getByTestId("decision-preview");
      await expect(preview).toContainText("Accept 2 applications: 2 mails go out now.");
      await expect(preview.getByRole("list", { name: "Who changes" })).toHaveText(/Ann Ranked\s*Cy Ranked/);
      await expect(preview).toContainText(`Your application to ${form.title} is accepted`);
      if (javaScriptEnabled) await expectNoSeriousViolationsInBothThemes(page, "/event-responses/{id} (decision preview)");
      await preview.getByRole("button", { name: "Confirm: accept 2 applications" }).click();
      await said(page, javaScriptEnabled, "2 applications accepted.");
      await expect(row("Ann Ranked")).toContainText("accepted");
      await expect(row("Cy Ranked")).toContainText("accepted");
      for (const name of ["Ann Ranked", "Cy Ranked"]) {
        const applicant = applicants.find((a) => a.name === name)!;
        await latestMailTo(applicant.email, (mail) => mail.subject === `Your application to ${form.title} is accepted`);
      }

      await row("Ben Ranked").getByLabel("Select Ben Ranked").check();
      await decide.getByLabel("Decision").selectOption("waitlisted");
      await decide.getByLabel("Tell the applicants by mail").uncheck();
      await decide.getByRole("button", { name: "Preview" }).click();
      await expect(preview).toContainText("Waitlist 1 application: nobody is told.");
      await preview.getByRole("button", { name: "Confirm: waitlist 1 application" }).click();
      await said(page, javaScriptEnabled, "1 application waitlisted.");
      await expect(row("Ben Ranked")).toContainText("waitlisted");
      for (const party of [first, second, ...applicants]) await party.context.close();
    });
  });
}
