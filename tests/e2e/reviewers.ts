import type { Browser, BrowserContext } from "@playwright/test";
import { apiCall, expect, registerUser } from "./fixtures";
import { latestMailTo, linkIn } from "./mailbox";

/**
 * A new account joined to the owner's team as a reviewer the way people join: the owner invites, the mail's
 * link is followed and Join pressed. Its context keeps the reviewer signed in.
 */
export async function joinedReviewer(browser: Browser, baseURL: string, owner: BrowserContext, name: string, javaScriptEnabled = true) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  await context.addInitScript(() => window.localStorage.setItem("introComplete", "true"));
  const reviewer = await registerUser(context, name);
  await apiCall(owner, "POST", "/api/v1/admin/team_invitations", { email: reviewer.email, role: "reviewer" });
  const invitation = await latestMailTo(reviewer.email, (mail) => mail.html.includes("/team/join/"));
  const page = await context.newPage();
  await page.goto(linkIn(invitation, "/team/join/"));
  await page.getByRole("button", { name: "Join" }).click();
  await expect(page.getByTestId("team-role")).toContainText("Reviewer");
  return { ...reviewer, context, page };
}
