/** What the parts of bench:realtime share: the app's keys, figures, and a bare Pusher-protocol client. */
import { readdirSync, readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import WebSocket from "ws";

export const app = { appId: "700700", key: "bench-key", secret: "bench-secret" };
export const log = (message: string) => console.log(`[bench:realtime] ${message}`);
export const positive = (value: string | undefined, fallback: number) =>
  value && Number(value) > 0 ? Math.floor(Number(value)) : fallback;

/** The p-th percentile of ascending `sorted`. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
export const ms = (n: number) => `${n.toFixed(1)} ms`;

export interface Client {
  ws: WebSocket;
  socketId: string;
  /** Resolves with the next frame whose event is `event` (data decoded). */
  next(event: string): Promise<{ channel?: string; data: unknown }>;
  onEvent(event: string, handler: (data: unknown, at: number) => void): void;
}

/**
 * A protocol client on a raw socket, for the thousands of sockets the fan-out and memory figures need
 * (a pusher-js instance each would make the bench process, not the server, the thing measured).
 */
export function openClient(baseUrl: string): Promise<Client> {
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

export async function subscribe(client: Client, channel: string, auth?: string) {
  const done = client.next("pusher_internal:subscription_succeeded");
  client.ws.send(JSON.stringify({ event: "pusher:subscribe", data: { channel, ...(auth ? { auth } : {}) } }));
  await done;
}

/** `count` clients subscribed to `channel`, opened 100 at a time. */
export async function openSubscribed(baseUrl: string, count: number, channel: string): Promise<Client[]> {
  const clients: Client[] = [];
  for (let i = 0; i < count; i += 100) {
    const batch = await Promise.all(Array.from({ length: Math.min(100, count - i) }, () => openClient(baseUrl)));
    await Promise.all(batch.map((client) => subscribe(client, channel)));
    clients.push(...batch);
  }
  return clients;
}

/**
 * CPU time (ms) so far of each thread of a process, by thread id, from /proc (Linux; empty elsewhere):
 * on two cores shared by the server's threads and these clients, where the time goes matters as much
 * as how long things took.
 */
export function threadCpu(pid: number): Map<number, number> {
  const ticks = new Map<number, number>();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks.set(Number(tid), ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS);
    }
  } catch {
    // No /proc (not Linux) or the process is gone: nothing to report.
  }
  return ticks;
}

/** Linux's USER_HZ, fixed at 100 on every architecture Node runs on. */
const CLOCK_TICKS = 100;
