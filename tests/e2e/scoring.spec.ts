import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expectNoSeriousViolationsInBothThemes } from "./a11y";
import { apiCall, expect, publishedEventForm, registerUser, said, setUpStartup, test } from "./fixtures";
import { joinedReviewer } from "./reviewers";
import { applicantWithTicket } from "./tickets";

/*
 * A reviewer's queue and scoring screen on a blind form: the queue and the application without who applied,
 * scores given from the keyboard with the draft kept as they go (JavaScript on), or the plain form's Save draft
 * and Submit review (JavaScript off); once submitted, who applied and the other reviewer's scores show.
 */

interface Criterion {
  id: number;
  name: string;
}

/**
 * A blind form with a two-criterion rubric, the applicants' applications, and two reviewers given all of
 * them; the second has already submitted a review of the first application.
 */
async function committee(browser: Browser, baseURL: string, owner: BrowserContext, applicants: string[], javaScriptEnabled: boolean) {
  await registerUser(owner, "Scoring Owner");
  await setUpStartup(owner);
  const form = await publishedEventForm(owner, { title: `Scoring ${Date.now().toString(36)}` });
  const { rubric } = (await apiCall(owner, "PUT", `/api/v1/admin/event_forms/${form.id}/rubric`, {
    criteria: [
      { name: "Team", weight: 2, scale_max: 5, guidance: "Can this team build it?" },
      { name: "Market", weight: 1, scale_max: 10 },
    ],
    blind: true,
  })) as { rubric: { criteria: Criterion[] } };
  for (const name of applicants) await (await applicantWithTicket(browser, baseURL, form.id, name)).context.close();
  const reviewer = await joinedReviewer(browser, baseURL, owner, "Rex Reviewer", javaScriptEnabled);
  const other = await joinedReviewer(browser, baseURL, owner, "Rita Reviewer", true);
  const { assignments } = (await apiCall(owner, "POST", `/api/v1/admin/event_forms/${form.id}/review_assignments`, {
    mode: "all",
    reviewer_ids: [reviewer.id, other.id],
  })) as { assignments: { application_id: number }[] };
  const ids = assignments.map((a) => a.application_id);
  const [team, market] = rubric.criteria;
  await apiCall(other.context, "PUT", `/api/v1/admin/event_applications/${ids[0]}/review`, {
    scores: { [team.id]: 5, [market.id]: 9 },
    note: "A team that ships",
    recommendation: "yes",
  });
  await other.context.close();
  return { form, reviewer, ids };
}

const criterion = (page: Page, name: string) => page.getByRole("group", { name, exact: true });
const score = (page: Page, name: string, value: string) => criterion(page, name).getByRole("radio", { name: value, exact: true });

test("a reviewer scores from the keyboard, keeps the draft, moves through the queue and sees the others once submitted", async ({
  browser,
  baseURL,
  context,
}) => {
  const { reviewer, ids } = await committee(browser, baseURL!, context, ["Ada Hidden", "Bob Hidden"], true);
  const page = reviewer.page;
  await page.goto("/reviews");
  await expect(page.getByTestId("review-progress")).toHaveText("0 of 2 reviewed");
  await expect(page.getByText("Ada Hidden")).toHaveCount(0);
  await expect(page.getByTestId(`queue-item-${ids[0]}`)).toContainText(`Applicant ${ids[0]}`);
  await expectNoSeriousViolationsInBothThemes(page, "/reviews");

  await page.getByRole("link", { name: `Score Applicant ${ids[0]}` }).click();
  await expect(page).toHaveURL(`/reviews/${ids[0]}`);
  await expect(page.getByTestId("blind-note")).toBeVisible();
  await expect(page.getByText("Ada Hidden")).toHaveCount(0);
  await expect(page.getByText("Can this team build it?")).toBeVisible();
  await expect(page.getByTestId("scoring-keys")).toContainText("next application you have not submitted");
  await expect(page.getByTestId("others-hidden")).toBeVisible();
  await expectNoSeriousViolationsInBothThemes(page, "/reviews/{id}");

  // A digit scores the criterion in focus (the first to begin with), and focus moves to the next.
  await page.keyboard.press("4");
  await expect(score(page, "Team", "4")).toBeChecked();
  await expect(criterion(page, "Market").getByRole("radio").first()).toBeFocused();
  await page.keyboard.press("0");
  await expect(score(page, "Market", "10")).toBeChecked();
  await page.keyboard.press("7");
  await expect(score(page, "Market", "10")).toBeChecked();
  await expect(page.getByTestId("draft-status")).toHaveText("Draft saved");
  // Typing in the note is only typing.
  await page.getByLabel("Note").fill("Strong founders");
  await page.getByLabel("Note").press("j");
  await expect(page.getByLabel("Note")).toHaveValue("Strong foundersj");
  await expect(page).toHaveURL(`/reviews/${ids[0]}`);
  await page.getByLabel("Note").press("Backspace");
  await expect(page.getByTestId("draft-status")).toHaveText("Draft saved");

  await page.reload();
  await expect(score(page, "Team", "4")).toBeChecked();
  await expect(score(page, "Market", "10")).toBeChecked();
  await expect(page.getByLabel("Note")).toHaveValue("Strong founders");
  // Leaving at once after typing keeps what was typed too.
  await page.getByLabel("Note").fill("Strong founders, clear plan");
  await page.getByRole("link", { name: "← Reviews" }).click();
  await expect(page.getByTestId("review-progress")).toBeVisible();
  await expect(page.getByTestId(`queue-item-${ids[0]}`)).toContainText("Draft");
  await page.goto(`/reviews/${ids[0]}`);
  await expect(page.getByLabel("Note")).toHaveValue("Strong founders, clear plan");

  await page.locator("body").press("j");
  await expect(page).toHaveURL(`/reviews/${ids[1]}`);
  await expect(score(page, "Team", "4")).not.toBeChecked();
  await page.locator("body").press("k");
  await expect(page).toHaveURL(`/reviews/${ids[0]}`);
  await page.locator("body").press("n");
  await expect(page).toHaveURL(`/reviews/${ids[1]}`);
  await page.locator("body").press("k");
  await expect(page).toHaveURL(`/reviews/${ids[0]}`);

  await page.getByRole("radio", { name: "Yes", exact: true }).check();
  await page.getByRole("button", { name: "Submit review" }).click();
  await said(page, true, "Review submitted.");
  await expect(page.getByRole("heading", { name: "Ada Hidden" })).toBeVisible();
  const others = page.getByTestId("other-reviews");
  await expect(others).toContainText("Rita Reviewer");
  await expect(others).toContainText("5 / 5");
  await expect(others).toContainText("A team that ships");
  await expectNoSeriousViolationsInBothThemes(page, "/reviews/{id} (submitted)");

  await page.goto("/reviews");
  await expect(page.getByTestId("review-progress")).toHaveText("1 of 2 reviewed");
  await page.getByRole("link", { name: "Done" }).click();
  await expect(page.getByTestId(`queue-item-${ids[0]}`)).toContainText("Ada Hidden");
  await reviewer.context.close();
});

test.describe("without JavaScript", () => {
  test("the plain form keeps a draft, refuses an incomplete review beside its field, and submits", async ({
    browser,
    baseURL,
    context,
  }) => {
    const { reviewer, ids } = await committee(browser, baseURL!, context, ["Cleo Hidden"], false);
    const page = reviewer.page;
    await page.goto("/reviews");
    await expect(page.getByTestId("review-progress")).toHaveText("0 of 1 reviewed");
    await page.getByRole("link", { name: `Score Applicant ${ids[0]}` }).click();
    await expect(page.getByTestId("blind-note")).toBeVisible();
    await expect(page.getByText("Cleo Hidden")).toHaveCount(0);
    // No keys are promised where no script runs them.
    await expect(page.getByTestId("scoring-plain")).toBeVisible();
    await expect(page.getByTestId("scoring-keys")).toHaveCount(0);

    await score(page, "Team", "3").check();
    await page.getByLabel("Note").fill("Promising");
    await page.getByRole("button", { name: "Save draft" }).click();
    await said(page, false, "Draft saved.");
    await expect(score(page, "Team", "3")).toBeChecked();
    await expect(page.getByLabel("Note")).toHaveValue("Promising");

    await page.getByRole("button", { name: "Submit review" }).click();
    await expect(criterion(page, "Market").getByText("Score this criterion before submitting.")).toBeVisible();
    await expect(page.getByText("Choose a recommendation before submitting.")).toBeVisible();
    await expect(score(page, "Team", "3")).toBeChecked();

    await score(page, "Market", "6").check();
    await page.getByRole("radio", { name: "Maybe", exact: true }).check();
    await page.getByRole("button", { name: "Submit review" }).click();
    await said(page, false, "Review submitted.");
    await expect(page.getByRole("heading", { name: "Cleo Hidden" })).toBeVisible();
    await expect(page.getByTestId("other-reviews")).toContainText("Rita Reviewer");
    await reviewer.context.close();
  });
});
