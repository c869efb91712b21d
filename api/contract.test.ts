/**
 * The contract and the API agree: every route declared in schemas/contract is one the API answers, and the
 * routes not declared yet only ever become fewer (docs/decisions/057).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API } from "#schemas/contract/index.ts";
import { honoPath } from "./lib/contract.ts";
import { createTestApi, type TestApi } from "./testing/harness.ts";

/** Routes the API answers that are not declared yet: lower it as parts move, never raise it. */
const NOT_DECLARED_YET = 1;

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const key = (method: string, path: string) => `${method} ${path}`;

describe("the API contract", () => {
  it("declares only routes the API answers, and what is not declared yet only shrinks", () => {
    const answered = new Set(t.api.routes.filter((r) => r.method !== "ALL").map((r) => key(r.method, r.path)));
    const declared = new Set(Object.values(API).map((route) => key(route.method, honoPath(route))));
    expect([...declared].filter((route) => !answered.has(route))).toEqual([]);
    const undeclared = [...answered].filter((route) => !declared.has(route) && !route.endsWith(" /*"));
    expect(undeclared.length).toBeLessThanOrEqual(NOT_DECLARED_YET);
  });

  it("names every route once, by a unique method and path", () => {
    const keys = Object.values(API).map((route) => key(route.method, route.path));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
