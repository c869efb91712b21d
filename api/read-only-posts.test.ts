/**
 * The POSTs that leave the answer caches alone are named by path in app.ts, away from their routes: a
 * renamed or removed route must fail here instead of leaving a stale entry.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { READ_ONLY_POSTS, allowedMethods, mayWrite } from "./app.ts";
import { createTestApi, type TestApi } from "./testing/harness.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

describe("the POSTs that leave the answer caches alone", () => {
  it.each([...READ_ONLY_POSTS])("%s is a POST route of the API", (path) => {
    expect(allowedMethods(t.api.routes, path)).toContain("POST");
  });
});

describe("which requests empty the answer caches after them", () => {
  it("every write but those POSTs; the door's check-ins are told apart by the check-in itself, not by their path", () => {
    expect(mayWrite("GET", "/api/v1/admin/event_forms/7/check_ins")).toBe(false);
    expect(mayWrite("POST", "/broadcasting/auth")).toBe(false);
    expect(mayWrite("POST", "/api/v1/admin/event_forms/7/check_ins")).toBe(true);
    expect(mayWrite("DELETE", "/api/v1/admin/event_forms/7/check_ins/ABCD2345")).toBe(true);
    expect(mayWrite("PUT", "/api/v1/admin/event_forms/7")).toBe(true);
  });
});
