import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./a11y";
import { FormDataLike, apiCall, expect, registerUser, test, toast } from "./fixtures";

let counter = 0;
const tag = () => `Zq${Date.now().toString(36)}${process.pid}${++counter}`;

/** A startup that wants robotics and welding, in Lagos, on this context. */
async function robotsStartup(context: BrowserContext) {
  await registerUser(context, "Sade Startup");
  const username = `weld-${tag().toLowerCase()}`;
  const { startup } = await apiCall(
    context,
    "POST",
    "/api/v1/admin/startups/setup",
    new FormDataLike({
      account_type: "startup",
      name: "Weld Robotics",
      username,
      country: "NG",
      cityName: "Lagos",
      description: "Welding robots",
      industry: "Hardware",
      stage: "Seed",
      links: "[]",
      wanted_skills: "Robotics, Welding",
      wanted_roles: JSON.stringify(["Technical"]),
    }),
  );
  return { ...(startup as { id: number; name: string }), username };
}

/** A co-founder in a context of their own (a second browser), logged in there. */
async function coFounderContext(browser: Browser, name: string, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled });
  await context.addInitScript(() => window.localStorage.setItem("introComplete", "true"));
  await registerUser(context, name);
  const { profile } = await apiCall(
    context,
    "POST",
    "/api/v1/admin/profiles/setup",
    new FormDataLike({
      name,
      headline: "Robotics engineer",
      skills: "Robotics, Welding, Go",
      country: "NG",
      cityName: "Lagos",
      bio: "I build robots.",
      links: "[]",
      roles: JSON.stringify(["Technical"]),
      industries: JSON.stringify(["Hardware"]),
      desired_stage: "Seed",
    }),
  );
  return { context, page: await context.newPage(), profile: profile as { id: number } };
}

async function invite(page: Page, name: string, message: string) {
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  // Opening and closing the one form happens in place: nothing is loaded, the address stays.
  const loads: string[] = [];
  const onRequest = (request: { url(): string }) => loads.push(request.url());
  page.on("request", onRequest);
  const address = page.url();
  const toggle = card.getByRole("link", { name: "Invite", exact: true });
  await toggle.click();
  await expect(card.getByLabel("Message (optional)")).toBeFocused();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expectNoSeriousViolations(page, "/co-founders/find, invite form open");
  await page.keyboard.press("Escape");
  await expect(card.getByRole("form", { name: `Invite ${name}` })).toHaveCount(0);
  await expect(toggle).toBeFocused();
  await toggle.click();
  await card.getByRole("link", { name: "Cancel" }).click();
  await expect(card.getByRole("form", { name: `Invite ${name}` })).toHaveCount(0);
  await toggle.click();
  expect(page.url()).toBe(address);
  expect(loads).toEqual([]);
  page.off("request", onRequest);
  await card.getByLabel("Message (optional)").fill(message);
  await card.getByLabel("Title").fill("Co-founder & CTO");
  await card.getByRole("button", { name: "Send invitation" }).click();
  await expect(toast(page, "Invitation sent.")).toBeVisible();
  await expect(card.getByText("Invitation pending")).toBeVisible();
  await expect(page).not.toHaveURL(/invite=/);
}

test("a startup finds a co-founder, invites them, they accept in their own browser, and join the team", async ({
  page,
  context,
  browser,
}) => {
  const startup = await robotsStartup(context);
  const name = `Rita ${tag()}`;
  const person = await coFounderContext(browser, name);

  // The other way round: the co-founder's startup directory opens best match first, scored and explained.
  // A co-founder's menu sends them there as "Find startups", not to other co-founders.
  await person.page.goto("/");
  const menu = person.page.getByRole("navigation", { name: "Main" });
  await expect(menu.getByRole("link", { name: "Find co-founders" })).toHaveCount(0);
  await menu.getByRole("link", { name: "Find startups" }).click();
  await expect(person.page).toHaveURL(/\/startups\?type=startup&sort=match$/);
  await person.page.getByRole("searchbox", { name: "Search" }).fill(startup.username);
  await person.page.getByRole("button", { name: "Apply" }).click();
  await expect(person.page).toHaveURL(/search=/);
  const sort = person.page.getByLabel("Sort by");
  await expect(sort).toHaveValue("match");
  // The chosen order's label fits its box, uncut: measured once the fonts are in and the page has settled
  // (a measure taken mid-navigation, in the old page's layout, says nothing).
  const fits = () =>
    sort.evaluate(async (select: HTMLSelectElement) => {
      await document.fonts.ready;
      const style = getComputedStyle(select);
      const pen = document.createElement("canvas").getContext("2d")!;
      pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = pen.measureText(select.selectedOptions[0].text).width;
      return text + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) <= select.clientWidth;
    });
  await expect.poll(fits).toBe(true);
  const fit = person.page.getByTestId(`startup-${startup.username}`).getByTestId("startup-match");
  await expect(fit).toContainText("100% match (14 of 14)");
  await expect(fit).toContainText("wants 2 of your skills: Robotics, Welding · wants the Technical role you take");
  await person.page.getByText("How the match is scored").click();
  await expect(person.page.getByTestId("match-legend")).toContainText("3 for each skill the startup wants that the co-founder has");
  for (const colorScheme of ["light", "dark"] as const) {
    await person.page.emulateMedia({ colorScheme });
    await expectNoSeriousViolations(person.page, `/startups ranked for a co-founder (${colorScheme})`);
  }
  await person.page.emulateMedia({ colorScheme: null });

  await page.goto(`/co-founders/find?search=${encodeURIComponent(name)}`);
  const card = page.getByTestId(`co-founder-${person.profile.id}`);
  await expect(card.getByTestId("match-explanation")).toContainText("2 shared skills: Robotics, Welding");
  await expect(card.getByTestId("match-explanation")).toContainText("same city");
  await expect(card.getByTestId("match-explanation")).toContainText("100% match (14 of 14)");
  await page.getByText("How the match is scored").click();
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousViolations(page, `/co-founders/find (${colorScheme})`);
  }
  await page.emulateMedia({ colorScheme: null });
  await invite(page, name, "Build welding robots with us");

  await page.goto("/co-founders");
  await expect(page.getByRole("list", { name: "Pending invitations" })).toContainText(name);
  await expectNoSeriousViolations(page, "/co-founders");

  await person.page.goto("/co-founder-invitations");
  const invitation = person.page.getByRole("listitem").filter({ hasText: "Build welding robots with us" });
  await expectNoSeriousViolations(person.page, "/co-founder-invitations");
  await invitation.getByLabel(/Message to/).fill("Count me in");
  await invitation.getByRole("button", { name: "Accept" }).click();
  await expect(toast(person.page, "Invitation accepted")).toBeVisible();
  await expect(invitation.getByText("Accepted", { exact: true })).toBeVisible();
  // The co-founder now finds the team they joined on their own team page.
  await person.page.getByRole("link", { name: "Co-founders", exact: true }).click();
  const joinedTeam = person.page.getByRole("list", { name: / team$/ });
  await expect(joinedTeam.getByRole("listitem").filter({ hasText: name })).toContainText("Co-founder & CTO");
  await expectNoSeriousViolations(person.page, "/co-founders (the teams a co-founder joined)");
  await person.context.close();

  await page.goto("/co-founder-invitations");
  await expect(page.getByRole("listitem").filter({ hasText: name })).toContainText("Accepted");
  await page.goto("/co-founders");
  const member = page.getByRole("list", { name: "Team members" }).getByRole("listitem").filter({ hasText: name });
  await expect(member).toContainText("Co-founder & CTO");

  await member.getByRole("link", { name: `Edit ${name}` }).click();
  await expectNoSeriousViolations(page, "/co-founders/edit/{id}");
  await page.getByLabel("Title").fill("CTO");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Team member updated.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Team members" })).toContainText("CTO · Technical");

  await page.goto(`/co-founders/${person.profile.id}`);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByRole("button", { name: `Add ${name} to favorites` })).toBeVisible();
  await expectNoSeriousViolations(page, "/co-founders/{id}");
  await page.goto("/co-founders/999999999");
  await expect(page.getByTestId("error-message")).toHaveText("Co-founder not found");
});

test("add: record someone not on Launchpad, with errors per field", async ({ page, startupUser }) => {
  expect(startupUser.id).toBeTruthy();
  await page.goto("/co-founders/add");
  await expectNoSeriousViolations(page, "/co-founders/add");
  await page.getByRole("button", { name: "Add to team" }).click();
  await expect(page.getByText("The name field is required.")).toBeVisible();
  await expect(page.getByText("The role field is required.")).toBeVisible();
  await page.getByLabel("Email (optional)").fill("not-an-email");
  await page.getByLabel("Email (optional)").blur();
  await expect(page.getByText("The email field must be a valid email address.")).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("Ngozi Offline");
  await page.getByLabel("Email (optional)").fill("ngozi@example.com");
  await page.getByLabel("Title").fill("Advisor");
  await page.getByLabel("Role").selectOption("Operations");
  await page.getByRole("button", { name: "Add to team" }).click();
  await expect(toast(page, "Team member added.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Team members" })).toContainText("Ngozi Offline");
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("invite with a plain form, accept with a plain form, remove after confirming", async ({ page, context, browser }) => {
    await robotsStartup(context);
    const name = `Nojs ${tag()}`;
    const person = await coFounderContext(browser, name, false);
    await page.goto(`/co-founders/add?q=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name: "Invite", exact: true }).click();
    // Without scripts the link loads the page with that one form open and focused.
    await expect(page.getByLabel("Message (optional)")).toBeFocused();
    await page.getByLabel("Message (optional)").fill("No scripts needed");
    await page.getByRole("button", { name: "Send invitation" }).click();
    // Toasts need JavaScript: the page itself shows the result.
    await expect(page.getByTestId(`pick-${person.profile.id}`)).toContainText("Invitation pending");

    await person.page.goto("/co-founder-invitations");
    await person.page.getByRole("button", { name: "Accept" }).click();
    await expect(person.page.getByRole("list", { name: "Invitations" })).toContainText("Accepted");
    await person.context.close();

    await page.goto("/co-founders");
    const member = page.getByRole("list", { name: "Team members" }).getByRole("listitem").filter({ hasText: name });
    await member.getByRole("link", { name: `Edit ${name}` }).click();
    await page.getByRole("link", { name: "Remove from team…" }).click();
    await page.getByRole("button", { name: "Remove from team" }).click();
    await expect(page).toHaveURL(/\/co-founders$/);
    await expect(page.getByText("No team members yet")).toBeVisible();
  });
});

test("invitations need a startup or a co-founder profile: 403 Access Forbidden from the API, setup first in the panel", async ({
  page,
  context,
}) => {
  await registerUser(context, "Nobody Yet");
  const response = await context.request.get("/api/v1/admin/co_founder_invitations", { headers: { Accept: "application/json" } });
  expect(response.status()).toBe(403);
  expect(await response.json()).toEqual({ message: "Access Forbidden" });
  // The panel sends a user with neither to set one up before any admin screen.
  await page.goto("/co-founder-invitations");
  await expect(page).toHaveURL(/\/setup/);
});
