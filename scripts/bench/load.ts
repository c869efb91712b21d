/**
 * npm run bench:http: throughput under load. autocannon (20 connections, BENCH_SECONDS each, default 10,
 * split over BENCH_ROUNDS alternating rounds, default 3)
 * against the production build on a freshly seeded database, every figure in the same run, with two
 * reference routes in the same server: GET /healthz (no database, no rendering) and the anonymous 404
 * page (the smallest server-rendered page). Prints req/s, p50, p99, each ratio and whether its target
 * is met, then the JavaScript a first load downloads (brotli-compressed) against the budgets.
 *
 * - BENCH_BEFORE_DIR: a checkout of an older commit, built: its /account is measured in the same run,
 *   for the "4× faster than before" target.
 * - First as `npm start` runs it (a process per core, docs/decisions/012), then with WEB_CONCURRENCY=1.
 * - PostgreSQL: when BENCH_DATABASE_URL (or the local postgres://postgres@127.0.0.1:5432/test) answers,
 *   the pages are measured again with DATABASE_URL on a throw-away database and WEB_CONCURRENCY=2.
 *
 * A benchmark, not a test: it exits 0 whether or not targets are met; non-zero only if it cannot measure.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync } from "node:zlib";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const log = (message: string) => console.log(`[bench:http] ${message}`);
const OWNER = "startup@launchpad.test";
const REVIEWER = "reviewer@launchpad.test";
const SUPER_ADMIN = "superadmin@launchpad.test";
import { DEMO_PASSWORD } from "#api/db/seed.ts";
import { temporaryDatabase } from "#api/testing/temporary-database.ts";
import { alternate, CONNECTIONS, figureRow, html, measure, ok, SECONDS, type Figures, type Target } from "./measure.ts";
import { Session } from "./http.ts";
import { rawLoad } from "./raw-load.ts";
import { defaultProcesses } from "#server/config.ts";
import { benchPostgresUrl, children, ensureBuilt, type RunningServer, startServer } from "./server.ts";

async function ownerIds(session: Session) {
  const forms = (await (
    await session.request("GET", "/api/v1/admin/event_forms?per_page=100", { headers: { Accept: "application/json" } })
  ).json()) as {
    data: { id: number; title: string; type_of_event: string }[];
  };
  const responses = forms.data.find((f) => f.title.includes("Demo Day"));
  const paid = forms.data.find((f) => f.type_of_event === "paid");
  if (!responses || !paid) throw new Error("bench: the demo forms were not found");
  const door = (await (
    await session.request("GET", `/api/v1/admin/event_forms/${responses.id}/check_ins?per_page=1`, {
      headers: { Accept: "application/json" },
    })
  ).json()) as { data: { ticket_code: string }[] };
  if (!door.data.length) throw new Error("bench: the demo day has no tickets");
  return { responses: responses.id, paid: paid.id, ticket: door.data[0].ticket_code };
}

/** The biggest hashed script the login page loads: the static-asset subject. */
async function firstScript(baseUrl: string): Promise<string> {
  const page = await (await fetch(`${baseUrl}/login`)).text();
  const src = [...page.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  if (!src.length) throw new Error("bench: /login loads no /assets script");
  const sizes = await Promise.all(src.map(async (s) => ({ s, n: (await (await fetch(baseUrl + s)).arrayBuffer()).byteLength })));
  return sizes.sort((a, b) => b.n - a.n)[0].s;
}

/** Scripts a first visit to `path` downloads (entry and module preloads), brotli-compressed, in KB. */
async function firstLoadKb(baseUrl: string, path: string, session?: Session): Promise<number> {
  const page = await (await fetch(baseUrl + path, { headers: session ? { cookie: session.cookieHeader() } : {} })).text();
  const scripts = new Set([...page.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  let bytes = 0;
  for (const script of scripts) bytes += brotliCompressSync(Buffer.from(await (await fetch(baseUrl + script)).arrayBuffer())).byteLength;
  return bytes / 1024;
}

const row = (label: string, f: Figures) => figureRow(label, f);
const verdict = (ratio: number, target: number) => `${ratio.toFixed(2)}× (target ≥ ${target}×) ${ratio >= target ? "met" : "NOT met"}`;

async function measurePages(server: RunningServer, title: string, withStatic: boolean) {
  const base = server.baseUrl;
  const owner = new Session(base);
  await owner.login(OWNER, DEMO_PASSWORD);
  const ids = await ownerIds(owner);
  const superAdmin = new Session(base);
  await superAdmin.login(SUPER_ADMIN, DEMO_PASSWORD);
  // The demo day's reviewer: their queue, and the first application in it on the scoring screen.
  const reviewer = new Session(base);
  await reviewer.login(REVIEWER, DEMO_PASSWORD);
  const queue = (await (
    await reviewer.request("GET", "/api/v1/admin/reviews?state=to_do", { headers: { Accept: "application/json" } })
  ).json()) as { data: { application_id: number }[] };
  if (!queue.data.length) throw new Error("bench: the demo reviewer has nothing to review");
  const targets: Record<string, Target> = {
    healthz: { label: "GET /healthz (reference)", path: "/healthz", expect: ok },
    notFound: { label: "404 page, anonymous (reference)", path: "/no-such-page", expect: (s) => s === 404 },
    apiUser: { label: "GET /api/user", path: "/api/user", session: owner, headers: { Accept: "application/json" }, expect: ok },
    account: { label: "/account", path: "/account", session: owner, expect: html("Account") },
    apiTokens: { label: "/account/tokens", path: "/account/tokens", session: owner, expect: html("API tokens") },
    webhooks: { label: "/webhooks", path: "/webhooks", session: owner, expect: html("Webhooks") },
    eventForms: { label: "/event-forms", path: "/event-forms", session: owner, expect: html("Demo Day") },
    events: { label: "/events", path: "/events", session: owner, expect: html("Founders") },
    responses: { label: "/event-responses/{id}", path: `/event-responses/${ids.responses}`, session: owner, expect: ok },
    door: { label: "/event-forms/check-in/{id}", path: `/event-forms/check-in/${ids.responses}`, session: owner, expect: html("Check-in") },
    payments: { label: "/event-forms/payments/{id}", path: `/event-forms/payments/${ids.paid}`, session: owner, expect: ok },
    announcements: {
      label: "/event-forms/announcements/{id}",
      path: `/event-forms/announcements/${ids.responses}`,
      session: owner,
      expect: html("Announcements: "),
    },
    reviews: { label: "/reviews, the reviewer's queue", path: "/reviews", session: reviewer, expect: html("Reviews") },
    scoring: {
      label: "/reviews/{id}, the scoring screen",
      path: `/reviews/${queue.data[0].application_id}`,
      session: reviewer,
      expect: html("Submit review"),
    },
    questionLibrary: { label: "/event-forms/question-library", path: "/event-forms/question-library", session: owner, expect: ok },
    startups: { label: "/startups", path: "/startups?type=startup", session: owner, expect: html("Acme Robotics") },
    profile: { label: "/startups/{username}", path: "/startups/acme-robotics", session: owner, expect: html("Acme Robotics") },
    findCoFounders: { label: "/co-founders/find", path: "/co-founders/find", session: owner, expect: html("shared skill") },
    team: { label: "/co-founders", path: "/co-founders", session: owner, expect: html("Amara Okafor") },
    invitations: { label: "/co-founder-invitations", path: "/co-founder-invitations", session: owner, expect: html("Cole Cofounder") },
    favorites: { label: "/favorites", path: "/favorites", session: owner, expect: html("Favorites") },
    startupDetails: { label: "/startup-details", path: "/startup-details", session: owner, expect: html("Basics") },
    resourceCenter: { label: "/resource-center", path: "/resource-center", session: owner, expect: html("Running a demo day") },
    canvas: {
      label: "/resource-center/frameworks/{type}",
      path: "/resource-center/frameworks/lean-canvas",
      session: owner,
      expect: html("Unfair advantage"),
    },
    outbox: { label: "/user-management/outbox", path: "/user-management/outbox", session: superAdmin, expect: html("Mail outbox") },
    forgotPassword: { label: "/forgot-password, anonymous", path: "/forgot-password", expect: html("Forgot your password") },
    // A ticket scanned at the door: checked in once, then "already checked in" (the same work: the look-up,
    // the insert that the unique key turns away, the figures).
    checkIn: {
      label: "POST …/check_ins, a ticket at the door",
      path: `/api/v1/admin/event_forms/${ids.responses}/check_ins`,
      session: owner,
      headers: { Accept: "application/json" },
      post: { code: ids.ticket },
      expect: (status) => status === 201 || status === 409,
    },
    eventPage: {
      label: "/e/{slug}, an event's public page, anonymous",
      path: "/e/lagos-robotics-demo-day-1",
      expect: html("Lagos Robotics Demo Day"),
    },
    resetPassword: {
      label: "/reset-password/{token}, an unknown link",
      path: `/reset-password/${"0".repeat(43)}`,
      expect: (status, body) => status === 404 && body.includes("This link does not work"),
    },
  };
  log(`${title}:`);
  const figures = await alternate(base, targets);
  for (const [key, target] of Object.entries(targets)) log(`  ${row(target.label, figures[key])}`);
  const r = (a: string, b: string) => figures[a].rps / figures[b].rps;
  log(`  GET /api/user / /healthz: ${verdict(r("apiUser", "healthz"), 0.2)}`);
  log(`  /account / 404 page: ${verdict(r("account", "notFound"), 0.4)}`);
  log(`  /e/{slug} / 404 page: ${verdict(r("eventPage", "notFound"), 0.8)}`);
  const checkInP99 = figures.checkIn.p99;
  log(`  check-in p99 at ${CONNECTIONS} connections: ${checkInP99} ms (target ≤ 50 ms) ${checkInP99 <= 50 ? "met" : "NOT met"}`);
  const lists = [
    "eventForms",
    "events",
    "responses",
    "payments",
    "announcements",
    "door",
    "startups",
    "profile",
    "findCoFounders",
    "team",
    "invitations",
    "favorites",
    "startupDetails",
    "resourceCenter",
    "canvas",
    "outbox",
    "forgotPassword",
    "resetPassword",
  ];
  for (const key of lists) log(`  ${targets[key].label} / /account: ${verdict(r(key, "account"), 0.7)}`);
  if (withStatic) {
    // Both measured by the byte-reading client (see raw-load.ts): autocannon would be the bottleneck for the asset.
    const assetPath = await firstScript(base);
    const encoded = { "Accept-Encoding": "br, gzip" };
    await rawLoad(base + assetPath, { connections: CONNECTIONS, seconds: 2, headers: encoded }); // warm-up
    const rawHealthz = await rawLoad(`${base}/healthz`, { connections: CONNECTIONS, seconds: SECONDS });
    const rawAsset = await rawLoad(base + assetPath, { connections: CONNECTIONS, seconds: SECONDS, headers: encoded });
    if (rawHealthz.non200 || rawAsset.non200) throw new Error("bench: /healthz or the asset answered other than 200 under load");
    log(`  ${row("GET /healthz (byte-reading client)", rawHealthz)}`);
    log(`  ${row("a hashed JS asset, br (byte-reading client)", rawAsset)}`);
    log(`  static asset / /healthz: ${verdict(rawAsset.rps / rawHealthz.rps, 0.5)}`);
    // fetch hands back the body decompressed: the size as sent is the Content-Length.
    const asset = await fetch(base + assetPath, { headers: encoded });
    const decoded = (await asset.arrayBuffer()).byteLength;
    log(
      `  asset ${assetPath}: ${asset.headers.get("content-length") ?? "?"} bytes as sent (${decoded} decompressed), ` +
        `Content-Encoding ${asset.headers.get("content-encoding") ?? "none"}, ` +
        `Cache-Control ${asset.headers.get("cache-control") ?? "none"}`,
    );
    log("  JS on first load (brotli):");
    for (const [pathName, session, budget] of [
      ["/login", undefined, 100],
      ["/account", owner, 200],
      ["/event-forms", owner, 200],
      [`/event-responses/${ids.responses}`, owner, 200],
    ] as const) {
      const kb = await firstLoadKb(base, pathName, session);
      log(`    ${pathName.padEnd(24)} ${kb.toFixed(1).padStart(6)} KB (budget ${budget} KB) ${kb <= budget ? "met" : "NOT met"}`);
    }
  }
  return figures;
}

/**
 * The scan figure measures the door's work: one member scanning thousands a second is past its limit otherwise.
 * The limit keeps each hit inside its window, so the window is one second: with the default minute, the
 * member's row would hold every scan of the last minute (tens of thousands here, where a real door's holds
 * at most its 60), and the figure would measure that list instead of the door.
 */
const SCANS_UNLIMITED = { CHECK_IN_MAX_PER_MEMBER: String(2 ** 31 - 1), CHECK_IN_WINDOW_SECONDS: "1" };

async function main() {
  ensureBuilt(ROOT, log);
  const tmp = await mkdtemp(path.join(os.tmpdir(), "launchpad-bench-http-"));
  const cleanups: (() => Promise<unknown>)[] = [() => rm(tmp, { recursive: true, force: true })];
  const stopAll = () => {
    for (const child of children) child.kill("SIGTERM");
  };
  process.on("SIGINT", stopAll);
  try {
    log(`${CONNECTIONS} connections, ${SECONDS} s per figure, ${os.cpus().length} CPUs`);
    const before = process.env.BENCH_BEFORE_DIR;
    let beforeAccount: Figures | undefined;
    if (before) {
      const server = await startServer(before, { DATA_DIR: path.join(tmp, "before"), ...SCANS_UNLIMITED }, log);
      try {
        const session = new Session(server.baseUrl);
        await session.login(OWNER, DEMO_PASSWORD);
        beforeAccount = await measure(server.baseUrl, { label: "/account", path: "/account", session, expect: html("Account") });
        log(`before (${before}): ${row("/account", beforeAccount)}`);
      } finally {
        await server.stop();
      }
    }
    // As `npm start` runs it: the embedded database, a process per core (the primary keeps PGlite, the
    // workers render; docs/decisions/012), then one process for comparison.
    const configurations: { name: string; title: string; env: Record<string, string>; withStatic: boolean }[] = [
      {
        name: "now",
        title: `this checkout as npm start runs it: embedded database, ${defaultProcesses()} processes`,
        env: { WEB_CONCURRENCY: String(defaultProcesses()) },
        withStatic: true,
      },
      {
        name: "single",
        title: "this checkout, embedded database, one process (WEB_CONCURRENCY=1)",
        env: { WEB_CONCURRENCY: "1" },
        withStatic: false,
      },
    ];
    for (const configuration of configurations) {
      const server = await startServer(
        ROOT,
        { DATA_DIR: path.join(tmp, configuration.name), ...SCANS_UNLIMITED, ...configuration.env },
        log,
      );
      try {
        const figures = await measurePages(server, configuration.title, configuration.withStatic);
        if (beforeAccount) log(`  /account now / before: ${verdict(figures.account.rps / beforeAccount.rps, 4)}`);
      } finally {
        await server.stop();
      }
    }
    const serverUrl = await benchPostgresUrl();
    if (serverUrl) {
      const temporary = await temporaryDatabase(serverUrl, "launchpad_bench");
      cleanups.push(temporary.drop);
      const pgServer = await startServer(ROOT, { DATABASE_URL: temporary.url, WEB_CONCURRENCY: "2", ...SCANS_UNLIMITED }, log);
      try {
        await measurePages(pgServer, "this checkout, PostgreSQL, WEB_CONCURRENCY=2", false);
      } finally {
        await pgServer.stop();
      }
    } else {
      log("no PostgreSQL server answered: the PostgreSQL figures are skipped");
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  for (const child of children) child.kill("SIGTERM");
  process.exit(1);
});
