/**
 * Webhooks at volume, on an embedded database (a data directory with its own thread, as the server runs it)
 * with the demo data: what a queued webhook adds to the request that caused it, and how fast the worker
 * delivers to a receiver on loopback.
 *
 * 1. The owner changes an application's status (PUT …/event_applications/{id}/status, shortlisted and back)
 *    REQUESTS times with no endpoint, with 1 and with 20 endpoints (the most an organization may have)
 *    subscribed, in alternating rounds; each change queues one delivery per endpoint in its own transaction.
 *    Prints p50/p99 of each and what the endpoints add to the p99.
 * 2. The deliveries those changes queued, REQUESTS × (0 + 1 + 20) = REQUESTS × 21 (one per change per endpoint
 *    subscribed: 6,300 at the default), are sent by the worker (8 endpoints side by side) to a receiver on
 *    loopback that answers 200: prints deliveries per second.
 * BENCH_WEBHOOK_REQUESTS changes REQUESTS (default 300).
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { and, count, eq } from "drizzle-orm";
import { createApi } from "#api/app.ts";
import { defaultApiConfig, xsrfCookieName } from "#api/config.ts";
import { openDatabase } from "#api/db/client.ts";
import { eventApplications, eventForms } from "#api/db/events-schema.ts";
import { startups, users } from "#api/db/schema.ts";
import { DEMO_PASSWORD, seedDemoData } from "#api/db/seed.ts";
import { webhookDeliveries, webhookEndpoints } from "#api/db/webhooks-schema.ts";
import { MAX_WEBHOOKS } from "#schemas/webhooks.ts";
import { DEFAULT_WEBHOOKS_CONFIG } from "#api/modules/webhooks/config.ts";
import { startWebhookWorker } from "#api/modules/webhooks/worker.ts";
import { startReceiver } from "../../api/testing/webhook-receiver.ts";
import { inProcessClient, ms, percentile } from "./in-process.ts";

const ROUNDS = 5;
const REQUESTS = ROUNDS * Math.ceil(Math.max(50, Number(process.env.BENCH_WEBHOOK_REQUESTS) || 300) / ROUNDS);
const OWNER = "startup@launchpad.test";

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "launchpad-bench-webhooks-"));
  const database = await openDatabase({ dataDir, resultCacheBytes: 32 * 2 ** 20 });
  const receiver = await startReceiver();
  try {
    await database.migrate();
    await seedDemoData(database.db);
    const db = database.db;
    const webhooks = { ...DEFAULT_WEBHOOKS_CONFIG, allowPrivate: true };
    const config = { ...defaultApiConfig, webhooks };
    const api = createApi({ db, config, log: () => {} });
    const owner = inProcessClient(api, xsrfCookieName(config));
    const login = await owner.post("/api/login", { email: OWNER, password: DEMO_PASSWORD });
    if (login >= 300) throw new Error(`bench: login answered ${login}`);
    const [application] = await db
      .select({ id: eventApplications.id })
      .from(eventApplications)
      .innerJoin(eventForms, eq(eventForms.id, eventApplications.eventFormId))
      .innerJoin(startups, eq(startups.id, eventForms.startupId))
      .innerJoin(users, and(eq(users.id, startups.ownerUserId), eq(users.email, OWNER)))
      .limit(1);
    if (!application) throw new Error("bench: the demo owner has no application to change");

    const statusPath = `/api/v1/admin/event_applications/${application.id}/status`;
    let flip = 0;
    const measureChanges = async (n: number, into: number[]) => {
      for (let i = 0; i < n; i++) {
        const status = flip++ % 2 === 0 ? "shortlisted" : "pending";
        const started = performance.now();
        const answered = await owner.put(statusPath, { status });
        into.push(performance.now() - started);
        if (answered !== 200) throw new Error(`bench: the status change answered ${answered}`);
      }
    };
    const endpoints: number[] = [];
    for (let i = 0; i < MAX_WEBHOOKS; i++) {
      const answered = await owner.post("/api/v1/admin/webhooks", { url: `${receiver.url}/${i}`, kinds: ["application.status_changed"] });
      if (answered !== 201) throw new Error(`bench: adding an endpoint answered ${answered}`);
    }
    for (const { id } of await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints)) endpoints.push(id);
    const enableFirst = async (n: number) => {
      for (const [index, id] of endpoints.entries()) await owner.put(`/api/v1/admin/webhooks/${id}`, { enabled: index < n });
    };

    // The three cases in alternating rounds, so that a machine whose load drifts weighs on each alike; a
    // warm-up first, so that no case carries the first queries' planning.
    const cases: [string, number, number[]][] = [
      ["no endpoint", 0, []],
      ["1 endpoint", 1, []],
      [`${MAX_WEBHOOKS} endpoints`, MAX_WEBHOOKS, []],
    ];
    await enableFirst(0);
    await measureChanges(20, []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [, enabled, latencies] of cases) {
        await enableFirst(enabled);
        await measureChanges(REQUESTS / ROUNDS, latencies);
      }
    }
    const baseline = percentile(cases[0][2], 0.99);
    for (const [label, enabled, latencies] of cases) {
      const p99 = percentile(latencies, 0.99);
      const added = enabled ? `, adds ${ms(p99 - baseline)} to the p99` : "";
      console.log(
        `status change with ${label}: ${latencies.length} requests, p50 ${ms(percentile(latencies, 0.5))}, p99 ${ms(p99)}${added}`,
      );
    }

    const [{ queued }] = await db.select({ queued: count() }).from(webhookDeliveries);
    const started = performance.now();
    const worker = await startWebhookWorker({ db, config: webhooks, pollMs: 100, log: (m) => console.error(m) });
    // Stops with an error if the receiver hears nothing new for 30 s (a delivery that cannot succeed).
    for (let seen = 0, since = Date.now(); receiver.calls.length < queued; await new Promise((resolve) => setTimeout(resolve, 50))) {
      if (receiver.calls.length > seen) [seen, since] = [receiver.calls.length, Date.now()];
      else if (Date.now() - since > 30_000) throw new Error(`bench: ${queued - seen} deliveries were not received`);
    }
    const seconds = (performance.now() - started) / 1000;
    await worker.stop();
    console.log(
      `delivered ${queued} webhooks to a loopback receiver in ${seconds.toFixed(1)} s (${Math.round(queued / seconds)}/s, 8 endpoints side by side)`,
    );
  } finally {
    await receiver.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
