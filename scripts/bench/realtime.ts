/**
 * npm run bench:realtime: the embedded Pusher-protocol server under load, on the real server process
 * (`node --import tsx server.ts`, NODE_ENV=production, a temporary data directory, 127.0.0.1 only).
 *
 * 1. Memory (realtime-memory.ts): the socket server's memory per idle subscribed socket, measured in a
 *    process of its own.
 * 2. Fan-out: BENCH_SOCKETS (2,000) protocol clients subscribe to one public channel; BENCH_ROUNDS (20)
 *    events are published one after another through the signed HTTP API. Reported: delivery latency
 *    p50/p99 over every socket and round (POST sent → frame received) and the time until the last of the
 *    2,000 has it. Target: p99 ≤ 100 ms.
 * 3. Chat (realtime-chat.ts): 200 messages/s offered for 30 s (BENCH_CHAT_SECONDS, BENCH_CHAT_RATE) across
 *    100 conversations through the API, both participants live on pusher-js. Reported: the rate achieved,
 *    lost and duplicated deliveries, POST → delivery p50/p99. Target: 200/s sustained, 0 lost,
 *    0 duplicated, p99 ≤ 150 ms.
 *
 * BENCH_DATABASE_URL runs the server on PostgreSQL (a throw-away database on that server) instead of the
 * embedded database; BENCH_ONLY=chat or BENCH_ONLY=fanout runs one part (the memory figure goes with fanout).
 *
 * A benchmark, not a test: it prints figures and whether each target is met, exits 0 either way, and
 * non-zero only when it cannot measure. Clients run in this process, the server in its own; on a machine
 * with two cores they share them, so a busy machine moves every figure.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { temporaryDatabase } from "#api/testing/temporary-database.ts";
import { signedQuery } from "#api/realtime/signing.ts";
import { chat, CONVERSATIONS, prepareChat } from "./realtime-chat.ts";
import { memoryPerSocket } from "./realtime-memory.ts";
import { app, log, ms, openSubscribed, percentile, positive } from "./realtime-socket.ts";
import { children, startServer } from "./server.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SOCKETS = positive(process.env.BENCH_SOCKETS, 2_000);
const ROUNDS = positive(process.env.BENCH_ROUNDS, 20);
const WARMUP_ROUNDS = 3;
const ONLY = process.env.BENCH_ONLY;

async function publish(baseUrl: string, channel: string, event: string, data: unknown) {
  const path = `/apps/${app.appId}/events`;
  const body = JSON.stringify({ name: event, channels: [channel], data: JSON.stringify(data) });
  const response = await fetch(`${baseUrl}${path}?${signedQuery(app, "POST", path, body)}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body,
  });
  if (!response.ok) throw new Error(`bench: publishing answered ${response.status}: ${await response.text()}`);
}

async function fanOut(baseUrl: string) {
  log(`opening ${SOCKETS} sockets…`);
  const clients = await openSubscribed(baseUrl, SOCKETS, "bench-fanout");
  const latencies: number[] = [];
  const lastPerRound: number[] = [];
  // The first rounds warm the JIT on both sides; they are not counted.
  for (let round = -WARMUP_ROUNDS; round < ROUNDS; round++) {
    const arrivals: number[] = [];
    const all = new Promise<void>((resolve) => {
      for (const client of clients) {
        client.onEvent("Bench.Tick", (data, at) => {
          if ((data as { round: number }).round === round && arrivals.push(at) === clients.length) resolve();
        });
      }
    });
    const sent = performance.now();
    await publish(baseUrl, "bench-fanout", "Bench.Tick", { round });
    await all;
    if (round < 0) continue;
    for (const at of arrivals) latencies.push(at - sent);
    lastPerRound.push(Math.max(...arrivals) - sent);
  }
  for (const client of clients) client.ws.terminate();
  latencies.sort((a, b) => a - b);
  lastPerRound.sort((a, b) => a - b);
  const p99 = percentile(latencies, 99);
  log(
    `fan-out to ${SOCKETS} sockets, ${ROUNDS} events: p50 ${ms(percentile(latencies, 50))}, p99 ${ms(p99)} ` +
      `(target ≤ 100 ms: ${p99 <= 100 ? "met" : "NOT met"}); ` +
      `all ${SOCKETS} reached in ${ms(percentile(lastPerRound, 50))} median, ${ms(lastPerRound.at(-1)!)} worst`,
  );
}

async function main() {
  log(
    `machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")} (other work on it moves every figure)`,
  );
  if (ONLY !== "chat") await memoryPerSocket(SOCKETS);
  // BENCH_DATABASE_URL: a PostgreSQL server to run on (a throw-away database on it), else the embedded one.
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "launchpad-bench-realtime-"));
  const temporary = serverUrl ? await temporaryDatabase(serverUrl, "launchpad_bench_realtime") : undefined;
  try {
    const pairs = await prepareChat(temporary ? { databaseUrl: temporary.url } : { dataDir });
    const env = {
      ...(temporary ? { DATABASE_URL: temporary.url } : { DATA_DIR: dataDir }),
      SEED: "false",
      PUSHER_APP_ID: app.appId,
      PUSHER_APP_KEY: app.key,
      PUSHER_APP_SECRET: app.secret,
      REALTIME_MAX_CONNECTIONS: String(SOCKETS + CONVERSATIONS * 2 + 1_000),
      // Every bench client comes from 127.0.0.1: one address holding what a crowd of browsers would.
      REALTIME_MAX_CONNECTIONS_PER_ADDRESS: String(SOCKETS + CONVERSATIONS * 2 + 1_000),
      REALTIME_MAX_SUBSCRIPTIONS_PER_ADDRESS: String((SOCKETS + CONVERSATIONS * 2) * 4 + 1_000),
    };
    log(`server on ${temporary ? "PostgreSQL" : "the embedded database"}`);
    const server = await startServer(ROOT, env, log);
    try {
      if (ONLY !== "chat") await fanOut(server.baseUrl);
      // The server is the child startServer just started.
      if (ONLY !== "fanout") await chat(server.baseUrl, pairs, [...children].at(-1)?.pid);
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await temporary?.drop();
  }
  log(
    `load average at the end: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
}

const stopChildren = () => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(1);
};
process.on("SIGINT", stopChildren);
process.on("SIGTERM", stopChildren);
main().then(
  // pusher-js and keep-alive timers may linger a moment; the figures are out.
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    for (const child of children) child.kill("SIGTERM");
    process.exit(1);
  },
);
