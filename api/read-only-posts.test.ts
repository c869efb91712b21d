/**
 * The POSTs that leave the answer caches alone are named by path in app.ts, away from their routes: a
 * renamed or removed route must fail here instead of leaving a stale entry (or a new route's writes
 * skipping the caches' invalidation under an old name).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { READ_ONLY_POSTS, allowedMethods } from "./app.ts";
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
