/**
 * npm run bench: p50/p99 of the applicant's application list (GET /api/v1/admin/event_applications)
 * and of an event's responses page (/event-responses/{id}), at 1,000 and at 100,000 applications,
 * beside a bare page of the same admin layout (/account).
 *
 * Reproducible on any checkout:
 * 1. A temporary data directory gets the migrations and the demo seed (the same code server.ts runs on
 *    an empty database), then 1,000 forms and 1,000 applications by set-based SQL (seed.ts).
 * 2. A copy of it is grown to 100,000 applications. The measured subjects keep the same size in both
 *    (50 applications of the applicant, 500 responses of the target form): only the tables grow.
 * 3. The real server (`node --import tsx server.ts`, NODE_ENV=production, 127.0.0.1 only) is started on
 *    each directory, and requests alternate between sizes and subjects one at a time, so that load from
 *    elsewhere on the machine, GC and JIT fall on every figure alike instead of on one phase.
 *
 * A benchmark, not a test: it prints the figures and whether each target is met, and exits 0 either
 * way. It exits non-zero only when it cannot measure (build, seed or server failure).
 *
 * BENCH_REQUESTS (default 300) and BENCH_WARMUP (default 20) set the requests per subject and size.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { openDatabase, type Database } from "#api/db/client.ts";
import { DEMO_PASSWORD, seedDemoData } from "#api/db/seed.ts";
import { Session } from "./http.ts";
import { children, startServer, type RunningServer } from "./server.ts";
import {
  APPLICANT_APPLICATIONS,
  APPLICANT_EMAIL,
  FORMS,
  OWNER_EMAIL,
  TARGET_RESPONSES,
  seedPhaseA,
  seedPhaseB,
  type BenchIds,
} from "./seed.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : fallback;
};
const REQUESTS = positive(process.env.BENCH_REQUESTS, 300);
const WARMUP = positive(process.env.BENCH_WARMUP, 20);
const SMALL = 1_000;
const LARGE = 100_000;
const SIZE_RATIO_TARGET = 1.5;
const BARE_PAGE_RATIO_TARGET = 2;

const log = (message: string) => console.log(`[bench] ${message}`);
const fmt = (n: number) => n.toLocaleString("en-US");
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)}s`;

// ---- the server --------------------------------------------------------------------------------

// The same request again and again: without this the database's result cache (decision 019) would answer it,
// and the figures would say nothing about how the queries grow with the rows.
const startOn = (dataDir: string) => startServer(ROOT, { DATA_DIR: dataDir, DATABASE_RESULT_CACHE_MB: "0" }, log);

// ---- measuring ---------------------------------------------------------------------------------

const SUBJECTS = ["api", "responses", "bare"] as const;
type SubjectKey = (typeof SUBJECTS)[number];

const LABELS: Record<SubjectKey, string> = {
  api: "GET /api/v1/admin/event_applications",
  responses: "/event-responses/{id} page",
  bare: "/account (bare page)",
};

interface Subject {
  key: SubjectKey;
  session: Session;
  path: string;
  /** Checks an answer's body, so that a redirect or an error page is never timed as a fast answer. */
  check(body: string): string | null;
}

interface Figures {
  p50: number;
  p99: number;
  min: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentile of sorted samples. */
const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];

function figures(samples: number[]): Figures {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    min: sorted[0],
    max: sorted[sorted.length - 1],
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
  };
}

/** One request, timed from sending to the last byte of the body. Anything but 200 stops the bench. */
async function timeOne(subject: Subject, verify: boolean): Promise<number> {
  const started = performance.now();
  const response = await subject.session.request("GET", subject.path, {
    headers: { Accept: subject.key === "api" ? "application/json" : "text/html" },
  });
  const body = await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`bench: GET ${subject.path} answered ${response.status}: ${body.slice(0, 300)}`);
  if (verify) {
    const problem = subject.check(body);
    if (problem) throw new Error(`bench: GET ${subject.path}: ${problem}`);
  }
  return elapsed;
}

/** The three subjects on one server, logged in as the applicant and as the target form's owner. */
async function subjectsOn(baseUrl: string, ids: BenchIds): Promise<Subject[]> {
  const applicant = new Session(baseUrl);
  await applicant.login(APPLICANT_EMAIL, DEMO_PASSWORD);
  const owner = new Session(baseUrl);
  await owner.login(OWNER_EMAIL, DEMO_PASSWORD);
  return [
    {
      key: "api",
      session: applicant,
      path: "/api/v1/admin/event_applications",
      check(body) {
        const json = JSON.parse(body) as { data: unknown[]; meta: { total: number } };
        if (json.meta.total !== APPLICANT_APPLICATIONS)
          return `expected ${APPLICANT_APPLICATIONS} applications, the API counted ${json.meta.total}`;
        if (json.data.length !== 15) return `expected a page of 15, got ${json.data.length}`;
        return null;
      },
    },
    {
      key: "responses",
      session: owner,
      path: `/event-responses/${ids.targetFormId}`,
      check(body) {
        if (!body.includes(`${TARGET_RESPONSES} applications`)) return `the page does not say "${TARGET_RESPONSES} applications"`;
        const rows = body.match(/data-testid="response-\d+"/g)?.length ?? 0;
        if (rows !== 25) return `expected 25 response rows, found ${rows}`;
        return null;
      },
    },
    {
      key: "bare",
      session: owner,
      path: "/account",
      check: (body) => (body.includes("Your name, email, picture and password.") ? null : "not the account page"),
    },
  ];
}

type Results = Record<"small" | "large", Record<SubjectKey, Figures>>;

/**
 * Warm-up, then REQUESTS rounds; a round is one request to each subject at each size, one at a time,
 * the sizes in alternating order. Also samples the machine's load average while it runs.
 */
async function measure(servers: Record<"small" | "large", Subject[]>, load: number[]): Promise<Results> {
  const sizes = ["small", "large"] as const;
  for (const size of sizes) for (const subject of servers[size]) for (let i = 0; i < WARMUP; i++) await timeOne(subject, i === 0);
  const empty = (): Record<SubjectKey, number[]> => ({ api: [], responses: [], bare: [] });
  const samples = { small: empty(), large: empty() };
  for (let round = 0; round < REQUESTS; round++) {
    if (round % 25 === 0) load.push(os.loadavg()[0]);
    const order = round % 2 === 0 ? sizes : ([...sizes].reverse() as ("small" | "large")[]);
    for (const size of order) {
      for (const subject of servers[size]) samples[size][subject.key].push(await timeOne(subject, round === REQUESTS - 1));
    }
  }
  load.push(os.loadavg()[0]);
  const summarize = (s: Record<SubjectKey, number[]>) => ({ api: figures(s.api), responses: figures(s.responses), bare: figures(s.bare) });
  return { small: summarize(samples.small), large: summarize(samples.large) };
}

// ---- the report --------------------------------------------------------------------------------

function report(results: Results) {
  const lines: string[] = [];
  const row = (a: string, b: string, c: string, d: string) => lines.push(`${a.padEnd(11)}${b.padEnd(40)}${c.padStart(8)}${d.padStart(9)}`);
  row("rows", "endpoint", "p50 ms", "p99 ms");
  for (const [rows, f] of [
    [SMALL, results.small],
    [LARGE, results.large],
  ] as const) {
    for (const key of SUBJECTS) row(fmt(rows), LABELS[key], f[key].p50.toFixed(1), f[key].p99.toFixed(1));
  }
  const checks: { name: string; value: number; target: number; pass: boolean }[] = [];
  const check = (name: string, value: number, target: number) => checks.push({ name, value, target, pass: value <= target });
  for (const key of ["api", "responses"] as const) {
    for (const p of ["p50", "p99"] as const) {
      check(`${LABELS[key]} ${p}, ${fmt(LARGE)} / ${fmt(SMALL)} rows`, results.large[key][p] / results.small[key][p], SIZE_RATIO_TARGET);
    }
  }
  check(
    `responses page p50 / bare page p50 at ${fmt(LARGE)} rows`,
    results.large.responses.p50 / results.large.bare.p50,
    BARE_PAGE_RATIO_TARGET,
  );
  lines.push("", "targets");
  for (const c of checks) lines.push(`  ${c.pass ? "PASS" : "MISS"}  ${c.name.padEnd(64)} ${c.value.toFixed(2)}×  (target ≤ ${c.target}×)`);
  const smallPageRatio = results.small.responses.p50 / results.small.bare.p50;
  lines.push(`  info  ${`responses page p50 / bare page p50 at ${fmt(SMALL)} rows`.padEnd(64)} ${smallPageRatio.toFixed(2)}×`);
  const missed = checks.filter((c) => !c.pass);
  lines.push(
    "",
    missed.length
      ? `${missed.length} of ${checks.length} targets MISSED: ${missed.map((c) => c.name).join("; ")}`
      : `all ${checks.length} targets met`,
  );
  return { text: lines.join("\n"), checks };
}

function machine(load: number[]) {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpu_model: cpus[0]?.model.trim() ?? "unknown",
    memory_gb: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
    load_average_1m: { min: Math.min(...load), max: Math.max(...load) },
  };
}

// ---- the run -----------------------------------------------------------------------------------

/** A panel source file changed after the last build, if any: the server serves build/, not app/. */
async function newerThanBuild(): Promise<string | null> {
  const built = (await stat(path.join(ROOT, "build/server/index.js"))).mtimeMs;
  for (const entry of await readdir(path.join(ROOT, "app"), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if ((await stat(file)).mtimeMs > built) return path.relative(ROOT, file);
  }
  return null;
}

/** Opens the embedded database in `dataDir` in this process (no server may have it open), changes it, closes it. */
async function withDatabase<T>(dataDir: string, change: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    return await change(database);
  } finally {
    await database.close();
  }
}

async function main() {
  const runStarted = performance.now();
  if (!existsSync(path.join(ROOT, "build/server/index.js"))) {
    log("build/server/index.js is missing: running npm run build");
    const build = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
    if (build.status !== 0) throw new Error("bench: npm run build failed");
  }
  const stale = await newerThanBuild();
  if (stale) log(`WARNING: ${stale} is newer than build/: the pages measured are the last build's; run npm run build for current figures`);
  const tmp = await mkdtemp(path.join(os.tmpdir(), "launchpad-bench-"));
  const dirs = { small: path.join(tmp, `rows-${SMALL}`), large: path.join(tmp, `rows-${LARGE}`) };
  const stopOnSignal = (signal: NodeJS.Signals) => {
    log(`${signal}: stopping`);
    for (const child of children) child.kill("SIGTERM");
    void rm(tmp, { recursive: true, force: true }).finally(() => process.exit(130));
  };
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);
  const servers: RunningServer[] = [];
  try {
    log(`data in ${tmp}; ${REQUESTS} requests per subject and size after ${WARMUP} warm-up`);
    let started = performance.now();
    const ids = await withDatabase(dirs.small, async (database) => {
      await database.migrate();
      await seedDemoData(database.db);
      return seedPhaseA(database.db, SMALL);
    });
    log(`seeded ${fmt(FORMS)} forms and ${fmt(SMALL)} applications in ${seconds(started)}`);
    started = performance.now();
    await cp(dirs.small, dirs.large, { recursive: true });
    await withDatabase(dirs.large, (database) => seedPhaseB(database.db, LARGE, ids));
    log(`copied and grew it to ${fmt(LARGE)} applications in ${seconds(started)}`);

    started = performance.now();
    const small = await startOn(dirs.small);
    servers.push(small);
    const large = await startOn(dirs.large);
    servers.push(large);
    log(`started a server on each in ${seconds(started)}; measuring`);
    started = performance.now();
    const load: number[] = [];
    const results = await measure({ small: await subjectsOn(small.baseUrl, ids), large: await subjectsOn(large.baseUrl, ids) }, load);
    log(`measured in ${seconds(started)}`);

    const { text, checks } = report(results);
    const host = machine(load);
    console.log(`\n${text}\n`);
    console.log(`machine: ${host.cpus} CPUs (${host.cpu_model}), ${host.memory_gb} GB, ${host.platform}, Node ${host.node}`);
    console.log(`method: ${REQUESTS} requests per subject and size after ${WARMUP} warm-up; one at a time over keep-alive to 127.0.0.1,`);
    console.log(`        alternating between the two servers (${fmt(SMALL)} and ${fmt(LARGE)} rows) and the three subjects`);
    // One request is in flight at a time, so the bench itself keeps about one CPU busy; more than that is someone else.
    const busy = host.load_average_1m.max > host.cpus + 1;
    console.log(
      `load average (1 min) while measuring: ${host.load_average_1m.min.toFixed(2)}–${host.load_average_1m.max.toFixed(2)} ` +
        `on ${host.cpus} CPUs (the bench itself adds about 1)` +
        (busy
          ? "\nWARNING: other processes were competing for the CPUs; the figures (p99 above all) are not reliable: re-run on an idle machine"
          : ""),
    );
    const json = {
      requests: REQUESTS,
      warmup: WARMUP,
      machine: host,
      rows: { small: SMALL, large: LARGE },
      results,
      checks,
      busy,
      seconds: (performance.now() - runStarted) / 1000,
    };
    const jsonPath = path.join(os.tmpdir(), `launchpad-bench-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    await writeFile(jsonPath, JSON.stringify(json, null, 2) + "\n");
    console.log(`json: ${jsonPath}`);
  } finally {
    for (const server of servers) await server.stop();
    await rm(tmp, { recursive: true, force: true });
  }
}

await main();
