import type { BrowserContext } from "@playwright/test";
import { expectNoSeriousViolations } from "./a11y";
import { apiCall, expect, publishedEventForm, registerUser, setUpStartup, test, toast } from "./fixtures";

let counter = 0;

/** Another startup's published event, to save an application draft to. */
async function otherStartupEvent(browser: { newContext(): Promise<BrowserContext> }, title: string) {
  const context = await browser.newContext();
  await registerUser(context, "Event Host");
  await setUpStartup(context);
  const form = await publishedEventForm(context, { title });
  await context.close();
  return form;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`drafts, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("lists an application draft and a draft event form; continue, discard, publish", async ({
      page,
      context,
      browser,
      startupUser,
    }) => {
      expect(startupUser.id).toBeGreaterThan(0);
      await page.goto("/drafts");
      await expect(page.getByText("No drafts")).toBeVisible();
      await expect(page.getByRole("link", { name: "create an event form" })).toBeVisible();

      const unique = `${Date.now().toString(36)}${++counter}`;
      const event = await otherStartupEvent(browser, `Open workshop ${unique}`);
      await apiCall(context, "POST", `/api/v1/admin/event_forms/${event.id}/applications`, { intent: "draft", answers: {} });
      const { collection } = await apiCall(context, "POST", "/api/v1/admin/collections", { name: `Drafts ${unique}` });
      const { event_form: form } = await apiCall(context, "POST", "/api/v1/admin/event_forms", {
        collection_id: collection.id,
        title: `Half-built summit ${unique}`,
        description: "Not ready yet.",
        category: "Conference",
        nature: "online",
        timezone: "Africa/Lagos",
        starts_at: "2035-07-01T09:00",
        ends_at: "2035-07-01T17:00",
        online_link: "https://meet.example.com/summit",
        type_of_event: "free",
        questions: { full_name: { enabled: true, required: true } },
        custom_questions: [],
      });

      await page.goto("/drafts");
      const items = page.getByRole("list", { name: "Drafts" }).getByRole("listitem");
      await expect(items).toHaveCount(2);
      // The form was changed last, so it comes first.
      await expect(items.nth(0)).toContainText(`Half-built summit ${unique}`);
      await expect(items.nth(1)).toContainText(`Open workshop ${unique}`);
      await expect(items.nth(1)).toContainText("Fri, 1 Jun 2035, 18:00 – 21:00 (Africa/Lagos)");
      if (javaScriptEnabled) await expectNoSeriousViolations(page, "/drafts");

      await page.getByRole("link", { name: `Continue Open workshop ${unique}` }).click();
      await expect(page).toHaveURL(new RegExp(`/form-submission\\?form_id=${event.id}`));
      await page.goto("/drafts");

      await page.getByRole("link", { name: `Discard the draft for Open workshop ${unique}…` }).click();
      await expect(page.getByText("Discard this draft and its answers?")).toBeVisible();
      if (javaScriptEnabled) await expectNoSeriousViolations(page, "/drafts (confirm)");
      await page.getByRole("button", { name: "Yes, discard it" }).click();
      // Toasts need JavaScript; without it the list itself shows the change.
      if (javaScriptEnabled) await expect(toast(page, "Draft discarded.")).toBeVisible();
      await expect(items).toHaveCount(1);
      await expect(page).toHaveURL(/\/drafts$/);

      await expect(page.getByRole("link", { name: `Edit Half-built summit ${unique}` })).toHaveAttribute(
        "href",
        `/event-forms/edit/${form.id}`,
      );
      await page.getByRole("button", { name: `Publish Half-built summit ${unique}` }).click();
      if (javaScriptEnabled) await expect(toast(page, "Event form published.")).toBeVisible();
      await expect(page.getByText("No drafts")).toBeVisible();
    });
  });
}
