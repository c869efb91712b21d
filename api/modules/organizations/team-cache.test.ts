import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import { joinedMember, TEAM_MEMBERS, teamOwner } from "#api/testing/team-fixtures.ts";

/*
 * With the caller cache on (as the embedded database runs), a member's removal or new role applies to
 * their very next request: every write empties the cache, these included.
 */
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ callerCacheMs: 60_000 });
});
afterAll(() => t.close());

it("a removed member is refused on the next request, though their caller was cached", async () => {
  const owner = await teamOwner(t);
  const member = await joinedMember(t, owner.client, "finance");
  expect((await member.client.get("/api/v1/admin/coupon_codes")).status).toBe(200);
  expect((await member.client.get("/api/v1/admin/coupon_codes")).status).toBe(200);
  expect((await owner.client.delete(`${TEAM_MEMBERS}/${member.id}`)).status).toBe(200);
  expect((await member.client.get("/api/v1/admin/coupon_codes")).status).toBe(403);
});

it("a member given another role has it on the next request", async () => {
  const owner = await teamOwner(t);
  const member = await joinedMember(t, owner.client, "finance");
  expect((await member.client.get("/api/v1/admin/coupon_codes")).status).toBe(200);
  expect((await owner.client.put(`${TEAM_MEMBERS}/${member.id}`, { role: "door" })).status).toBe(200);
  expect((await member.client.get("/api/v1/admin/coupon_codes")).status).toBe(403);
  expect((await member.client.get("/api/v1/team/membership")).body.organization.role).toBe("door");
});
