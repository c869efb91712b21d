/** bench:http's measuring: autocannon against a target, warmed up, in alternating rounds. */
import { createRequire } from "node:module";
import type { Session } from "./http.ts";

export const SECONDS = Math.max(1, Number(process.env.BENCH_SECONDS) || 10);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS) || 3);
export const CONNECTIONS = 20;

export interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  method?: string;
  body?: string;
}) => Promise<AutocannonResult>;
// autocannon ships no types; this is the part of its API used here.
export const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

export interface Target {
  label: string;
  path: string;
  session?: Session;
  headers?: Record<string, string>;
  /** A write (a POST with this JSON body) instead of a GET. */
  post?: unknown;
  /** What a correct answer is, so an error page is never timed as a fast page. */
  expect: (status: number, body: string) => boolean;
}

/** A correct answer: 200. */
export const ok = (status: number) => status === 200;
/** A correct page: 200, with this text in it. */
export const html = (text: string) => (status: number, body: string) => status === 200 && body.includes(text);

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
}

const headersOf = (target: Target) => ({
  ...(target.headers ?? {}),
  ...(target.session ? { cookie: target.session.cookieHeader() } : {}),
  ...(target.post === undefined ? {} : { "content-type": "application/json", "x-xsrf-token": target.session!.xsrfToken() }),
});
/** The method and body a target is sent with. */
const requestOf = (target: Target) =>
  target.post === undefined ? { method: "GET" } : { method: "POST", body: JSON.stringify(target.post) };

/** Checks that the target answers as it should, then warms it up. */
async function ready(baseUrl: string, target: Target) {
  const headers = headersOf(target);
  const probe = await fetch(baseUrl + target.path, { headers, redirect: "manual", ...requestOf(target) });
  const body = await probe.text();
  if (!target.expect(probe.status, body))
    throw new Error(`bench: ${target.path} answered ${probe.status}, not what it should: ${body.slice(0, 200)}`);
  await autocannon({ url: baseUrl + target.path, connections: CONNECTIONS, duration: 2, headers, ...requestOf(target) });
}

async function run(baseUrl: string, target: Target, seconds: number): Promise<Figures> {
  const result = await autocannon({
    url: baseUrl + target.path,
    connections: CONNECTIONS,
    duration: seconds,
    headers: headersOf(target),
    ...requestOf(target),
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

export async function measure(baseUrl: string, target: Target): Promise<Figures> {
  await ready(baseUrl, target);
  return run(baseUrl, target, SECONDS);
}

/**
 * Every target in turn, ROUNDS times, SECONDS / ROUNDS each. On a shared machine a slow minute then
 * lands on every page a little instead of on whichever page was being measured, so the ratios between
 * pages hold. Throughput is the mean of the rounds, p50 their median, p99 the worst.
 */
export async function alternate(baseUrl: string, targets: Record<string, Target>): Promise<Record<string, Figures>> {
  const entries = Object.entries(targets);
  for (const [, target] of entries) await ready(baseUrl, target);
  const seconds = Math.max(1, Math.round(SECONDS / ROUNDS));
  const runs = new Map<string, Figures[]>(entries.map(([key]) => [key, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [key, target] of entries) runs.get(key)!.push(await run(baseUrl, target, seconds));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return Object.fromEntries(
    [...runs].map(([key, figures]) => [
      key,
      {
        rps: figures.reduce((sum, f) => sum + f.rps, 0) / figures.length,
        p50: median(figures.map((f) => f.p50)),
        p99: Math.max(...figures.map((f) => f.p99)),
      },
    ]),
  );
}

/** One figure as the benchmarks print it: its label, then req/s, p50 and p99. */
export const figureRow = (label: string, f: Figures, width = 44) =>
  `${label.padEnd(width)} ${f.rps.toFixed(0).padStart(7)} req/s  p50 ${String(f.p50).padStart(4)} ms  p99 ${String(f.p99).padStart(5)} ms`;
