import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import * as schema from "../../api/db/schema.ts";
import type { Db } from "../../api/db/client.ts";
import { seedDemoData } from "../../api/db/seed.ts";
import { listMyApplications, listResponses, ownedForm } from "../../api/modules/applications/service.ts";
import { findSessionUser } from "../../api/modules/auth/sessions.ts";
import { seedPhaseA, seedPhaseB } from "./seed.ts";

const dir = await mkdtemp(path.join(os.tmpdir(), "bench-explain-"));
const client = new PGlite(dir);
const logged: { query: string; params: unknown[] }[] = [];
const db = drizzle(client, { schema, logger: { logQuery: (query, params) => logged.push({ query, params }) } }) as unknown as Db;
await migrate(drizzle(client), { migrationsFolder: path.resolve("api/db/migrations") });
await seedDemoData(db);
const ids = await seedPhaseA(db, 1000);
async function explain(label: string) {
  logged.length = 0;
  const owner = { id: ids.ownerUserId, startupId: ids.startupId } as never;
  await listMyApplications(db, ids.applicantUserId, { page: 1, per_page: 15, sort_order: "desc" } as never);
  const form = await ownedForm(db, owner, ids.targetFormId);
  await listResponses(db, form, { page: 1, per_page: 25, sort_order: "desc" } as never);
  const q = [...logged];
  for (const [name, fn] of [["mine", () => listMyApplications(db, ids.applicantUserId, { page: 1, per_page: 15, sort_order: "desc" } as never)], ["responses", () => listResponses(db, form, { page: 1, per_page: 25, sort_order: "desc" } as never)]] as const) {
    for (let i = 0; i < 20; i++) await fn();
    const t: number[] = [];
    for (let i = 0; i < 200; i++) { const t0 = performance.now(); await fn(); t.push(performance.now() - t0); }
    t.sort((a, b) => a - b);
    console.log(`TIMING ${label} ${name}: p50 ${t[100].toFixed(2)} ms p99 ${t[197].toFixed(2)} ms`);
  }
  for (const { query, params } of q) {
    if (!/event_applications/.test(query)) continue;
    const t0 = performance.now();
    const res = await client.query(`explain (analyze, buffers) ${query}`, params as never[]);
    console.log(`\n=== ${label}: ${query.slice(0, 200)}\n${(res.rows as { "QUERY PLAN": string }[]).map((r) => r["QUERY PLAN"]).join("\n")}`);
    void t0;
  }
}
await explain("1k");
await seedPhaseB(db, 100000, ids);
await explain("100k");
await client.exec(`create index bench_resp_idx on event_applications (event_form_id, submitted_at desc nulls last, id desc nulls last) where status <> 'draft'`);
await client.exec(`create index bench_mine_idx on event_applications (user_id, created_at desc nulls last, id desc nulls last)`);
await client.exec(`analyze`);
await explain("100k+idx");
await client.close();
await rm(dir, { recursive: true, force: true });
void findSessionUser;
