/**
 * The contract and the API agree: every route declared in schemas/contract is one the API answers, and
 * every route the API answers is declared (docs/decisions/057).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API } from "#schemas/contract/index.ts";
import { honoPath } from "./lib/contract.ts";
import { createTestApi, type TestApi } from "./testing/harness.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const key = (method: string, path: string) => `${method} ${path}`;

describe("the API contract", () => {
  it("declares exactly the routes the API answers", () => {
    const answered = new Set(t.api.routes.filter((r) => r.method !== "ALL").map((r) => key(r.method, r.path)));
    const declared = new Set(Object.values(API).map((route) => key(route.method, honoPath(route))));
    expect([...declared].filter((route) => !answered.has(route))).toEqual([]);
    const undeclared = [...answered].filter((route) => !declared.has(route) && !route.endsWith(" /*"));
    expect(undeclared).toEqual([]);
  });

  it("names every route once, by a unique method and path", () => {
    const keys = Object.values(API).map((route) => key(route.method, route.path));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
