/**
 * npm run bench:realtime: the embedded Pusher-protocol server under load, on the real server process
 * (`node --import tsx server.ts`, NODE_ENV=production, a temporary data directory, 127.0.0.1 only).
 *
 * 1. Fan-out: BENCH_SOCKETS (2,000) plain WebSocket clients speaking the protocol subscribe to one public
 *    channel; BENCH_ROUNDS (20) events are published one after another through the signed HTTP API.
 *    Reported: delivery latency p50/p99 over every socket and round (POST sent → frame received), the
 *    time until the last of the 2,000 has it, and the server's memory per idle socket (RSS growth ÷ sockets).
 *    Target: p99 ≤ 100 ms.
 * 2. Chat: 100 conversations, both participants subscribed to private-chat.{id} (authorised through
 *    /broadcasting/auth with bearer tokens); 200 messages/s for 30 s (BENCH_CHAT_SECONDS) posted through
 *    POST /api/v1/admin/conversations/{id}/messages. Reported: lost and duplicated deliveries, and p50/p99
 *    from POST sent to MessageSent received by the other participant. Target: 0 lost, 0 duplicated,
 *    p99 ≤ 150 ms.
 *
 * BENCH_DATABASE_URL runs the server on PostgreSQL (a throw-away database on that server) instead of the
 * embedded database; BENCH_SOCKETS, BENCH_ROUNDS and BENCH_CHAT_SECONDS change the sizes.
 *
 * A benchmark, not a test: it prints figures and whether each target is met, exits 0 either way, and
 * non-zero only when it cannot measure. Clients run in this process, the server in its own.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import WebSocket from "ws";
import { openDatabase } from "../../api/db/client.ts";
import { conversationParticipants, conversations } from "../../api/db/realtime-schema.ts";
import { users } from "../../api/db/schema.ts";
import { ensureAccessModel } from "../../api/modules/access/service.ts";
import { createApiToken } from "../../api/modules/auth/sessions.ts";
import { temporaryDatabase } from "../../api/testing/temporary-database.ts";
import { signedQuery } from "../../api/realtime/signing.ts";
import { SocketServer } from "../../api/realtime/socket-server.ts";
import { children, startServer } from "./server.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const positive = (value: string | undefined, fallback: number) => (value && Number(value) > 0 ? Math.floor(Number(value)) : fallback);
const SOCKETS = positive(process.env.BENCH_SOCKETS, 2_000);
const ROUNDS = positive(process.env.BENCH_ROUNDS, 20);
const WARMUP_ROUNDS = 3;
const CONVERSATIONS = 100;
const CHAT_RATE = 200;
const CHAT_SECONDS = positive(process.env.BENCH_CHAT_SECONDS, 30);
const app = { appId: "700700", key: "bench-key", secret: "bench-secret" };
const log = (message: string) => console.log(`[bench:realtime] ${message}`);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;

interface Client {
  ws: WebSocket;
  socketId: string;
  /** Resolves with the next frame whose event is `event` (data decoded). */
  next(event: string): Promise<{ channel?: string; data: unknown }>;
  onEvent(event: string, handler: (data: unknown, at: number) => void): void;
}

function openClient(baseUrl: string): Promise<Client> {
  const ws = new WebSocket(`${baseUrl.replace("http", "ws")}/app/${app.key}?protocol=7&client=bench`, { perMessageDeflate: false });
  const handlers = new Map<string, (data: unknown, at: number) => void>();
  const waiting = new Map<string, (frame: { channel?: string; data: unknown }) => void>();
  return new Promise((resolve, reject) => {
    ws.once("error", reject);
    ws.on("message", (raw) => {
      const at = performance.now();
      const frame = JSON.parse(raw.toString()) as { event: string; channel?: string; data?: string };
      const data = typeof frame.data === "string" ? JSON.parse(frame.data) : frame.data;
      // A live client answers the server's ping; a silent one is closed after the activity timeout.
      if (frame.event === "pusher:ping") ws.send(JSON.stringify({ event: "pusher:pong", data: {} }));
      handlers.get(frame.event)?.(data, at);
      const waiter = waiting.get(frame.event);
      if (waiter) {
        waiting.delete(frame.event);
        waiter({ channel: frame.channel, data });
      }
      if (frame.event === "pusher:connection_established") {
        resolve({
          ws,
          socketId: (data as { socket_id: string }).socket_id,
          next: (event) => new Promise((done) => waiting.set(event, done)),
          onEvent: (event, handler) => handlers.set(event, handler),
        });
      }
    });
  });
}

async function subscribe(client: Client, channel: string, auth?: string) {
  const done = client.next("pusher_internal:subscription_succeeded");
  client.ws.send(JSON.stringify({ event: "pusher:subscribe", data: { channel, ...(auth ? { auth } : {}) } }));
  await done;
}

async function publish(baseUrl: string, channel: string, event: string, data: unknown) {
  const path = `/apps/${app.appId}/events`;
  const body = JSON.stringify({ name: event, channels: [channel], data: JSON.stringify(data) });
  const response = await fetch(`${baseUrl}${path}?${signedQuery(app, "POST", path, body)}`, { method: "POST", headers: { "Content-Type": "application/json" }, body });
  if (!response.ok) throw new Error(`bench: publishing answered ${response.status}: ${await response.text()}`);
}

/**
 * Memory per idle socket, measured apart from the app (whose database thread and caches move RSS by more
 * than 2,000 sockets do): a child process runs only the socket server, with --expose-gc, and reports its
 * heap and buffers after a full collection, before and after the sockets connect.
 */
async function memoryPerSocket() {
  const child = spawn(process.execPath, ["--expose-gc", "--import", "tsx", fileURLToPath(import.meta.url), "--socket-server"], { stdio: ["pipe", "pipe", "inherit"] });
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    for (const line of chunk.split("\n").filter(Boolean)) (waiting.shift() ?? ((l: string) => lines.push(l)))(line);
  });
  const ask = (command: string) => {
    child.stdin.write(`${command}\n`);
    return lines.length ? Promise.resolve(lines.shift()!) : new Promise<string>((resolve) => waiting.push(resolve));
  };
  try {
    const port = Number(await ask("port"));
    const before = Number(await ask("memory"));
    const clients: Client[] = [];
    for (let i = 0; i < SOCKETS; i += 100) {
      const batch = await Promise.all(Array.from({ length: Math.min(100, SOCKETS - i) }, () => openClient(`http://127.0.0.1:${port}`)));
      await Promise.all(batch.map((client) => subscribe(client, "bench-idle")));
      clients.push(...batch);
    }
    const after = Number(await ask("memory"));
    for (const client of clients) client.ws.terminate();
    log(`memory per idle subscribed socket (socket server alone, after GC): ${((after - before) / SOCKETS / 1024).toFixed(1)} KiB (heap + buffers ${(before / 2 ** 20).toFixed(1)} → ${(after / 2 ** 20).toFixed(1)} MiB for ${SOCKETS} sockets)`);
  } finally {
    child.kill("SIGTERM");
  }
}

/** The child of memoryPerSocket: a bare socket server answering "port" and "memory" on stdin. */
async function socketServerOnly() {
  const server = new SocketServer({ app, maxConnections: SOCKETS + 100 });
  const http = createServer();
  http.on("upgrade", (request, socket, head) => server.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const gc = (globalThis as { gc?: () => void }).gc!;
  const used = () => {
    gc();
    const memory = process.memoryUsage();
    return memory.heapUsed + memory.external;
  };
  process.stdin.setEncoding("utf8").on("data", (chunk: string) => {
    for (const command of chunk.split("\n").filter(Boolean)) {
      if (command === "port") process.stdout.write(`${(http.address() as { port: number }).port}\n`);
      if (command === "memory") setTimeout(() => process.stdout.write(`${used()}\n`), 500);
    }
  });
}

async function fanOut(baseUrl: string) {
  log(`opening ${SOCKETS} sockets…`);
  const clients: Client[] = [];
  for (let i = 0; i < SOCKETS; i += 100) {
    const batch = await Promise.all(Array.from({ length: Math.min(100, SOCKETS - i) }, () => openClient(baseUrl)));
    await Promise.all(batch.map((client) => subscribe(client, "bench-fanout")));
    clients.push(...batch);
  }
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
  log(`fan-out to ${SOCKETS} sockets, ${ROUNDS} events: p50 ${ms(percentile(latencies, 50))}, p99 ${ms(p99)} (target ≤ 100 ms: ${p99 <= 100 ? "met" : "NOT met"}); all ${SOCKETS} reached in ${ms(percentile(lastPerRound, 50))} median, ${ms(lastPerRound.at(-1)!)} worst`);
}

async function chat(baseUrl: string, pairs: { conversationId: number; sender: string; receiver: string }[]) {
  const authorise = async (token: string, socketId: string, channel: string) => {
    const response = await fetch(`${baseUrl}/broadcasting/auth`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams({ socket_id: socketId, channel_name: channel }),
    });
    if (!response.ok) throw new Error(`bench: /broadcasting/auth answered ${response.status}`);
    return ((await response.json()) as { auth: string }).auth;
  };
  const sentAt = new Map<number, number>();
  const deliveries = new Map<number, number>();
  const latencies: number[] = [];
  const clients: Client[] = [];
  for (const pair of pairs) {
    const channel = `private-chat.${pair.conversationId}`;
    for (const [token, measured] of [[pair.receiver, true], [pair.sender, false]] as const) {
      const client = await openClient(baseUrl);
      await subscribe(client, channel, await authorise(token, client.socketId, channel));
      clients.push(client);
      if (!measured) continue;
      client.onEvent("App.Events.MessageSent", (data, at) => {
        const seq = Number((data as { message: { body: string } }).message.body.split(" ")[1]);
        const count = (deliveries.get(seq) ?? 0) + 1;
        deliveries.set(seq, count);
        if (count === 1 && sentAt.has(seq)) latencies.push(at - sentAt.get(seq)!);
      });
    }
  }
  log(`chat: ${pairs.length} conversations, ${clients.length} subscribers; posting ${CHAT_RATE}/s for ${CHAT_SECONDS} s…`);
  const total = CHAT_RATE * CHAT_SECONDS;
  const statuses = new Map<number | string, number>();
  const accepted = new Set<number>();
  const posts: Promise<void>[] = [];
  const start = performance.now();
  for (let seq = 0; seq < total; seq++) {
    // Open loop: message n leaves at start + n/rate whatever the answers before it took.
    const due = start + (seq * 1000) / CHAT_RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const pair = pairs[seq % pairs.length];
    sentAt.set(seq, performance.now());
    posts.push(
      fetch(`${baseUrl}/api/v1/admin/conversations/${pair.conversationId}/messages`, {
        method: "POST",
        headers: { Authorization: `Bearer ${pair.sender}`, "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ body: `bench ${seq}` }),
      }).then(async (response) => {
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status === 201) accepted.add(seq);
      }, (error: Error & { cause?: { code?: string } }) => {
        const key = `error ${error.cause?.code ?? error.message}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      }),
    );
  }
  await Promise.all(posts);
  const elapsed = (performance.now() - start) / 1000;
  // Deliveries still on their way get 5 s; anything later counts as lost.
  const deadline = performance.now() + 5_000;
  while ([...accepted].some((seq) => !deliveries.has(seq)) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  for (const client of clients) client.ws.terminate();
  const lost = [...accepted].filter((seq) => !deliveries.has(seq)).length;
  const duplicated = [...deliveries.values()].filter((count) => count > 1).length;
  latencies.sort((a, b) => a - b);
  const p99 = percentile(latencies, 99);
  const met = lost === 0 && duplicated === 0 && p99 <= 150;
  log(`chat: ${total} posted in ${elapsed.toFixed(1)} s (${(total / elapsed).toFixed(0)}/s), answers ${JSON.stringify(Object.fromEntries(statuses))}`);
  log(`chat: ${lost} lost, ${duplicated} duplicated; POST → delivery p50 ${ms(percentile(latencies, 50))}, p99 ${ms(p99)} (target 0 lost, 0 duplicated, p99 ≤ 150 ms: ${met ? "met" : "NOT met"})`);
}

/** 200 users in 100 pairs, each pair a conversation, each user a bearer token: straight into the database. */
async function prepare(where: { dataDir?: string; databaseUrl?: string }) {
  const database = await openDatabase(where);
  try {
    await database.migrate();
    await ensureAccessModel(database.db);
    const rows = await database.db
      .insert(users)
      .values(Array.from({ length: CONVERSATIONS * 2 }, (_, i) => ({ name: `Bench User ${i}`, email: `bench.${i}@example.com`, passwordHash: "not-used" })))
      .returning({ id: users.id });
    const pairs = [];
    for (let i = 0; i < CONVERSATIONS; i++) {
      const [a, b] = [rows[2 * i].id, rows[2 * i + 1].id];
      const [conversation] = await database.db.insert(conversations).values({ pairKey: `${a}:${b}` }).returning({ id: conversations.id });
      await database.db.insert(conversationParticipants).values([a, b].map((userId) => ({ conversationId: conversation.id, userId })));
      pairs.push({ conversationId: conversation.id, sender: await createApiToken(database.db, a, "bench"), receiver: await createApiToken(database.db, b, "bench") });
    }
    return pairs;
  } finally {
    await database.close();
  }
}

async function main() {
  await memoryPerSocket();
  // BENCH_DATABASE_URL: a PostgreSQL server to run on (a throw-away database on it), else the embedded one.
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "launchpad-bench-realtime-"));
  const temporary = serverUrl ? await temporaryDatabase(serverUrl, "launchpad_bench_realtime") : undefined;
  try {
    const pairs = await prepare(temporary ? { databaseUrl: temporary.url } : { dataDir });
    const env = {
      ...(temporary ? { DATABASE_URL: temporary.url } : { DATA_DIR: dataDir }),
      SEED: "false",
      PUSHER_APP_ID: app.appId,
      PUSHER_APP_KEY: app.key,
      PUSHER_APP_SECRET: app.secret,
      REALTIME_MAX_CONNECTIONS: String(SOCKETS + 1_000),
    };
    log(`server on ${temporary ? "PostgreSQL" : "the embedded database"}`);
    const server = await startServer(ROOT, env, log);
    try {
      await fanOut(server.baseUrl);
      await chat(server.baseUrl, pairs);
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await temporary?.drop();
  }
}

const stopChildren = () => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(1);
};
process.on("SIGINT", stopChildren);
process.on("SIGTERM", stopChildren);
const run = process.argv.includes("--socket-server") ? socketServerOnly : main;
run().catch((error: unknown) => {
  console.error(error);
  for (const child of children) child.kill("SIGTERM");
  process.exit(1);
});
