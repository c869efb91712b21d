/**
 * The community half of `npm run bench`: p50/p99 of co-founder search sorted by match score
 * (GET /api/v1/admin/co_founders/find?sort_by=score, as Acme Robotics, which wants skills and roles) and
 * of the startup directory sorted by followers (GET /api/v1/site/startups?sort_by=followers_count), with
 * 1,000 and with 100,000 co-founder profiles and follow rows.
 *
 * As run.ts: a temporary data directory gets the migrations and the demo seed, then profiles and follows
 * by set-based SQL; a copy is grown to 100,000 of each; the real server runs on each, and requests
 * alternate between the sizes one at a time. Targets: p50 at 100,000 within 1.5× of 1,000; p99 ≤ 100 ms.
 * Prints the figures and whether each target is met; exits 0 either way (non-zero only when it cannot
 * measure). BENCH_REQUESTS (default 300) and BENCH_WARMUP (default 20) as in run.ts.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { openDatabase, type Db } from "#api/db/client.ts";
import { DEMO_PASSWORD, seedDemoData } from "#api/db/seed.ts";
import { Session } from "./http.ts";
import { children, startServer, type RunningServer } from "./server.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : fallback;
};
const REQUESTS = positive(process.env.BENCH_REQUESTS, 300);
const WARMUP = positive(process.env.BENCH_WARMUP, 20);
const SMALL = 1_000;
const LARGE = 100_000;
const RATIO_TARGET = 1.5;
const P99_TARGET_MS = 100;
const VIEWER = "startup@launchpad.test";

const log = (message: string) => console.log(`[bench:community] ${message}`);
const fmt = (n: number) => n.toLocaleString("en-US");

const SUBJECTS = {
  find: "/api/v1/admin/co_founders/find?sort_by=score",
  startups: "/api/v1/site/startups?sort_by=followers_count&sort_order=desc",
} as const;
type Key = keyof typeof SUBJECTS;

// A vocabulary of skills, some of which Acme Robotics wants, so that scores spread over many rows.
const SKILLS = [
  "robotics",
  "typescript",
  "sales",
  "embedded c",
  "supply chain",
  "python",
  "go",
  "react",
  "figma",
  "growth",
  "seo",
  "operations",
  "fundraising",
  "legal",
  "kotlin",
  "swift",
  "pytorch",
  "aws",
  "security",
  "community",
  "content",
  "negotiation",
  "pcb design",
  "cad",
  "data analysis",
  "marketing",
  "finance",
  "logistics",
  "rust",
  "c++",
  "ux research",
  "partnerships",
  "devrel",
  "sql",
  "kubernetes",
  "manufacturing",
  "payments",
  "compliance",
  "unity",
  "solar",
];
const ROLES = ["Business", "Technical", "Product", "Design", "Sales", "Marketing", "Operations", "Finance"];
const INDUSTRIES = [
  "Hardware",
  "Fintech",
  "Healthcare",
  "Logistics",
  "Education",
  "Consumer",
  "Clean Energy",
  "Security",
  "Gaming",
  "Media",
];
const STAGES = ["Idea", "Pre-seed", "Seed", "Series A"];
const PLACES = [
  ["NG", "Lagos"],
  ["NG", "Abuja"],
  ["KE", "Nairobi"],
  ["GH", "Accra"],
  ["DE", "Berlin"],
  ["US", "Austin"],
  ["IN", "Pune"],
  ["GB", "London"],
  ["BR", "São Paulo"],
  ["FR", "Paris"],
];

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
/** A stable pseudo-random pick from `list` for row `g` and salt. */
const pick = (list: readonly string[], salt: string) => sql`(${textArray(list)})[1 + abs(hashtext(g::text || ${salt})) % ${list.length}]`;

/** Adds bench profiles (with their users) until there are `total`, and follows until there are `total`. */
async function grow(db: Db, total: number) {
  const count = async (table: string) =>
    ((await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0].n;
  // The viewer's startup has its match rows before the profiles arrive (as after its first search), so the
  // bulk insert below scores them set-based through the co_founders trigger of migration 0008.
  await db.execute(sql`select co_founder_match_fill(s.id) from startups s join users u on u.startup_id = s.id where u.email = ${VIEWER}`);
  const haveProfiles = await count("co_founders");
  const from = haveProfiles + 1;
  if (total > haveProfiles) {
    await db.execute(sql`insert into users (name, email, password_hash)
      select 'Bench Person ' || g, 'bench.person.' || g || '@bench.test', 'not-a-login' from generate_series(${from}::int, ${total}::int) as g`);
    await db.execute(sql`
      insert into co_founders (user_id, name, headline, skills, skill_keys, country, city_name, bio, links, roles, industries,
        commitment, desired_stage, looking_for, created_at)
      select u.id, u.name, 'Bench co-founder', jsonb_build_array(p.s1, p.s2, p.s3), array[p.s1, p.s2, p.s3],
             (${textArray(PLACES.map(([c]) => c))})[1 + p.k], (${textArray(PLACES.map(([, city]) => city))})[1 + p.k], 'Made by the benchmark.', '[]'::jsonb,
             array[p.r1], array[p.i1, p.i2], (array['full_time','part_time','flexible'])[1 + g % 3], p.stage, '', now() - (g || ' minutes')::interval
      from generate_series(${from}::int, ${total}::int) as g
      join users u on u.email = 'bench.person.' || g || '@bench.test'
      cross join lateral (select ${pick(SKILLS, "a")} as s1, ${pick(SKILLS, "b")} as s2, ${pick(SKILLS, "c")} as s3, ${pick(ROLES, "r")} as r1,
        ${pick(INDUSTRIES, "i")} as i1, ${pick(INDUSTRIES, "j")} as i2, ${pick(STAGES, "s")} as stage,
        abs(hashtext(g::text || 'p')) % ${PLACES.length} as k) p`);
  }
  const haveFollows = await count("follows");
  if (total > haveFollows) {
    // Bench co-founders follow startups and organizations round-robin: one follow per profile, unique pairs.
    await db.execute(sql`
      with targets as (select id, account_type, row_number() over (order by id) as n, count(*) over () as m from startups),
           followers as (select c.id, row_number() over (order by c.id) as n from co_founders c
                         where not exists (select 1 from follows f where f.follower_type = 'co_founder' and f.follower_id = c.id))
      insert into follows (follower_type, follower_id, followee_type, followee_id, user_id)
      select 'co_founder', f.id, t.account_type, t.id, null from followers f join targets t on t.n = 1 + (f.n % t.m)
      where f.n <= ${total - haveFollows}`);
    await db.execute(
      sql`update startups s set followers_count = (select count(*) from follows f where f.followee_type = s.account_type and f.followee_id = s.id)`,
    );
  }
  await db.execute(sql`analyze`);
  return { profiles: await count("co_founders"), follows: await count("follows") };
}

const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];

async function timeOne(session: Session, path: string): Promise<number> {
  const started = performance.now();
  const response = await session.request("GET", path, { headers: { Accept: "application/json" } });
  const body = await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`bench: GET ${path} answered ${response.status}: ${body.slice(0, 300)}`);
  return elapsed;
}

/** Whether helper A's directory route exists on this build: without it, only the search is measured. */
async function available(session: Session, key: Key) {
  const response = await session.request("GET", SUBJECTS[key], { headers: { Accept: "application/json" } });
  const body = await response.text();
  if (response.status === 200) return true;
  log(`${SUBJECTS[key]} answered ${response.status} (${body.slice(0, 120)}): not measured`);
  return false;
}

async function main() {
  if (!existsSync(path.join(ROOT, "build/server/index.js"))) {
    const build = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
    if (build.status !== 0) throw new Error("bench: npm run build failed");
  }
  const tmp = await mkdtemp(path.join(os.tmpdir(), "launchpad-bench-community-"));
  const dirs = { small: path.join(tmp, "small"), large: path.join(tmp, "large") };
  const servers: RunningServer[] = [];
  const stopOnSignal = () => {
    for (const child of children) child.kill("SIGTERM");
    void rm(tmp, { recursive: true, force: true }).finally(() => process.exit(130));
  };
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);
  try {
    const database = await openDatabase({ dataDir: dirs.small });
    await database.migrate();
    await seedDemoData(database.db);
    const small = await grow(database.db, SMALL);
    await database.close();
    await cp(dirs.small, dirs.large, { recursive: true });
    const largeDb = await openDatabase({ dataDir: dirs.large });
    const large = await grow(largeDb.db, LARGE);
    await largeDb.close();
    log(
      `small: ${fmt(small.profiles)} profiles, ${fmt(small.follows)} follows; large: ${fmt(large.profiles)} profiles, ${fmt(large.follows)} follows`,
    );

    // Without the result cache (decision 019): these figures are about how the queries grow with the rows.
    const uncached = { DATABASE_RESULT_CACHE_MB: "0" };
    const running = {
      small: await startServer(ROOT, { DATA_DIR: dirs.small, ...uncached }, log),
      large: await startServer(ROOT, { DATA_DIR: dirs.large, ...uncached }, log),
    };
    servers.push(running.small, running.large);
    const sessions = { small: new Session(running.small.baseUrl), large: new Session(running.large.baseUrl) };
    for (const s of Object.values(sessions)) await s.login(VIEWER, DEMO_PASSWORD);
    const measured: Key[] = [];
    for (const key of Object.keys(SUBJECTS) as Key[])
      if ((await available(sessions.small, key)) && (await available(sessions.large, key))) measured.push(key);

    const samples: Record<"small" | "large", Record<Key, number[]>> = {
      small: { find: [], startups: [] },
      large: { find: [], startups: [] },
    };
    for (const size of ["small", "large"] as const)
      for (const key of measured) for (let i = 0; i < WARMUP; i++) await timeOne(sessions[size], SUBJECTS[key]);
    for (let round = 0; round < REQUESTS; round++) {
      const order = round % 2 ? (["large", "small"] as const) : (["small", "large"] as const);
      for (const size of order) for (const key of measured) samples[size][key].push(await timeOne(sessions[size], SUBJECTS[key]));
    }

    const lines = ["", `${"rows".padEnd(10)}${"endpoint".padEnd(70)}${"p50 ms".padStart(8)}${"p99 ms".padStart(9)}`];
    const stats = (xs: number[]) => {
      const sorted = [...xs].sort((a, b) => a - b);
      return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
    };
    const checks: string[] = [];
    for (const key of measured) {
      const s = stats(samples.small[key]);
      const l = stats(samples.large[key]);
      lines.push(`${fmt(SMALL).padEnd(10)}${SUBJECTS[key].padEnd(70)}${s.p50.toFixed(1).padStart(8)}${s.p99.toFixed(1).padStart(9)}`);
      lines.push(`${fmt(LARGE).padEnd(10)}${SUBJECTS[key].padEnd(70)}${l.p50.toFixed(1).padStart(8)}${l.p99.toFixed(1).padStart(9)}`);
      const ratio = l.p50 / s.p50;
      checks.push(
        `  ${ratio <= RATIO_TARGET ? "PASS" : "MISS"}  ${`${key}: p50 ${fmt(LARGE)} / ${fmt(SMALL)}`.padEnd(40)} ` +
          `${ratio.toFixed(2)}×  (target ≤ ${RATIO_TARGET}×)`,
      );
      checks.push(
        `  ${l.p99 <= P99_TARGET_MS ? "PASS" : "MISS"}  ${`${key}: p99 at ${fmt(LARGE)}`.padEnd(40)} ${l.p99.toFixed(1)} ms  (target ≤ ${P99_TARGET_MS} ms)`,
      );
    }
    for (const key of Object.keys(SUBJECTS) as Key[])
      if (!measured.includes(key)) checks.push(`  SKIP  ${key}: ${SUBJECTS[key]} is not available on this build`);
    console.log([...lines, "", "targets", ...checks].join("\n"));
    console.log(
      `\nmachine: ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(2)}; ${REQUESTS} requests per subject and size after ${WARMUP} warm-up`,
    );
  } finally {
    for (const server of servers) await server.stop();
    await rm(tmp, { recursive: true, force: true });
  }
}

await main();
