import type { AxeResults, ImpactValue, Result } from "axe-core";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

/**
 * axe-core checks for the e2e specs. axe's source is injected with page.evaluate, which runs
 * through the DevTools protocol and so is not held back by the panel's nonce Content-Security-Policy.
 */
const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** WCAG 2.0, 2.1 and 2.2 levels A and AA. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** The impacts that fail a check. */
export const BLOCKING_IMPACTS: ImpactValue[] = ["serious", "critical"];

/** Runs axe over the whole document and returns every violation (all impacts). */
export async function runAxe(page: Page): Promise<Result[]> {
  await settleAnimations(page);
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === "object");
  if (!loaded) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (values) =>
      (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(document, {
        runOnly: { type: "tag", values },
        resultTypes: ["violations"],
      }),
    WCAG_TAGS,
  );
  return results.violations;
}

/**
 * Waits for running CSS transitions and finite animations (a fading-in tour step, say) to end, so colours
 * are checked as they are shown and not half-way through a fade. Endless ones (spinners) are not waited for.
 */
async function settleAnimations(page: Page) {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    const timeout = new Promise((resolve) => setTimeout(resolve, 2_000));
    await Promise.race([Promise.allSettled(finite.map((animation) => animation.finished)), timeout]);
  });
}

/** The serious and critical violations on the page as it is now. */
export async function seriousViolations(page: Page): Promise<Result[]> {
  return (await runAxe(page)).filter((violation) => violation.impact && BLOCKING_IMPACTS.includes(violation.impact));
}

/** One violation per block: rule, impact, help, then each offending node's selector and what axe says about it. */
export function formatViolations(violations: Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => {
        const summary = (node.failureSummary ?? "").replace(/\s*\n\s*/g, " ").trim();
        return `    - ${node.target.join(" ")}\n      ${node.html.slice(0, 200)}\n      ${summary}`;
      });
      return (
        `[${violation.impact}] ${violation.id}: ${violation.help} ` +
        `(${violation.nodes.length} node${violation.nodes.length === 1 ? "" : "s"})\n  ${violation.helpUrl}\n${nodes.join("\n")}`
      );
    })
    .join("\n\n");
}

/**
 * Fails with a readable list when axe finds anything serious or critical on the page. `soft` records the
 * failure and lets the test go on, so one test can report every screen it visits.
 */
export async function expectNoSeriousViolations(page: Page, screen = page.url(), { soft = false } = {}) {
  const violations = await seriousViolations(page);
  const check = soft ? expect.soft : expect;
  check(violations.length, `axe: serious or critical violations on ${screen}:\n\n${formatViolations(violations)}\n`).toBe(0);
}

/** The same check in the light theme and the dark one, then back to the device's. */
export async function expectNoSeriousViolationsInBothThemes(page: Page, screen: string) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousViolations(page, `${screen} (${colorScheme})`);
  }
  await page.emulateMedia({ colorScheme: null });
}
