import { AI_NOT_CONFIGURED, AI_PROVIDER_FAILED } from "#schemas/ai";
import { FAKE_AI_REPLY } from "../fakes/ai-fake";
import { expectNoSeriousViolations } from "./a11y";
import { withoutAi } from "./ai-server";
import { expect, publishedEventForm, test } from "./fixtures";

/**
 * The AI writing helper on the event form's description. The suite's server asks a loopback fake of
 * Gemini (playwright.config.ts); the "unavailable" state is the real thing too: a second server of the
 * same build with no AI settings at all, started only for that test (./ai-server.ts).
 */

const description = (page: import("@playwright/test").Page) => page.getByLabel("Description", { exact: true });

test.describe("AI suggestions, JavaScript on", () => {
  test("suggest a description, edit it, use it and save the form; discard another; see a provider failure", async ({
    page,
    context,
    startupUser,
  }) => {
    // One story on the builder, the panel's largest page, with three axe passes: more than the default 30 s on a busy machine.
    expect(startupUser.id).toBeGreaterThan(0);
    const form = await publishedEventForm(context, { title: `Pitch night ${Date.now().toString(36)}` });
    await page.goto(`/event-forms/edit/${form.id}`);
    await expect(description(page)).toHaveValue("A hands-on session for founders.");
    const suggest = page.getByRole("button", { name: "Suggest Description" });
    await expect(suggest).toBeEnabled();
    await expectNoSeriousViolations(page, "/event-forms/edit (AI helper)");

    await suggest.click();
    const draft = page.getByLabel("Suggested description (edit it before you use it)");
    await expect(draft).toHaveValue(FAKE_AI_REPLY);
    await expect(draft).toBeFocused();
    // Nothing reaches the field before the user says so.
    await expect(description(page)).toHaveValue("A hands-on session for founders.");
    await expectNoSeriousViolations(page, "/event-forms/edit (AI suggestion shown)");

    const edited = `${FAKE_AI_REPLY} Bring your deck.`;
    await draft.fill(edited);
    await page.getByRole("button", { name: "Use suggested description" }).click();
    await expect(draft).toBeHidden();
    await expect(description(page)).toHaveValue(edited);

    // Another suggestion, discarded: the field keeps the used one.
    await suggest.click();
    await expect(draft).toHaveValue(FAKE_AI_REPLY);
    await page.getByRole("button", { name: "Discard suggested description" }).click();
    await expect(draft).toBeHidden();
    await expect(description(page)).toHaveValue(edited);

    await page.getByRole("button", { name: "Save form" }).click();
    await expect(page.getByText("Event form updated", { exact: false }).first()).toBeVisible();
    await page.reload();
    await expect(description(page)).toHaveValue(edited);

    // The fake fails a prompt that asks it to (the title goes into the prompt): the API's 502 words are shown.
    await page.getByLabel("Title").fill("Broken fake-mode:error");
    await suggest.click();
    await expect(page.getByRole("alert").filter({ hasText: AI_PROVIDER_FAILED })).toBeVisible();
    await expect(draft).toBeHidden();
    await expectNoSeriousViolations(page, "/event-forms/edit (AI failure)");
  });
});

test.describe("AI suggestions in the startup details", () => {
  test("each long answer has its own Suggest; a used suggestion lands in that field only, and saves with the form", async ({
    page,
    startupUser,
  }) => {
    expect(startupUser.id).toBeGreaterThan(0);
    await page.goto("/complete-startup-details/3");
    const problem = page.getByLabel("Problem *", { exact: true });
    const solution = page.getByLabel("Solution *", { exact: true });
    await solution.fill("Robots that weed fields without chemicals.");
    await page.getByRole("button", { name: "Suggest Problem" }).click();
    const draft = page.getByLabel("Suggested problem (edit it before you use it)");
    await expect(draft).toHaveValue(FAKE_AI_REPLY);
    await expectNoSeriousViolations(page, "/complete-startup-details/3 (AI suggestion shown)");
    await draft.fill("Farmers lose a fifth of their harvest to weeds.");
    await page.getByRole("button", { name: "Use suggested problem" }).click();
    await expect(problem).toHaveValue("Farmers lose a fifth of their harvest to weeds.");
    await expect(solution).toHaveValue("Robots that weed fields without chemicals.");
    await page.getByLabel("Product stage *").selectOption("Prototype");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page).toHaveURL(/\/startup-details$/);
    await page.goto("/complete-startup-details/3");
    await expect(problem).toHaveValue("Farmers lose a fifth of their harvest to weeds.");
  });
});

test.describe("AI suggestions, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the helper offers nothing without JavaScript, and the form saves as before", async ({ page, context, startupUser }) => {
    expect(startupUser.id).toBeGreaterThan(0);
    const form = await publishedEventForm(context);
    await page.goto(`/event-forms/edit/${form.id}`);
    await expect(description(page)).toBeVisible();
    await expect(page.getByRole("button", { name: /Suggest/ })).toHaveCount(0);
    await description(page).fill("Written by hand.");
    await page.getByRole("button", { name: "Save form" }).click();
    await expect(page).toHaveURL(new RegExp(`/event-forms/edit/${form.id}$`));
    await expect(description(page)).toHaveValue("Written by hand.");
  });
});

withoutAi.describe("AI helper not configured", () => {
  withoutAi("the button is disabled with the reason, and the API says which settings to set", async ({ page, context, startupUser }) => {
    expect(startupUser.id).toBeGreaterThan(0);
    const form = await publishedEventForm(context);
    await page.goto(`/event-forms/edit/${form.id}`);
    const suggest = page.getByRole("button", { name: "Suggest Description" });
    await expect(suggest).toBeDisabled();
    await expect(page.getByText(AI_NOT_CONFIGURED)).toBeVisible();
    await expect(suggest).toHaveAccessibleDescription(AI_NOT_CONFIGURED);
    await expectNoSeriousViolations(page, "/event-forms/edit (AI helper unavailable)");

    // The API agrees: 503 with the same words.
    const token = decodeURIComponent((await context.cookies()).find((c) => c.name === "XSRF-TOKEN")!.value);
    const res = await context.request.post("/api/v1/admin/ai", {
      headers: { "X-XSRF-TOKEN": token, Accept: "application/json" },
      data: { contents: [{ parts: [{ text: "Hello" }] }] },
    });
    expect(res.status()).toBe(503);
    expect(await res.json()).toEqual({ message: AI_NOT_CONFIGURED });
  });
});
