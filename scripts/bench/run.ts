/**
 * npm run bench: p50/p99 of the applicant's application list (GET /api/v1/admin/event_applications)
 * and of an event's responses page (/event-responses/{id}), at 1,000 and at 100,000 applications,
 * beside a bare page of the same admin layout (/account).
 *
 * Reproducible on any checkout: a temporary DATA_DIR gets the migrations and the demo seed (the same
 * code server.ts runs on an empty database), then bulk rows by set-based SQL (seed.ts). The real server
 * (`node --import tsx server.ts`, NODE_ENV=production, 127.0.0.1 only) is started on it to measure and
 * stopped again to add rows, since an embedded PGlite data directory is open in one process at a time.
 * The measured subjects keep the same size in both phases (50 applications of the applicant, 500
 * responses of the target form), so only the size of the tables changes.
 *
 * A benchmark, not a test: it prints the figures and whether each target is met, and exits 0 either
 * way. It exits non-zero only when it cannot measure (build, seed or server failure).
 *
 * BENCH_REQUESTS (default 300) and BENCH_WARMUP (default 20) change the number of requests per subject.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { openDatabase } from "../../api/db/client.ts";
import { DEMO_PASSWORD, seedDemoData } from "../../api/db/seed.ts";
import { Session } from "./http.ts";
import { APPLICANT_APPLICATIONS, APPLICANT_EMAIL, OWNER_EMAIL, TARGET_RESPONSES, seedPhaseA, seedPhaseB, type BenchIds } from "./seed.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : fallback;
};
const REQUESTS = positive(process.env.BENCH_REQUESTS, 300);
const WARMUP = positive(process.env.BENCH_WARMUP, 20);
const PHASES = [1_000, 100_000] as const;
const SIZE_RATIO_TARGET = 1.5;
const BARE_PAGE_RATIO_TARGET = 2;
const SERVER_START_TIMEOUT_MS = 120_000;
const SERVER_STOP_TIMEOUT_MS = 30_000;

const log = (message: string) => console.log(`[bench] ${message}`);
const fmt = (n: number) => n.toLocaleString("en-US");

// ---- the server --------------------------------------------------------------------------------

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

let current: ChildProcess | null = null;

async function startServer(dataDir: string): Promise<RunningServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir };
  // The bench's own database settings must not leak in: it measures the embedded engine in DATA_DIR.
  delete env.DATABASE_URL;
  delete env.API_URL;
  delete env.APP_URL;
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  current = child;
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bench: the server did not start in ${SERVER_START_TIMEOUT_MS / 1000}s:\n${output}`)), SERVER_START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Launchpad is running")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`bench: the server exited (code ${code}) before it was running:\n${output}`));
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), SERVER_STOP_TIMEOUT_MS);
      const code = await exited;
      clearTimeout(timer);
      current = null;
      if (code !== 0) log(`the server stopped with code ${code}; its output:\n${output}`);
    },
  };
}

// ---- measuring ---------------------------------------------------------------------------------

interface Subject {
  key: "api" | "responses" | "bare";
  session: Session;
  path: string;
  /** Checks one answer's body, so a redirect or an error page can never be timed as a fast answer. */
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

async function timeOne(subject: Subject, verify: boolean): Promise<number> {
  const started = performance.now();
  const response = await subject.session.request("GET", subject.path, { headers: { Accept: subject.key === "api" ? "application/json" : "text/html" } });
  const body = await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`bench: GET ${subject.path} answered ${response.status}: ${body.slice(0, 300)}`);
  if (verify) {
    const problem = subject.check(body);
    if (problem) throw new Error(`bench: GET ${subject.path}: ${problem}`);
  }
  return elapsed;
}

/**
 * Warm-up, then REQUESTS sequential requests per subject, taken in turn (api, page, bare, api, …) so
 * that drift over the run (GC, JIT, the machine) falls on every subject alike.
 */
async function measure(baseUrl: string, ids: BenchIds): Promise<Record<Subject["key"], Figures>> {
  const applicant = new Session(baseUrl);
  await applicant.login(APPLICANT_EMAIL, DEMO_PASSWORD);
  const owner = new Session(baseUrl);
  await owner.login(OWNER_EMAIL, DEMO_PASSWORD);
  const subjects: Subject[] = [
    {
      key: "api",
      session: applicant,
      path: "/api/v1/admin/event_applications",
      check(body) {
        const json = JSON.parse(body) as { data: unknown[]; meta: { total: number } };
        if (json.meta.total !== APPLICANT_APPLICATIONS) return `expected ${APPLICANT_APPLICATIONS} applications, the API counted ${json.meta.total}`;
        if (json.data.length !== 15) return `expected a page of 15, got ${json.data.length}`;
        return null;
      },
    },
    {
      key: "responses",
      session: owner,
      path: `/event-responses/${ids.targetFormId}`,
      check(body) {
        if (!body.includes(`${fmt(TARGET_RESPONSES)} applications`) && !body.includes(`${TARGET_RESPONSES} applications`))
          return `the page does not say "${TARGET_RESPONSES} applications"`;
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
  for (const subject of subjects) {
    for (let i = 0; i < WARMUP; i++) await timeOne(subject, i === 0);
  }
  const samples: Record<Subject["key"], number[]> = { api: [], responses: [], bare: [] };
  for (let i = 0; i < REQUESTS; i++) {
    for (const subject of subjects) samples[subject.key].push(await timeOne(subject, i === REQUESTS - 1));
  }
  return { api: figures(samples.api), responses: figures(samples.responses), bare: figures(samples.bare) };
}

// ---- the run -----------------------------------------------------------------------------------

const LABELS: Record<Subject["key"], string> = {
  api: "GET /api/v1/admin/event_applications",
  responses: "/event-responses/{id} page",
  bare: "/account (bare page)",
};

function report(results: { rows: number; figures: Record<Subject["key"], Figures> }[]) {
  const lines: string[] = [];
  const row = (a: string, b: string, c: string, d: string) => lines.push(`${a.padEnd(11)}${b.padEnd(40)}${c.padStart(8)}${d.padStart(9)}`);
  row("rows", "endpoint", "p50 ms", "p99 ms");
  for (const { rows, figures: f } of results) {
    for (const key of ["api", "responses", "bare"] as const) row(fmt(rows), LABELS[key], f[key].p50.toFixed(1), f[key].p99.toFixed(1));
  }
  const [small, large] = results;
  const checks: { name: string; value: number; target: number; pass: boolean }[] = [];
  const check = (name: string, value: number, target: number) => checks.push({ name, value, target, pass: value <= target });
  for (const key of ["api", "responses"] as const) {
    for (const p of ["p50", "p99"] as const) {
      check(`${LABELS[key]} ${p} at ${fmt(large.rows)} / at ${fmt(small.rows)}`, large.figures[key][p] / small.figures[key][p], SIZE_RATIO_TARGET);
    }
  }
  check(`responses page p50 / bare page p50 at ${fmt(large.rows)}`, large.figures.responses.p50 / large.figures.bare.p50, BARE_PAGE_RATIO_TARGET);
  lines.push("", "targets");
  for (const c of checks) lines.push(`  ${c.pass ? "PASS" : "MISS"}  ${c.name.padEnd(66)} ${c.value.toFixed(2)}× (target ≤ ${c.target}×)`);
  lines.push(
    `  info  responses page p50 / bare page p50 at ${fmt(small.rows)}: ${(small.figures.responses.p50 / small.figures.bare.p50).toFixed(2)}×`,
  );
  const missed = checks.filter((c) => !c.pass);
  lines.push("", missed.length ? `${missed.length} of ${checks.length} targets MISSED (see MISS above)` : `all ${checks.length} targets met`);
  return { text: lines.join("\n"), checks };
}

function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpu_model: cpus[0]?.model ?? "unknown",
    memory_gb: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
  };
}

async function main() {
  const runStarted = performance.now();
  if (!existsSync(path.join(ROOT, "build/server/index.js"))) {
    log("build/server/index.js is missing: running npm run build");
    const build = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
    if (build.status !== 0) throw new Error("bench: npm run build failed");
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "launchpad-bench-"));
  let server: RunningServer | null = null;
  const stopOnSignal = (signal: NodeJS.Signals) => {
    log(`${signal}: stopping`);
    current?.kill("SIGTERM");
    void rm(dataDir, { recursive: true, force: true }).finally(() => process.exit(130));
  };
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);
  try {
    log(`data directory ${dataDir}; ${REQUESTS} requests per subject after ${WARMUP} warm-up`);
    const results: { rows: number; figures: Record<Subject["key"], Figures> }[] = [];
    let ids: BenchIds | null = null;
    for (const rows of PHASES) {
      const seedStarted = performance.now();
      const database = await openDatabase({ dataDir });
      try {
        if (!ids) {
          await database.migrate();
          await seedDemoData(database.db);
          ids = await seedPhaseA(database.db, rows);
        } else {
          await seedPhaseB(database.db, rows, ids);
        }
      } finally {
        await database.close();
      }
      log(`seeded ${fmt(rows)} applications on 1,000 forms in ${((performance.now() - seedStarted) / 1000).toFixed(1)}s; starting the server`);
      server = await startServer(dataDir);
      const measureStarted = performance.now();
      results.push({ rows, figures: await measure(server.baseUrl, ids) });
      log(`measured at ${fmt(rows)} rows in ${((performance.now() - measureStarted) / 1000).toFixed(1)}s`);
      await server.stop();
      server = null;
    }

    const { text, checks } = report(results);
    const host = machine();
    console.log("");
    console.log(text);
    console.log(`\nmachine: ${host.cpus} CPUs (${host.cpu_model}), ${host.memory_gb} GB, ${host.platform}, Node ${host.node}`);
    console.log(`requests: ${REQUESTS} per subject per size after ${WARMUP} warm-up, sequential, keep-alive, 127.0.0.1`);
    const json = {
      requests: REQUESTS,
      warmup: WARMUP,
      machine: host,
      results: results.map(({ rows, figures: f }) => ({ rows, ...f })),
      checks,
      seconds: Math.round((performance.now() - runStarted) / 100) / 10,
    };
    const jsonPath = path.join(os.tmpdir(), `launchpad-bench-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    await writeFile(jsonPath, JSON.stringify(json, null, 2) + "\n");
    console.log(`json: ${jsonPath}`);
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
