import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { AI_NOT_CONFIGURED } from "#schemas/ai";
import { FAKE_AI_REPLY } from "../fakes/ai-fake";
import { withoutAi } from "./ai-server";
import { expectNoSeriousViolations } from "./a11y";
import { expect, setUpCoFounder, registerUser, test, toast } from "./fixtures";

/**
 * The resource center: guides with search, category and pages; the frameworks catalogue; a
 * Lean Canvas filled, saved (by itself with JavaScript, with the Save button without), reloaded, restored
 * and exported; its print layout. Each test makes its own startup, so canvases never meet.
 */

const box = (page: Page, title: string) => page.getByRole("textbox", { name: title, exact: true });
const version = (page: Page) => page.getByTestId("canvas-version");
/** Reloads the page's data the way a realtime reconnect does. */
const revalidate = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __reactRouterDataRouter: { revalidate(): Promise<void> } }).__reactRouterDataRouter.revalidate(),
  );

/** Longer than a box's first height: ten lines. */
const SEGMENTS = Array.from({ length: 10 }, (_, i) => `3PLs in city ${i + 1}`).join("\n");

for (const javaScriptEnabled of [true, false]) {
  test.describe(`resource center, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("fill and save a Lean Canvas, reload it, restore an older version, export Markdown", async ({ page, startupUser }) => {
      expect(startupUser.id).toBeGreaterThan(0);
      await page.goto("/resource-center/frameworks");
      await expect(page.getByRole("heading", { name: "Frameworks", level: 1 })).toBeVisible();
      await expect(page.getByRole("list", { name: "Frameworks" }).getByRole("listitem")).toHaveCount(8);
      if (javaScriptEnabled) await expectNoSeriousViolations(page, "/resource-center/frameworks");
      await page.getByRole("link", { name: "Lean Canvas" }).click();
      await expect(page).toHaveURL(/\/resource-center\/frameworks\/lean-canvas$/);
      await expect(page.getByRole("heading", { name: "Lean Canvas: E2E Robotics", level: 1 })).toBeVisible();
      await expect(version(page)).toHaveText("Not saved yet");
      await expect(page.getByText("No saved versions yet")).toBeVisible();
      if (javaScriptEnabled) await expectNoSeriousViolations(page, "/resource-center/frameworks/lean-canvas");

      // Version 1: with JavaScript it saves itself once typing stops; without, the Save button posts the form.
      await box(page, "Problem").fill("Pickers walk 12 km a shift.");
      await box(page, "Customer segments").fill(SEGMENTS);
      if (javaScriptEnabled) {
        await expect(page.getByTestId("autosave-status")).toHaveText("Saved");
        // The saved version shows at once, without a reload.
        await expect(version(page)).toContainText("Version 1, saved");
        await expect(page.getByRole("list", { name: "Saved versions" }).getByRole("listitem")).toHaveCount(1);
      } else {
        await page.getByRole("button", { name: "Save", exact: true }).click();
        // The post's own page load must end before the reload, or the two navigations collide.
        await expect(version(page)).toContainText("Version 1, saved");
      }
      await page.reload();
      await expect(version(page)).toContainText("Version 1, saved");
      await expect(box(page, "Problem")).toHaveValue("Pickers walk 12 km a shift.");
      await expect(box(page, "Customer segments")).toHaveValue(SEGMENTS);
      // A box grows with its text instead of scrolling inside.
      expect(await box(page, "Customer segments").evaluate((area) => area.scrollHeight - area.clientHeight)).toBeLessThanOrEqual(1);

      // Version 2, saved with the button either way.
      await box(page, "Problem").fill("Orders miss the 4 pm courier.");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      if (javaScriptEnabled) await expect(toast(page, "Canvas saved")).toBeVisible();
      await expect(version(page)).toContainText("Version 2, saved");
      await expect(box(page, "Problem")).toHaveValue("Orders miss the 4 pm courier.");

      // Restore version 1: it comes back as version 3, and the history keeps all three.
      const history = page.getByRole("list", { name: "Saved versions" });
      await expect(history.getByRole("listitem")).toHaveCount(2);
      await history.getByRole("button", { name: "Restore version 1" }).click();
      if (javaScriptEnabled) await expect(toast(page, "Version 1 restored")).toBeVisible();
      await expect(version(page)).toContainText("Version 3, saved");
      await expect(box(page, "Problem")).toHaveValue("Pickers walk 12 km a shift.");
      await expect(history.getByRole("listitem")).toHaveCount(3);
      await expect(history.getByRole("button", { name: /Restore version/ })).toHaveCount(2);

      let last = { version: 3, problem: "Pickers walk 12 km a shift." };
      if (javaScriptEnabled) {
        // An autosave shows its version at once, and the history lists it as the current one.
        await box(page, "Problem").fill("Typed during a reload.");
        await expect(version(page)).toContainText("Version 4, saved");
        await expect(history.getByRole("listitem").first()).toContainText("Version 4 Current");
        await expect(history.getByRole("button", { name: "Restore version 3" })).toBeVisible();
        // A reload of the page's data (as a realtime reconnect does) while an autosave waits keeps the typing and saves it.
        await box(page, "Problem").fill("Typed during a reload, twice.");
        await revalidate(page);
        await expect(box(page, "Problem")).toHaveValue("Typed during a reload, twice.");
        await expect(version(page)).toContainText("Version 5, saved");

        // A newer version saved in another tab never silently replaces unsaved typing here.
        const other = await page.context().newPage();
        await other.goto("/resource-center/frameworks/lean-canvas");
        await box(other, "Customer segments").fill("Changed in another tab");
        await expect(version(other)).toContainText("Version 6, saved");
        await other.close();
        await box(page, "Problem").fill("Mine, not saved yet.");
        await revalidate(page);
        await expect(page.getByTestId("canvas-elsewhere")).toContainText("Version 6 was saved elsewhere");
        await expect(box(page, "Problem")).toHaveValue("Mine, not saved yet.");
        await page.getByRole("button", { name: "Keep my text and save it as the newest version" }).click();
        await expect(version(page)).toContainText("Version 7, saved");
        await expect(page.getByTestId("autosave-status")).toHaveText("Saved");

        // A restore clicked while an autosave waits saves the typing first (version 8), then restores (version 9).
        // The autosave's answer is held until the restore was clicked, so the restore must wait for it, not race it.
        let releaseAutosave = () => {};
        const autosaveHeld = new Promise<void>((resolve) => (releaseAutosave = resolve));
        await page.route("**/lean-canvas.data*", async (route) => {
          if (route.request().postData()?.includes("autosave")) await autosaveHeld;
          await route.continue();
        });
        await box(page, "Problem").fill("Typed just before a restore.");
        await history.getByRole("button", { name: "Restore version 2" }).click();
        await expect(page.getByTestId("autosave-status")).toHaveText("Saving…");
        releaseAutosave();
        await expect(toast(page, "Version 2 restored")).toBeVisible();
        await expect(version(page)).toContainText("Version 9, saved");
        await expect(box(page, "Problem")).toHaveValue("Orders miss the 4 pm courier.");
        await expect(history.getByRole("listitem").nth(1)).toContainText("Typed just before a restore.");

        // Leaving with unsaved typing asks first; the export saves it before downloading.
        await box(page, "Problem").fill("Typed just before the export.");
        expect(await page.evaluate(() => !window.dispatchEvent(new Event("beforeunload", { cancelable: true })))).toBe(true);
        last = { version: 10, problem: "Typed just before the export." };
      }

      // Export Markdown: a download whose content is the canvas.
      const downloading = page.waitForEvent("download");
      await page.getByRole("link", { name: "Export Markdown" }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe("e2e-robotics-lean-canvas.md");
      const markdown = await readFile((await download.path())!, "utf8");
      expect(markdown).toMatch(new RegExp(`^# Lean Canvas: E2E Robotics\\n\\nVersion ${last.version}, saved \\d{4}-\\d\\d-\\d\\d\\.\\n`));
      expect(markdown).toContain(`## Problem\n\n${last.problem}\n`);
      // Markdown keeps each line of a box as a line: a line ending in two spaces breaks without a new paragraph.
      expect(markdown).toContain(`## Customer segments\n\n${SEGMENTS.replaceAll("\n", "  \n")}\n`);
      expect(markdown).toContain("## Unfair advantage\n\n_Empty_\n");
    });

    test("search guides, filter by category, page through them and read one", async ({ page, startupUser }) => {
      expect(startupUser.id).toBeGreaterThan(0);
      await page.goto("/resource-center");
      await expect(page.getByRole("heading", { name: "Resource center", level: 1 })).toBeVisible();
      const guides = page.getByRole("list", { name: "Guides" }).getByRole("listitem");
      await expect(guides).toHaveCount(6);
      await expect(page.getByRole("list", { name: "Frameworks" }).getByRole("link", { name: "Lean Canvas" })).toBeVisible();
      if (javaScriptEnabled) await expectNoSeriousViolations(page, "/resource-center");

      // Seven seeded guides, six a page.
      await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(guides).toHaveCount(1);

      const search = page.getByRole("searchbox", { name: "Search guides" });
      await search.fill("vesting cliff");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/search=vesting\+cliff/);
      await expect(guides).toHaveCount(2);
      await expect(guides.first()).toContainText("Finding and hiring a co-founder");

      await page.getByRole("combobox", { name: "Category" }).selectOption("Legal");
      await page.getByRole("searchbox", { name: "Search guides" }).fill("");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/category=Legal/);
      await expect(guides).toHaveCount(1);
      await expect(guides).toContainText("Legal basics for a new startup");

      await page.getByRole("searchbox", { name: "Search guides" }).fill("astrology");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page.getByText("No guides match “astrology” in Legal")).toBeVisible();
      if (javaScriptEnabled) await expectNoSeriousViolations(page, "/resource-center (no results)");
      await page.getByRole("link", { name: "Clear the search" }).click();
      await expect(guides).toHaveCount(6);

      await page.getByRole("link", { name: "Pricing your first product" }).click();
      await expect(page).toHaveURL(/\/resource-center\/guides\/pricing-your-first-product$/);
      await expect(page.getByRole("heading", { name: "Pricing your first product", level: 1 })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Price from value, not from cost", level: 2 })).toBeVisible();
      await expect(page.locator("article strong").first()).toBeVisible();
      if (javaScriptEnabled) await expectNoSeriousViolations(page, "/resource-center/guides/{slug}");
    });
  });
}

test("the print layout fits the canvas on one landscape page without the app around it", async ({ page, startupUser }) => {
  expect(startupUser.id).toBeGreaterThan(0);
  await page.goto("/resource-center/frameworks/business-model-canvas");
  for (const [title, text] of [
    ["Key partners", "Shenzhen assembler"],
    ["Value propositions", "Half the picking cost\nno capital needed"],
    ["Revenue streams", "Robot rental"],
  ]) {
    await box(page, title).fill(text);
  }
  await expect(page.getByTestId("autosave-status")).toHaveText("Saved");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(box(page, "Key partners")).toBeHidden();
  // Paper shows the text itself where the screen has a textarea.
  await expect(page.locator("p", { hasText: "Half the picking cost" })).toBeVisible();
  // Boxes sit where the real canvas has them: key partners left of value propositions, revenue at the bottom.
  const partners = (await page.getByRole("region", { name: "Key partners" }).boundingBox())!;
  const value = (await page.getByRole("region", { name: "Value propositions" }).boundingBox())!;
  const revenue = (await page.getByRole("region", { name: "Revenue streams" }).boundingBox())!;
  expect(partners.x).toBeLessThan(value.x);
  expect(revenue.y).toBeGreaterThan(value.y + value.height - 1);
  const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString("latin1");
  expect(pdf.match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(1);
  const [, width, height] = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf)!;
  expect(Number(width)).toBeGreaterThan(Number(height));
});

test("a canvas box is drafted with the AI helper (the suite's fake), edited, used and saved", async ({ page, startupUser }) => {
  expect(startupUser.id).toBeGreaterThan(0);
  await page.goto("/resource-center/frameworks/swot");
  await expect(page.getByRole("heading", { name: "SWOT analysis: E2E Robotics", level: 1 })).toBeVisible();
  await box(page, "Strengths").fill("Two founders who ran warehouses.");
  await page.getByRole("button", { name: "Suggest Weaknesses" }).click();
  const draft = page.getByLabel("Suggested weaknesses (edit it before you use it)");
  await expect(draft).toHaveValue(FAKE_AI_REPLY);
  // Nothing reaches the box before the user says so.
  await expect(box(page, "Weaknesses")).toHaveValue("");
  await expectNoSeriousViolations(page, "/resource-center/frameworks/{type} (AI suggestion shown)");
  await draft.fill("No hardware engineer yet.");
  await page.getByRole("button", { name: "Use suggested weaknesses" }).click();
  await expect(box(page, "Weaknesses")).toHaveValue("No hardware engineer yet.");
  await expect(page.getByTestId("autosave-status")).toHaveText("Saved");
  await page.reload();
  await expect(box(page, "Weaknesses")).toHaveValue("No hardware engineer yet.");
});

withoutAi("without an AI provider the canvas says so once, with no dead Suggest buttons", async ({ page, startupUser }) => {
  expect(startupUser.id).toBeGreaterThan(0);
  await page.goto("/resource-center/frameworks/okrs");
  await expect(page.getByRole("heading", { name: "OKRs: E2E Robotics", level: 1 })).toBeVisible();
  await expect(page.getByTestId("ai-unavailable")).toContainText(AI_NOT_CONFIGURED);
  await expect(page.getByRole("button", { name: /^Suggest/ })).toHaveCount(0);
  await expectNoSeriousViolations(page, "/resource-center/frameworks/{type} (AI unavailable)");
  // The canvas itself still works, and leaving by a link at once still saves the typing.
  await box(page, "Objective").fill("Win Lagos.");
  await page.getByRole("link", { name: "← Frameworks" }).click();
  await expect(page.getByRole("heading", { name: "Frameworks", level: 1 })).toBeVisible();
  await page.goBack();
  await expect(box(page, "Objective")).toHaveValue("Win Lagos.");
  await page.reload();
  await expect(box(page, "Objective")).toHaveValue("Win Lagos.");
});

test("a co-founder on no team reads a framework but has no canvas; an unknown framework is a 404", async ({ page, context }) => {
  await registerUser(context, "Cora Cofounder");
  await setUpCoFounder(context);
  await page.goto("/resource-center/frameworks/value-proposition-canvas");
  await expect(page.getByRole("heading", { name: "Value Proposition Canvas", level: 1 })).toBeVisible();
  await expect(page.getByRole("note")).toContainText("Canvases are saved for a startup or organization");
  await expect(page.getByRole("heading", { name: "Customer jobs", level: 2 })).toBeVisible();
  await expect(page.getByRole("textbox")).toHaveCount(0);
  await expectNoSeriousViolations(page, "/resource-center/frameworks/{type} (no startup)");

  const response = await page.goto("/resource-center/frameworks/no-such-framework");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Framework not found")).toBeVisible();
  const guide = await page.goto("/resource-center/guides/no-such-guide");
  expect(guide?.status()).toBe(404);
  await expect(page.getByText("Guide not found")).toBeVisible();
});
