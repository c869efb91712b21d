import type { Browser, Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./a11y";
import { expect, registerUser, setUpStartup, test, toast } from "./fixtures";

/** A startup of another user, with a username no other test uses, for this test to follow. */
async function otherStartup(browser: Browser, baseURL: string | undefined, tag: string) {
  const context = await browser.newContext({ baseURL });
  const username = `flw-${tag}-${Date.now().toString(36)}`;
  await registerUser(context, "Followed Founder");
  await setUpStartup(context, username);
  await context.close();
  return username;
}

async function searchAndOpen(page: Page, username: string) {
  // The bare address is the startups tab, answered without a redirect.
  expect((await page.goto("/startups"))?.request().redirectedFrom()).toBeNull();
  await expect(page.getByRole("heading", { name: "Startups", exact: true })).toBeVisible();
  await page.getByLabel("Search", { exact: true }).fill(username);
  await page.getByRole("button", { name: "Apply" }).click();
  const card = page.getByTestId(`startup-${username}`);
  await expect(card).toBeVisible();
  await expect(page.getByRole("list", { name: "Startups" }).locator(":scope > li")).toHaveCount(1);
  await card.getByRole("link", { name: "E2E Robotics" }).click();
  await expect(page).toHaveURL(new RegExp(`/startups/${username}$`));
  await expect(page.getByRole("heading", { level: 1, name: "E2E Robotics" })).toBeVisible();
}

test.describe("startup directory, JavaScript on", () => {
  test("browse, search, open a profile, follow and unfollow with an optimistic count", async ({ page, startupUser, browser, baseURL }) => {
    expect(startupUser.id).toBeTruthy();
    const username = await otherStartup(browser, baseURL, "js");
    await page.goto("/startups?type=startup");
    await expect(page.getByRole("link", { name: "Startups", exact: true }).first()).toBeVisible();
    await expectNoSeriousViolations(page, "/startups");

    await searchAndOpen(page, username);
    const count = page.getByTestId("followers-count");
    await expect(count).toHaveText("0 followers");
    await page.getByRole("button", { name: "Follow E2E Robotics" }).click();
    await expect(toast(page, "You are now following this account")).toBeVisible();
    await expect(count).toHaveText("1 follower");
    await expect(page.getByRole("button", { name: "Unfollow E2E Robotics" })).toBeVisible();
    // The followers list shows the follower (this user's startup).
    await expect(page.getByRole("heading", { name: "Followers" })).toBeVisible();
    // The header's avatars come from the same first page of followers.
    await page.reload();
    await expect(page.getByLabel("Some of the followers").getByRole("listitem")).toHaveCount(1);
    await expectNoSeriousViolations(page, "/startups/{username}");

    await page.getByRole("button", { name: "Unfollow E2E Robotics" }).click();
    await expect(toast(page, "You have unfollowed this account")).toBeVisible();
    await expect(count).toHaveText("0 followers");
    await page.reload();
    await expect(page.getByTestId("followers-count")).toHaveText("0 followers");
  });

  test("unknown usernames get the 404 screen and ?username= goes to the profile", async ({ page, startupUser }) => {
    expect(startupUser.id).toBeTruthy();
    const response = await page.goto("/startups/nope");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Startup not found")).toBeVisible();
    await page.goto("/startups?username=acme-robotics");
    await expect(page).toHaveURL(/\/startups\/acme-robotics$/);
    await page.goto("/startups?search=no-such-startup-anywhere&industry=Fintech");
    // The startups tab, with the search kept.
    await expect(page.getByText("No startups match “no-such-startup-anywhere”")).toBeVisible();
    await page.getByRole("link", { name: "Clear the search and filters" }).click();
    await expect(page).toHaveURL(/\/startups\?type=startup$/);
    // The form follows the address: nothing chosen is left behind.
    const filters = page.getByRole("search", { name: "Search the directory" });
    await expect(filters.getByRole("searchbox")).toHaveValue("");
    await expect(filters.getByLabel("Industry")).toHaveValue("");
    // The country filter offers the countries that have listings, with how many, and filters by them.
    const country = filters.getByLabel("Country");
    await expect(country.locator("option", { hasText: /Nigeria \(\d+\)/ })).toHaveCount(1);
    await expect(country.locator("option", { hasText: "Antarctica" })).toHaveCount(0);
    await country.selectOption("NG");
    await filters.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/country=NG/);
    await expect(page.getByRole("list", { name: "Startups" }).locator(":scope > li").first()).toBeVisible();
    await expect(filters.getByLabel("Country")).toHaveValue("NG");
    await page.goto("/startups?type=startup&page=99");
    await expect(page.getByText("This page is past the end of the list")).toBeVisible();
    await page.getByRole("link", { name: "Go to the first page" }).click();
    await expect(page.getByRole("list", { name: "Startups" })).toBeVisible();
    // One current item in the sidebar, even where one address starts with another.
    await page.goto("/co-founders/find");
    const current = page.getByRole("navigation", { name: "Main" }).locator('[aria-current="page"]');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveText("Find co-founders");
  });
});

test.describe("startup directory, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("follow and unfollow with plain forms: redirected back with a flash toast", async ({ page, startupUser, browser, baseURL }) => {
    expect(startupUser.id).toBeTruthy();
    const username = await otherStartup(browser, baseURL, "nojs");
    await searchAndOpen(page, username);
    const count = page.getByTestId("followers-count");
    await expect(count).toHaveText("0 followers");

    const followed = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Follow E2E Robotics" }).click();
    const post = await followed;
    expect(post.status()).toBe(302);
    expect(post.headers()["location"]).toBe(`/startups/${username}`);
    expect(await post.headerValue("set-cookie")).toContain("launchpad_flash=");
    await expect(count).toHaveText("1 follower");

    await page.getByRole("button", { name: "Unfollow E2E Robotics" }).click();
    await expect(page).toHaveURL(new RegExp(`/startups/${username}$`));
    await expect(count).toHaveText("0 followers");
    await expect(page.getByRole("button", { name: "Follow E2E Robotics" })).toBeVisible();
  });
});
