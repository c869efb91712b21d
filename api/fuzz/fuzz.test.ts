/**
 * The API fuzz suite: walks the route table of the real API (every method and path Hono knows) and sends
 * each route the malformed request families of ./families.ts, as an anonymous caller, a startup owner who
 * is also super admin, and a co-founder. It asserts no 5xx, no row stored by a malformed request, and
 * that the API still answers afterwards. New routes are covered without being listed here.
 */
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coFounder, PASSWORD, superAdmin } from "../testing/fixtures.ts";
import { createEventForm, setEventFormStatus } from "../testing/event-fixtures.ts";
import { createTestApi, type TestApi, type TestClient } from "../testing/harness.ts";
import { bodyFamilies, fieldNames, fillPattern, PARAM_VALUES, queryFamilies, type FuzzRequest, type Route } from "./families.ts";

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

beforeAll(async () => {
  t = await createTestApi();
  const seen = new Set<string>();
  routes = t.api.routes
    .filter((r) => r.method !== "ALL" && r.path !== "/*")
    .map((r) => ({ method: r.method, pattern: r.path }))
    .filter((r) => !seen.has(`${r.method} ${r.pattern}`) && seen.add(`${r.method} ${r.pattern}`));
});
afterAll(async () => t?.close());

// Both drivers answer raw SQL with `{ rows }`; the Db union type cannot say which.
const rows = async <T>(query: SQL) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Row counts of every table, to prove that refused requests stored nothing. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await rows<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    if (LOGGED_TABLES.has(table_name)) continue;
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table_name)}`);
    counts[table_name] = n;
  }
  return counts;
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

function requestsFor(route: Route, bodies: ReturnType<typeof bodyFamilies>, queries: ReturnType<typeof queryFamilies>): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  const hasParams = route.pattern.includes(":");
  const path = fillPattern(route.pattern, "1");
  if (hasParams) {
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
  /** Logs the caller in again when a route (log out, say) ended the session. */
  restore(): Promise<void>;
}

/** Sends every route its requests: the malformed ones first (`mayStore` false), or the rest. */
async function fuzz(caller: Caller, fields: string[], mayStore: boolean) {
  let sent = 0;
  const failures: string[] = [];
  const bodies = bodyFamilies(fields);
  const queries = queryFamilies(fields);
  for (const route of routes) {
    for (const request of requestsFor(route, bodies, queries)) {
      if (Boolean(request.mayStore) !== mayStore) continue;
      const res = await caller.client.request(request.method, request.path, undefined, request.headers ?? {}, request.body);
      sent++;
      if (res.status >= 500)
        failures.push(`${res.status} ${request.method} ${route.pattern} [${request.family}] ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    await caller.restore();
  }
  return { sent, failures };
}

describe("the API fuzz suite", () => {
  it("answers every malformed request to every route with a 4xx (or a 2xx where the request is valid), stores nothing, and keeps answering", async () => {
    const owner = await superAdmin(t);
    // A second super admin, so that user 1 is not the last one and a misread body could clear its roles.
    await superAdmin(t);
    const collection = await owner.client.post("/api/v1/admin/collections", { name: "Fuzz collection" });
    const form = await createEventForm(owner.client, collection.body.collection.id, { title: "Fuzz form" });
    await setEventFormStatus(owner.client, form.id, "published");
    const applicant = await coFounder(t);
    const fields = fieldNames(schemaModules);
    expect(fields.length).toBeGreaterThan(40);

    const login = (client: TestClient, email: string) => async () => {
      if ((await client.get("/api/user")).status === 401) await client.post("/api/login", { email, password: PASSWORD });
    };
    const anonymous = t.client("198.51.100.50");
    await anonymous.prime();
    const callers: Caller[] = [
      { name: "anonymous", client: anonymous, restore: async () => {} },
      { name: "owner", client: owner.client, restore: login(owner.client, owner.email) },
      { name: "co-founder", client: applicant.client, restore: login(applicant.client, applicant.email) },
    ];

    let sent = 0;
    const failures: string[] = [];
    const run = async (mayStore: boolean) => {
      for (const caller of callers) {
        const result = await fuzz(caller, fields, mayStore);
        sent += result.sent;
        failures.push(...result.failures.map((f) => `${caller.name}: ${f}`));
      }
    };
    const before = await rowCounts();
    const access = await accessChecksum();
    await run(false);
    const after = await rowCounts();
    expect(await accessChecksum(), "roles and permissions changed by a malformed request").toBe(access);
    await run(true);
    console.log(`[fuzz] ${routes.length} routes, ${sent} requests sent, ${failures.length} answered 5xx`);

    expect(failures).toEqual([]);
    // Nothing may be added. A delete route that reads no body may still delete row 1 whatever body it is
    // sent, so rows may go; the access checksum above guards the rows a misread body used to wipe.
    for (const [table, count] of Object.entries(after)) expect(count, table).toBeLessThanOrEqual(before[table] ?? 0);
    expect(await replacementCharacters()).toEqual([]);
    const health = await owner.client.get("/api/user");
    expect(health.status).toBe(200);
    expect(sent).toBeGreaterThan(3000);
  }, 360_000);
});
