/**
 * npm run bench:proxy (part of npm run bench): the same pages and API answers through nginx in front of one
 * instance and in front of three, each on one PostgreSQL (docs/scale-out/nginx.conf, as the proxy journey
 * runs it), so the gain from adding instances is measured. Prints req/s, p50 and p99 per figure, and the
 * ratio of three instances to one. Needs nginx and a PostgreSQL server (BENCH_DATABASE_URL, or the local
 * postgres://postgres@127.0.0.1:5432/test); says which is missing and exits 0 without them.
 *
 * A benchmark, not a test: it exits 0 whether or not the figures please; non-zero only if it cannot measure.
 */
import os from "node:os";
import { fileURLToPath } from "node:url";
import { DEMO_PASSWORD } from "#api/db/seed.ts";
import { temporaryDatabase } from "#api/testing/temporary-database.ts";
import { findNginx, startNginx } from "../../tests/proxy/nginx.ts";
import { Session } from "./http.ts";
import { alternate, CONNECTIONS, figureRow, html, ok, SECONDS, type Figures, type Target } from "./measure.ts";
import { benchPostgresUrl, children, ensureBuilt, freePort, type RunningServer, startServer } from "./server.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const log = (message: string) => console.log(`[bench:proxy] ${message}`);
const OWNER = "startup@launchpad.test";
const INSTANCE_COUNTS = [1, 3];

const row = (label: string, f: Figures) => figureRow(label, f, 36);

/** The figures through the proxy: an API answer, two admin pages, and an event's public page. */
async function targets(baseUrl: string): Promise<Record<string, Target>> {
  const owner = new Session(baseUrl);
  await owner.login(OWNER, DEMO_PASSWORD);
  const forms = (await (
    await owner.request("GET", "/api/v1/admin/event_forms?per_page=100", { headers: { Accept: "application/json" } })
  ).json()) as {
    data: { status: string; public_url: string }[];
  };
  const published = forms.data.find((form) => form.status === "published");
  if (!published) throw new Error("bench: the demo owner has no published event");
  return {
    apiUser: { label: "GET /api/user", path: "/api/user", session: owner, headers: { Accept: "application/json" }, expect: ok },
    account: { label: "/account", path: "/account", session: owner, expect: html("Account") },
    eventForms: { label: "/event-forms", path: "/event-forms", session: owner, expect: html("Demo Day") },
    eventPage: { label: "/e/{slug}, anonymous", path: new URL(published.public_url).pathname, expect: ok },
  };
}

async function measureInstances(serverUrl: string, nginx: string, count: number) {
  const temporary = await temporaryDatabase(serverUrl, "launchpad_bench_proxy");
  const proxyPort = await freePort();
  const env = { DATABASE_URL: temporary.url, TRUST_PROXY: "true", APP_URL: `http://127.0.0.1:${proxyPort}`, WEB_CONCURRENCY: "1" };
  const instances: RunningServer[] = [];
  try {
    // The first migrates and seeds; the others start on a database that is ready.
    instances.push(await startServer(ROOT, env, log));
    instances.push(...(await Promise.all(Array.from({ length: count - 1 }, () => startServer(ROOT, env, log)))));
    const proxy = await startNginx(
      nginx,
      instances.map((instance) => Number(new URL(instance.baseUrl).port)),
      proxyPort,
    );
    try {
      const chosen = await targets(proxy.baseUrl);
      const figures = await alternate(proxy.baseUrl, chosen);
      log(`nginx in front of ${count} instance${count === 1 ? "" : "s"} (WEB_CONCURRENCY=1 each), PostgreSQL:`);
      for (const [key, target] of Object.entries(chosen)) log(`  ${row(target.label, figures[key])}`);
      return { figures, labels: Object.fromEntries(Object.entries(chosen).map(([key, target]) => [key, target.label])) };
    } finally {
      await proxy.stop();
    }
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
    await temporary.drop();
  }
}

async function main() {
  const nginx = findNginx();
  if ("missing" in nginx) return log(`skipped: ${nginx.missing}`);
  const serverUrl = await benchPostgresUrl();
  if (!serverUrl) return log("skipped: no PostgreSQL server answered (BENCH_DATABASE_URL, or the local one)");
  ensureBuilt(ROOT, log);
  log(`${CONNECTIONS} connections, ${SECONDS} s per figure, ${os.cpus().length} CPUs`);
  const results = [];
  for (const count of INSTANCE_COUNTS) results.push(await measureInstances(serverUrl, nginx.path, count));
  const [single, several] = results;
  log(`${INSTANCE_COUNTS[1]} instances against ${INSTANCE_COUNTS[0]} (throughput; p99):`);
  for (const [key, label] of Object.entries(single.labels)) {
    const [before, after] = [single.figures[key], several.figures[key]];
    log(`  ${label.padEnd(36)} ${(after.rps / before.rps).toFixed(2)}×; p99 ${before.p99} → ${after.p99} ms`);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  for (const child of children) child.kill("SIGTERM");
  process.exit(1);
});
