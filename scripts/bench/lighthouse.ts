/**
 * npm run bench:lighthouse: every screen as a phone sees it. Lighthouse 12 in its default mobile profile
 * (simulated 4× slower CPU and slow 4G) against the production build on a freshly seeded database, with the
 * system Chromium, logged in as the demo startup account. Each screen twice:
 *
 * - first visit: nothing in the browser's storage, so the onboarding tour starts over the page;
 * - returning: the tour already seen (its localStorage flag set).
 *
 * The HTTP cache is emptied before every run, so each is a cold load. A simulated score moves by several
 * points from run to run with what else the machine does, so each figure is the median of BENCH_RUNS runs
 * (default 3, by performance score), as Lighthouse's own advice has it. The screens are /login (logged out)
 * and every link of the account's sidebar, read from the page itself; BENCH_SCREENS="/dashboard,/events"
 * measures only those. Prints each run's category scores and vitals against the targets below;
 * BENCH_REPORT_DIR=dir also keeps each run's full Lighthouse report there as HTML, to see why.
 *
 * A benchmark, not a test: it exits 0 whether or not targets are met; non-zero only if it cannot measure.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import lighthouse from "lighthouse";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { DEMO_PASSWORD } from "#api/db/seed.ts";
import { launchOptions } from "../../playwright.config.ts";
import { INTRO_FLAG } from "../../app/components/tour/tour-steps.ts";
import { Session } from "./http.ts";
import { children, startServer } from "./server.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const FULL_CHROMIUM = "/usr/bin/chromium";
const ACCOUNT = "startup@launchpad.test";
const log = (message: string) => console.log(`[bench:lighthouse] ${message}`);

/** What a user on a phone should feel: the performance score by visit, and the vitals on every run. */
export const TARGETS = { firstVisitScore: 90, returningScore: 95, cls: 0.1, tbtMs: 200, lcpMs: 2500 } as const;

// Not SEO: the admin screens ask not to be indexed, on purpose (only public event pages are).
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));

const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;

interface Run {
  screen: string;
  visit: "first" | "returning";
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits under full marks that the performance or accessibility score counts, for the one reading the figures. */
  failing: string[];
}

/** The sidebar's own links on Home: what this account can open, so the list follows the navigation. */
async function sidebarScreens(session: Session): Promise<string[]> {
  const page = await (await session.request("GET", "/")).text();
  const nav = page.match(/<nav[^>]*aria-label="Main"[^>]*>([\s\S]*?)<\/nav>/)?.[1];
  if (!nav) throw new Error("bench: Home has no main navigation to read the screens from");
  return [...new Set([...nav.matchAll(/href="(\/[^"]*)"/g)].map((m) => m[1]))];
}

async function measure(browser: Browser, baseUrl: string, session: Session | undefined, screen: string, visit: Run["visit"]): Promise<Run> {
  const page: Page = await browser.newPage();
  try {
    const client = await page.createCDPSession();
    await client.send("Network.clearBrowserCache");
    await client.send("Network.clearBrowserCookies");
    if (session)
      await browser.setCookie(
        ...session
          .cookieHeader()
          .split("; ")
          .map((pair) => {
            const eq = pair.indexOf("=");
            return { name: pair.slice(0, eq), value: pair.slice(eq + 1), domain: new URL(baseUrl).hostname, path: "/" };
          }),
      );
    // The tour's flag lives in the origin's storage: set or cleared from a page of the origin with no app on it.
    await page.goto(`${baseUrl}/healthz`);
    await page.evaluate(
      (flag, returning) => (returning ? localStorage.setItem(flag, "true") : localStorage.clear()),
      INTRO_FLAG,
      visit === "returning",
    );
    const result = await lighthouse(
      baseUrl + screen,
      { output: "html", logLevel: "error", disableStorageReset: true, onlyCategories: [...CATEGORIES] },
      undefined,
      page,
    );
    if (!result) throw new Error(`bench: Lighthouse returned nothing for ${screen}`);
    const { lhr } = result;
    const reports = process.env.BENCH_REPORT_DIR;
    if (reports) {
      await mkdir(reports, { recursive: true });
      const name = `${screen.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "home"}-${visit}`;
      await writeFile(path.join(reports, `${name}.html`), String(result.report));
      await writeFile(path.join(reports, `${name}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`bench: Lighthouse failed on ${screen}: ${lhr.runtimeError.message}`);
    const finalUrl = new URL(lhr.finalDisplayedUrl);
    if (finalUrl.pathname !== new URL(baseUrl + screen).pathname)
      throw new Error(`bench: ${screen} ended on ${finalUrl.pathname} (the session did not hold?)`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const counted = new Set(
      [lhr.categories.performance, lhr.categories.accessibility].flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => r.id)),
    );
    return {
      screen,
      visit,
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Run["scores"],
      lcpMs: audit("largest-contentful-paint"),
      tbtMs: audit("total-blocking-time"),
      cls: audit("cumulative-layout-shift"),
      failing: Object.values(lhr.audits)
        .filter((a) => counted.has(a.id) && a.score !== null && a.score < 0.9)
        .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ""}`),
    };
  } finally {
    await page.close();
  }
}

function verdicts(run: Run): string[] {
  const score = run.visit === "first" ? TARGETS.firstVisitScore : TARGETS.returningScore;
  const missed: string[] = [];
  if (run.scores.performance < score) missed.push(`performance < ${score}`);
  if (run.cls > TARGETS.cls) missed.push(`CLS > ${TARGETS.cls}`);
  if (run.tbtMs > TARGETS.tbtMs) missed.push(`TBT > ${TARGETS.tbtMs} ms`);
  if (run.lcpMs > TARGETS.lcpMs) missed.push(`LCP > ${TARGETS.lcpMs} ms`);
  return missed;
}

const line = (run: Run) => {
  const missed = verdicts(run);
  const s = run.scores;
  return (
    `${run.screen.padEnd(26)} ${run.visit.padEnd(9)} perf ${String(s.performance).padStart(3)}  a11y ${String(s.accessibility).padStart(3)}` +
    `  bp ${String(s["best-practices"]).padStart(3)}  LCP ${(run.lcpMs / 1000).toFixed(2)} s` +
    `  TBT ${Math.round(run.tbtMs).toString().padStart(4)} ms  CLS ${run.cls.toFixed(3)}  ${missed.length ? `NOT met: ${missed.join(", ")}` : "met"}`
  );
};

async function main() {
  if (!existsSync(path.join(ROOT, "build/server/index.js"))) {
    log("building the app first (npm run build)");
    if (spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" }).status !== 0) throw new Error("bench: the build failed");
  }
  const tmp = await mkdtemp(path.join(os.tmpdir(), "launchpad-bench-lighthouse-"));
  const server = await startServer(ROOT, { DATA_DIR: tmp }, log);
  const browser = await puppeteer.launch({
    // The full browser, as a phone's Chrome is, rather than the tests' headless shell.
    executablePath: process.env.CHROMIUM_PATH ?? (existsSync(FULL_CHROMIUM) ? FULL_CHROMIUM : launchOptions.executablePath),
    args: [...launchOptions.args, "--headless=new"],
    headless: true,
  });
  try {
    const session = new Session(server.baseUrl);
    await session.login(ACCOUNT, DEMO_PASSWORD);
    const only = process.env.BENCH_SCREENS?.split(",").filter(Boolean);
    const screens = only ?? ["/login", ...(await sidebarScreens(session))];
    log(`Lighthouse mobile profile, ${screens.length} screens as ${ACCOUNT}, first visit (tour) and returning, median of ${RUNS}`);
    const runs: Run[] = [];
    for (const screen of screens) {
      const loggedIn = screen === "/login" ? undefined : session;
      for (const visit of ["first", "returning"] as const) {
        const repeats: Run[] = [];
        for (let i = 0; i < RUNS; i++) repeats.push(await measure(browser, server.baseUrl, loggedIn, screen, visit));
        const run = repeats.sort((a, b) => a.scores.performance - b.scores.performance)[Math.floor(RUNS / 2)];
        runs.push(run);
        log(line(run));
        if (run.failing.length) log(`    under full marks: ${run.failing.join("; ")}`);
      }
    }
    const missed = runs.filter((run) => verdicts(run).length);
    log(`${runs.length - missed.length} of ${runs.length} runs meet every target`);
  } finally {
    await browser.close();
    await server.stop();
    await rm(tmp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  for (const child of children) child.kill("SIGTERM");
  process.exit(1);
});
