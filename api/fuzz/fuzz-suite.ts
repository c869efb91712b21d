/**
 * The API fuzz suite: walks the route table of the real API (every method and path Hono knows) and sends
 * each route the malformed request families of ./families.ts, as an anonymous caller, a startup owner who
 * is also super admin, and a co-founder, at paths naming rows each caller can reach (./world.ts,
 * ./live-paths.ts). It asserts no 5xx, no row stored by a malformed request, and that the API still
 * answers afterwards. New routes are covered without being listed here.
 *
 * The routes are dealt into shards, one test file each (fuzz-N.test.ts), so the suite's minutes spread over
 * the test run's workers instead of holding one of them long after the rest are done.
 */
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD } from "../testing/fixtures.ts";
import { createTestApi, type TestApi, type TestClient } from "../testing/harness.ts";
import { bodyFamilies, fieldNames, fillPattern, PARAM_VALUES, queryFamilies, type FuzzRequest, type Route } from "./families.ts";
import { livePath, livePaths, type LivePaths } from "./live-paths.ts";
import { fuzzWorld } from "./world.ts";

const schemaModules = Object.values(
  import.meta.glob<Record<string, unknown>>(["../../schemas/*.ts", "!../../schemas/*.test.ts"], { eager: true }),
);
/**
 * Rows a refused request may leave on purpose: failed login attempts are what the throttle counts,
 * sessions come and go with logging in, the app key (app_settings) is made on first use, and a startup's
 * co-founder match rows are filled on its first score-sorted search (api/modules/co-founders/match.ts).
 */
const LOGGED_TABLES = new Set([
  "rate_limits",
  "sessions",
  "app_settings",
  "__drizzle_migrations",
  "co_founder_match_sets",
  "co_founder_matches",
]);
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

let t: TestApi;
let routes: Route[];

/** Every route Hono knows, once each, in a stable order (so each shard always gets the same ones). */
function allRoutes(api: TestApi["api"]): Route[] {
  const seen = new Set<string>();
  return api.routes
    .filter((r) => r.method !== "ALL" && r.path !== "/*")
    .map((r) => ({ method: r.method, pattern: r.path }))
    .filter((r) => !seen.has(`${r.method} ${r.pattern}`) && seen.add(`${r.method} ${r.pattern}`))
    .sort((a, b) => a.pattern.localeCompare(b.pattern) || a.method.localeCompare(b.method));
}

// Both drivers answer raw SQL with `{ rows }`; the Db union type cannot say which.
const rows = async <T>(query: SQL) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The rows of every table but the logged ones, counted in one statement: what a refused request must not add to. */
async function rowCountQuery(): Promise<SQL> {
  const tables = await rows<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const counts = tables
    .filter(({ table_name }) => !LOGGED_TABLES.has(table_name))
    .map(({ table_name }) => sql`(select count(*)::int from ${sql.identifier(table_name)})`);
  return sql`select ${sql.join(counts, sql` + `)} as n`;
}

/** What a malformed body must never change: who holds which role, and what each role may do. */
async function accessChecksum(): Promise<string> {
  const [{ sum }] = await rows<{ sum: string }>(sql`select md5(
    coalesce((select string_agg(user_id || ':' || role_id, ',' order by user_id, role_id) from user_roles), '') || '/' ||
    coalesce((select string_agg(role_id || ':' || permission_id, ',' order by role_id, permission_id) from role_permissions), '')) as sum`);
  return sum;
}

/**
 * Text columns holding U+FFFD: a lone surrogate that slipped through would be stored as one (the
 * drivers encode strings as UTF-8), so an update that "worked" would show here.
 */
async function replacementCharacters(): Promise<string[]> {
  const columns = await rows<{ table_name: string; column_name: string }>(
    sql`select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'json', 'jsonb')`,
  );
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    const [{ n }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text like ${"%\ufffd%"}`,
    );
    if (n) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

/**
 * A route's requests: every bad value of its parameters, then its bodies or queries at `path`, which names
 * rows the caller can reach, so that they are read.
 */
function requestsFor(route: Route, path: string, bodies: ReturnType<typeof bodyFamilies>, queries: ReturnType<typeof queryFamilies>) {
  const requests: FuzzRequest[] = [];
  if (route.pattern.includes(":")) {
    for (const value of PARAM_VALUES) {
      requests.push({
        family: `path ${value.slice(0, 12)}`,
        // "1" names a real row: an empty body may be a valid request there.
        mayStore: value === "1",
        method: route.method,
        path: fillPattern(route.pattern, value),
        ...(WRITES.has(route.method) ? { body: "{}", headers: { "content-type": "application/json" } } : {}),
      });
    }
  }
  if (WRITES.has(route.method)) for (const body of bodies) requests.push({ ...body, method: route.method, path });
  else for (const { family, query } of queries) requests.push({ family, method: route.method, path: `${path}?${query}` });
  return requests;
}

interface Caller {
  name: string;
  client: TestClient;
  /** Each route's path at rows this caller can reach (./live-paths.ts). */
  paths: LivePaths;
  /** Logs the caller in again when a route (log out, say) ended the session. */
  restore(): Promise<void>;
}

/**
 * Sends each route its requests: the malformed ones (`mayStore` false), or the rest. A malformed request
 * stores nothing when the route refuses it. A route may take one as valid, and rows it stores then are its
 * answer's: one that reads no body acts on any body (it answers invalid JSON with a 2xx), one whose every field
 * is optional (an invitation's accept and its note) takes a body of fields it does not know.
 */
async function fuzz(caller: Caller, routesNow: Route[], fields: string[], mayStore: boolean, rowCount: () => Promise<number>) {
  let sent = 0;
  const failures: string[] = [];
  const bodies = bodyFamilies(fields);
  const queries = queryFamilies(fields);
  for (const route of routesNow) {
    const before = mayStore ? 0 : await rowCount();
    const taken: string[] = [];
    for (const request of requestsFor(route, livePath(caller.paths, route), bodies, queries)) {
      if (Boolean(request.mayStore) !== mayStore) continue;
      const res = await caller.client.request(request.method, request.path, undefined, request.headers ?? {}, request.body);
      sent++;
      if (res.status >= 500)
        failures.push(`${res.status} ${request.method} ${route.pattern} [${request.family}] ${JSON.stringify(res.body).slice(0, 200)}`);
      if (res.status < 300) taken.push(request.family);
    }
    if (!mayStore && !taken.length && (await rowCount()) > before)
      failures.push(`${route.method} ${route.pattern} stored rows on requests it refused`);
    await caller.restore();
  }
  return { sent, failures };
}

/** The fuzz suite over shard `shard` (from 0) of `shards`: every shard's routes, fuzzed as described above. */
export function fuzzShard(shard: number, shards: number) {
  beforeAll(async () => {
    t = await createTestApi();
    routes = allRoutes(t.api);
  });
  afterAll(async () => t?.close());

  describe(`the API fuzz suite, routes ${shard + 1} of every ${shards}`, () => {
    it("answers every malformed request to its routes with a 4xx (or a 2xx where the request is valid), stores nothing, and keeps answering", async () => {
      const { owner, applicant } = await fuzzWorld(t);
      const fields = fieldNames(schemaModules);
      expect(fields.length).toBeGreaterThan(40);

      const login = (client: TestClient, email: string) => async () => {
        if ((await client.get("/api/user")).status === 401) await client.post("/api/login", { email, password: PASSWORD });
      };
      const anonymous = t.client("198.51.100.50");
      await anonymous.prime();
      const readList = (client: TestClient) => async (path: string) => {
        const res = await client.get(path);
        return res.status < 300 ? res.body : null;
      };
      const caller = async (name: string, client: TestClient, restore: () => Promise<void>) => ({
        name,
        client,
        restore,
        paths: await livePaths(routes, readList(client)),
      });
      const callers: Caller[] = [
        await caller("anonymous", anonymous, async () => {}),
        await caller("owner", owner.client, login(owner.client, owner.email)),
        await caller("co-founder", applicant.client, login(applicant.client, applicant.email)),
      ];
      const live = callers[1].paths;
      expect(live.filled, `parameters the owner's lists fill (left at 1: ${live.unfilled.join(", ")})`).toBeGreaterThanOrEqual(15);

      const countQuery = await rowCountQuery();
      const rowCount = async () => (await rows<{ n: number }>(countQuery))[0].n;
      let sent = 0;
      const failures: string[] = [];
      const run = async (routesNow: Route[], mayStore: boolean) => {
        for (const caller of callers) {
          const result = await fuzz(caller, routesNow, fields, mayStore, rowCount);
          sent += result.sent;
          failures.push(...result.failures.map((f) => `${caller.name}: ${f}`));
        }
      };
      // Deletes go last: the rows they take are the ones the other routes are sent to.
      const mine = routes.filter((_, index) => index % shards === shard);
      const others = mine.filter((r) => r.method !== "DELETE");
      const access = await accessChecksum();
      await run(others, false);
      expect(await accessChecksum(), "roles and permissions changed by a malformed request").toBe(access);
      await run(others, true);
      const deletes = mine.filter((r) => r.method === "DELETE");
      await run(deletes, false);
      await run(deletes, true);
      console.log(
        `[fuzz] ${mine.length} of ${routes.length} routes, ${live.filled} parameters at the owner's rows, ${sent} requests sent, ${failures.length} failures`,
      );

      expect(failures).toEqual([]);
      expect(await replacementCharacters()).toEqual([]);
      const health = await owner.client.get("/api/user");
      expect(health.status).toBe(200);
      expect(sent).toBeGreaterThan(3000 / shards);
      // All shards alone take about 80 s; beside the suite's server tests on two cores, four to five times that.
    }, 600_000);
  });
}
