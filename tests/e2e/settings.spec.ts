import { expectNoSeriousViolations } from "./a11y";
import { expect, test, toast } from "./fixtures";

/** "Member since …" on /account as the server would write it for a zone and format (see app/lib/dates.tsx). */
function memberSince(createdAt: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).formatToParts(createdAt);
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `Member since ${part("year")}-${part("month")}-${part("day")}.`;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`settings, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("time zone and date format change the dates shown; theme, layout and notifications are kept", async ({ page, startupUser }) => {
      expect(startupUser.id).toBeGreaterThan(0);
      await page.goto("/settings");
      await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
      if (javaScriptEnabled) await expectNoSeriousViolations(page, "/settings");

      // Kiritimati is 14 hours ahead of UTC: for half of every day its date is not UTC's.
      await page.getByLabel("Time zone").selectOption("Pacific/Kiritimati");
      await page.getByLabel("Date format").selectOption("iso");
      await page.getByLabel("Theme").selectOption("dark");
      await page.getByLabel("Layout").selectOption("compact");
      await page.getByRole("checkbox", { name: "You receive a chat message" }).uncheck();
      await page.getByRole("button", { name: "Save settings" }).click();
      // Said as a toast, or without JavaScript at the top of the page the redirect lands on.
      if (javaScriptEnabled) await expect(toast(page, "Settings saved")).toBeVisible();
      else await expect(page.getByTestId("flash-notice")).toHaveText("Settings saved");
      // The saved page is there (without JavaScript, the form's POST and redirect are a navigation that a
      // reload must not cut short): its first paint carries the saved theme.
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");

      await page.reload();
      // Said once: the next page does not say it again.
      await expect(page.getByTestId("flash-notice")).toHaveCount(0);
      await expect(page.getByLabel("Time zone")).toHaveValue("Pacific/Kiritimati");
      await expect(page.getByLabel("Date format")).toHaveValue("iso");
      await expect(page.getByRole("checkbox", { name: "You receive a chat message" })).not.toBeChecked();
      await expect(page.getByRole("checkbox", { name: "Someone follows you" })).toBeChecked();
      // The theme is on the first paint (server-rendered), and the layout is compact at any width.
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
      await expect(page.locator("[data-layout]")).toHaveAttribute("data-layout", "compact");
      if (javaScriptEnabled) await expectNoSeriousViolations(page, "/settings (dark)");

      const me = await page.request.get("/api/user", {
        headers: { Accept: "application/json" },
      });
      const createdAt = new Date(((await me.json()) as { created_at: string }).created_at);
      await page.goto("/account");
      await expect(page.getByText(memberSince(createdAt, "Pacific/Kiritimati"))).toBeVisible();
    });
  });
}

test("a time zone that is not on the list is refused on its field", async ({ page, startupUser }) => {
  expect(startupUser.id).toBeGreaterThan(0);
  await page.goto("/settings");
  // Hydration settles the select's value, so the tampering waits for it.
  await page.waitForLoadState("networkidle");
  // A tampered form (the list only offers real zones) is stopped on the field; the API test covers the server.
  await page.getByLabel("Time zone").evaluate((select: HTMLSelectElement) => {
    const option = document.createElement("option");
    option.value = "Mars/Olympus";
    option.textContent = "Mars/Olympus";
    select.append(option);
    select.value = "Mars/Olympus";
  });
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Choose a time zone from the list.")).toBeVisible();
});
