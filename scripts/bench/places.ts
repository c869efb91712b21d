/**
 * `node --import tsx scripts/bench/places.ts`: p50/p99 of GET /api/v1/site/cities through the whole API
 * (middleware, validation, the in-memory index, JSON), in process, on a mix of searches: a country's
 * cities by one to five letters, accented and not, and worldwide prefixes (the widest ranges to walk).
 * The index is built once before measuring (its build time is printed: it happens on the first request
 * after start). Target: p99 ≤ 20 ms. Exits 0 either way. BENCH_REQUESTS (default 2,000), BENCH_WARMUP (200).
 */
import { performance } from "node:perf_hooks";
import { createApi } from "#api/app.ts";
import { defaultApiConfig } from "#api/config.ts";
import { openDatabase } from "#api/db/client.ts";
import { cityIndex } from "#api/modules/places/city-index.ts";

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : fallback;
};
const REQUESTS = positive(process.env.BENCH_REQUESTS, 2_000);
const WARMUP = positive(process.env.BENCH_WARMUP, 200);
const P99_TARGET_MS = 20;

const QUERIES = [
  "country=NG&search=lag",
  "country=NG&search=a",
  "country=US&search=s",
  "country=US&search=san%20",
  "country=BR&search=s%C3%A3o",
  "country=DE&search=m%C3%BC",
  "country=IN&search=b",
  "country=CH&search=zur",
  "country=FR",
  "search=l",
  "search=sa",
  "search=new%20y",
  "search=zzqx",
];

const log = (message: string) => console.log(`[bench:places] ${message}`);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const database = await openDatabase({ worker: false });
await database.migrate();
const api = createApi({ db: database.db, config: defaultApiConfig, log: () => {} });

const started = performance.now();
const size = cityIndex().size;
log(`index: ${size.toLocaleString("en-US")} cities in ${(performance.now() - started).toFixed(0)} ms (built on first use)`);

const ask = async (i: number) => {
  const res = await api.request(`http://bench.test/api/v1/site/cities?${QUERIES[i % QUERIES.length]}`);
  if (res.status !== 200) throw new Error(`status ${res.status}`);
  await res.arrayBuffer();
};
for (let i = 0; i < WARMUP; i++) await ask(i);
const times: number[] = [];
for (let i = 0; i < REQUESTS; i++) {
  const t0 = performance.now();
  await ask(i);
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
const p50 = percentile(times, 50);
const p99 = percentile(times, 99);
log(`GET /api/v1/site/cities, ${REQUESTS} requests over ${QUERIES.length} searches: p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms`);
log(`target p99 ≤ ${P99_TARGET_MS} ms: ${p99 <= P99_TARGET_MS ? "met" : "NOT met"}`);
await database.close();
