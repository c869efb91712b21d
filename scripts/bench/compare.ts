/**
 * `npm run bench:compare -- <checkout A> <checkout B> [path …]`: which of two builds spends less of its main
 * thread on a page. Both servers run at once (embedded database, demo data, each its own data directory);
 * one client sends each page to A, then to B, in turn, one request at a time, and each server's main-thread
 * CPU time is read from /proc (Linux). Load figures taken one after the other swing by ±15 % on a shared
 * machine; taken interleaved, a build compared with itself differs by 1–2 %.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { DEMO_PASSWORD } from "#api/db/seed.ts";
import { Session } from "./http.ts";
import { children, startServer, type RunningServer } from "./server.ts";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const WARMUP = 50;
const VIEWER = "startup@launchpad.test";
const DEFAULT_PATHS = ["/account", "/event-forms", "/startups?type=startup", "/co-founders/find"];
const TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim());
const log = (message: string) => console.log(`[bench:compare] ${message}`);

/** User plus system CPU time of the process's main thread, in ms. */
function mainThreadMs(pid: number): number {
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

async function get(session: Session, page: string) {
  const response = await session.request("GET", page, { headers: { Accept: "text/html" } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`bench: GET ${page} from ${session.baseUrl} answered ${response.status}`);
}

async function main() {
  const [a, b, ...given] = process.argv.slice(2);
  if (!a || !b) throw new Error("usage: npm run bench:compare -- <checkout A> <checkout B> [path …] (both built: npm run build)");
  const pages = given.length ? given : DEFAULT_PATHS;
  const tmp = await mkdtemp(path.join(os.tmpdir(), "launchpad-bench-compare-"));
  const servers: RunningServer[] = [];
  try {
    for (const [name, dir] of [
      ["a", a],
      ["b", b],
    ])
      servers.push(await startServer(path.resolve(dir), { DATA_DIR: path.join(tmp, name) }, log));
    const sessions = servers.map((server) => new Session(server.baseUrl));
    for (const session of sessions) await session.login(VIEWER, DEMO_PASSWORD);
    log(`A = ${a}, B = ${b}; ${REQUESTS} requests per page to each, alternately, one at a time`);
    for (const page of pages) {
      for (let i = 0; i < WARMUP; i++) for (const session of sessions) await get(session, page);
      const before = servers.map((server) => mainThreadMs(server.pid));
      for (let i = 0; i < REQUESTS; i++) for (const session of sessions) await get(session, page);
      const [msA, msB] = servers.map((server, index) => (mainThreadMs(server.pid) - before[index]) / REQUESTS);
      log(`${page.padEnd(36)} main thread A ${msA.toFixed(2)} ms  B ${msB.toFixed(2)} ms per request  B/A ${(msB / msA).toFixed(3)}`);
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await rm(tmp, { recursive: true, force: true });
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    for (const child of children) child.kill("SIGTERM");
    process.exit(1);
  });
main().catch((error) => {
  console.error(error);
  process.exit(1);
});
