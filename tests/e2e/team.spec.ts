import { expectNoSeriousViolationsInBothThemes } from "./a11y";
import { expect, PASSWORD, test, toast, uniqueEmail } from "./fixtures";
import { latestMailTo, linkIn } from "./mailbox";

/*
 * An organization's owner invites a reviewer by mail; the reviewer registers from the mailed link, comes
 * back to it, joins, and finds their role on /team, while the owner sees them in the members table. The
 * whole way works with JavaScript off as well as on.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`team, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("invite a reviewer, who registers from the mail and joins", async ({ page, browser, startupUser }) => {
      expect(startupUser.email).toBeTruthy();
      const email = uniqueEmail("reviewer");
      await page.goto("/team");
      await expect(page.getByTestId("team-role")).toContainText("Owner");
      await expect(page.getByTestId(`member-${startupUser.email}`)).toContainText("Owner");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Role").selectOption("reviewer");
      await page.getByRole("button", { name: "Send invitation" }).click();
      await expect(page.getByTestId(`invitation-${email}`)).toContainText("Reviewer");
      await expect(page.getByTestId(`invitation-${email}`)).toContainText("pending");
      if (javaScriptEnabled) await expect(toast(page, `Invitation sent to ${email}.`)).toBeVisible();
      // axe runs in the page's own JavaScript: it checks the screens with it on.
      if (javaScriptEnabled) await expectNoSeriousViolationsInBothThemes(page, "/team");

      const link = linkIn(await latestMailTo(email), "/team/join/");
      const reviewerContext = await browser.newContext({ javaScriptEnabled });
      await reviewerContext.addInitScript(() => window.localStorage.setItem("introComplete", "true"));
      const reviewer = await reviewerContext.newPage();
      await reviewer.goto(link);
      await expect(reviewer.getByRole("heading", { name: /^Join / })).toBeVisible();
      await expect(reviewer.getByText(`invites ${email} to its team as reviewer`)).toBeVisible();
      if (javaScriptEnabled) await expectNoSeriousViolationsInBothThemes(reviewer, "/team/join");

      await reviewer.getByRole("link", { name: `Register with ${email}` }).click();
      await expect(reviewer.getByLabel("Email")).toHaveValue(email);
      await reviewer.getByLabel("Name").fill("Rita Reviewer");
      await reviewer.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await reviewer.getByLabel("Confirm password").fill(PASSWORD);
      await reviewer.getByRole("button", { name: "Create account" }).click();
      await expect(reviewer).toHaveURL(new RegExp(`${link}$`));
      await reviewer.getByRole("button", { name: "Join" }).click();
      await expect(reviewer).toHaveURL(/\/team$/);
      await expect(reviewer.getByTestId("team-role")).toContainText("Reviewer");
      await expect(reviewer.getByRole("heading", { name: "Members" })).toHaveCount(0);
      await reviewerContext.close();

      await page.goto("/team");
      await expect(page.getByTestId(`member-${email}`)).toContainText("Reviewer");
      await expect(page.getByTestId(`member-${email}`)).toContainText("All forms");
      await expect(page.getByTestId(`invitation-${email}`)).toHaveCount(0);

      await page.getByTestId(`member-${email}`).getByRole("link", { name: "Remove…" }).click();
      await page
        .getByTestId(`member-${email}`)
        .getByRole("button", { name: /Yes, remove/ })
        .click();
      await expect(page.getByTestId(`member-${email}`)).toHaveCount(0);
    });
  });
}
