import { expectNoSeriousViolationsInBothThemes } from "./a11y";
import { apiCall, customKey, expect, publishedEventForm, registerUser, said, setUpCoFounder, setUpStartup, test } from "./fixtures";
import { joinedReviewer } from "./reviewers";

/*
 * The team's comments on an application: the owner writes one naming a reviewer with @, the reviewer is told
 * (their bell) and, with JavaScript, sees the comment arrive on the application they have open; an empty
 * comment is refused beside the field. JavaScript on and off.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`comments on an application, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a comment naming a reviewer tells them, and shows on their open page", async ({ browser, baseURL, context, page }) => {
      await registerUser(context, "Comment Owner");
      await setUpStartup(context);
      const form = await publishedEventForm(context, { title: `Comments ${Date.now().toString(36)}` });
      const applicantContext = await browser.newContext({ baseURL });
      const applicant = await registerUser(applicantContext, "Dee Applicant");
      await setUpCoFounder(applicantContext);
      const { event_application } = await apiCall(applicantContext, "POST", `/api/v1/admin/event_forms/${form.id}/applications`, {
        intent: "submit",
        answers: { full_name: "Dee Applicant", email: applicant.email, [await customKey(context, form.id)]: "Robots" },
      });
      const reviewer = await joinedReviewer(browser, baseURL!, context, "Val Commenter", true);
      const address = `/event-responses/${form.id}/form/${event_application.id}`;
      await reviewer.page.goto(address);
      await expect(reviewer.page.getByText("No comments yet.")).toBeVisible();

      await page.goto(address);
      const thread = page.getByRole("region", { name: "Team comments" });
      await thread.getByRole("button", { name: "Add comment" }).click();
      await expect(thread.getByText("The comment field is required.")).toBeVisible();
      await thread.getByLabel("Comment").fill("Strong hardware team. @Val Commenter, can you check their pilots?");
      await thread.getByRole("button", { name: "Add comment" }).click();
      await said(page, javaScriptEnabled, "Comment added.");
      await expect(page.getByTestId("comments")).toContainText("can you check their pilots?");
      // The box is empty again: a second click cannot post the comment twice.
      await expect(thread.getByLabel("Comment")).toHaveValue("");
      if (javaScriptEnabled) await expectNoSeriousViolationsInBothThemes(page, "/event-responses/{id}/form/{id} (comments)");

      // Live on the reviewer's open page, and in their notifications.
      await expect(reviewer.page.getByTestId("comments")).toContainText("can you check their pilots?");
      const notifications = await (await reviewer.context.request.get("/api/v1/admin/notifications")).json();
      expect(JSON.stringify(notifications)).toContain("Comment Owner mentioned you on an application");
      await reviewer.context.close();
      await applicantContext.close();
    });
  });
}
