/**
 * The POSTs that leave the answer caches alone, and the door's writes that empty only some, are named by
 * path in app.ts, away from their routes: a renamed or removed route must fail here instead of leaving a
 * stale entry (or a new route's writes skipping the caches' invalidation under an old name).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECK_IN_WRITES, READ_ONLY_POSTS, allowedMethods, writeScopeOf } from "./app.ts";
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

describe("the door's writes, which empty only the caches that count check-ins", () => {
  it("are the check-in routes of the API, and nothing else", () => {
    expect(allowedMethods(t.api.routes, "/api/v1/admin/event_forms/7/check_ins")).toContain("POST");
    expect(allowedMethods(t.api.routes, "/api/v1/admin/event_forms/7/check_ins/ABCD2345")).toContain("DELETE");
    // No other write of the API lives under check_ins (each route is listed once per handler).
    const others = t.api.routes.filter(
      (route) => !["GET", "HEAD", "OPTIONS", "ALL"].includes(route.method) && route.path.includes("check_ins"),
    );
    expect([...new Set(others.map((route) => `${route.method} ${route.path}`))].sort()).toEqual([
      "DELETE /api/v1/admin/event_forms/:id/check_ins/:code",
      "POST /api/v1/admin/event_forms/:id/check_ins",
    ]);
    expect(CHECK_IN_WRITES.test("/api/v1/admin/event_forms/7/check_ins/ABCD2345/extra")).toBe(false);
  });

  it("a request's scope: nothing for a read, check-ins for the door, anything for every other write", () => {
    expect(writeScopeOf("GET", "/api/v1/admin/event_forms/7/check_ins")).toBeNull();
    expect(writeScopeOf("POST", "/broadcasting/auth")).toBeNull();
    expect(writeScopeOf("POST", "/api/v1/admin/event_forms/7/check_ins")).toBe("check-ins");
    expect(writeScopeOf("DELETE", "/api/v1/admin/event_forms/7/check_ins/ABCD2345")).toBe("check-ins");
    expect(writeScopeOf("PUT", "/api/v1/admin/event_forms/7")).toBe("any");
    expect(writeScopeOf("POST", "/api/v1/admin/event_forms/7/check_ins_export")).toBe("any");
  });
});
