import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORGANIZATION_ROLES, roleAllows, type OrganizationPermission, type OrganizationRole } from "#schemas/organization-roles.ts";
import { organizationMembers } from "#api/db/organization-schema.ts";
import { uniqueEmail } from "#api/testing/fixtures.ts";
import { createTestApi, type Call, type TestApi, type TestClient } from "#api/testing/harness.ts";
import { invitedToken, joinedMember, TEAM_INVITATIONS, TEAM_MEMBERS, teamOwner } from "#api/testing/team-fixtures.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

/**
 * Every team route with the permission it needs, called so that a caller it lets through gets an answer
 * that changes nothing (a list, a 422 for a missing field, a 404 for no such row) and one it does not
 * gets 403 before anything is looked at.
 */
const ROUTES: [OrganizationPermission, Call, number][] = [
  ["team.manage", ["GET", TEAM_MEMBERS], 200],
  ["team.manage", ["PUT", `${TEAM_MEMBERS}/999999`, {}], 422],
  ["team.manage", ["DELETE", `${TEAM_MEMBERS}/999999`], 404],
  ["team.manage", ["GET", TEAM_INVITATIONS], 200],
  ["team.manage", ["POST", TEAM_INVITATIONS, {}], 422],
  ["team.manage", ["DELETE", `${TEAM_INVITATIONS}/999999`], 404],
  ["team.manage", ["POST", `${TEAM_INVITATIONS}/999999/resend`], 404],
  ["organization.own", ["POST", "/api/v1/admin/team/transfer", {}], 422],
];

describe("each role reaches exactly what ROLE_PERMISSIONS gives it", () => {
  const clients = new Map<OrganizationRole, TestClient>();

  beforeAll(async () => {
    const owner = await teamOwner(t);
    clients.set("owner", owner.client);
    for (const role of ORGANIZATION_ROLES) if (role !== "owner") clients.set(role, (await joinedMember(t, owner.client, role)).client);
  }, 60_000);

  for (const role of ORGANIZATION_ROLES)
    for (const [permission, [method, path, body], allowed] of ROUTES)
      it(`${role}: ${method} ${path}`, async () => {
        const client = await clients.get(role)!.prime();
        const res = await client.request(method, path, body);
        expect(res.status).toBe(roleAllows(role, permission) ? allowed : 403);
        if (res.status === 403) expect(res.body.message).toBe("Access Forbidden");
      });

  it("a member who is not one of the team (no organization) is refused everywhere, and leaving needs a membership", async () => {
    const owner = await teamOwner(t);
    const member = await joinedMember(t, owner.client, "door");
    expect((await member.client.post("/api/v1/team/leave")).status).toBe(200);
    await member.client.prime();
    for (const [, [method, path, body]] of ROUTES) expect((await member.client.request(method, path, body)).status).toBe(403);
    expect((await member.client.post("/api/v1/team/leave")).status).toBe(403);
  });
});

describe("another organization's members and invitations", () => {
  it("are not found", async () => {
    const ours = await teamOwner(t);
    const theirs = await teamOwner(t);
    const member = await joinedMember(t, theirs.client, "reviewer");
    await invitedToken(t, theirs.client, uniqueEmail(), "door");
    const [invitation] = (await theirs.client.get(TEAM_INVITATIONS)).body.data;
    const calls: Call[] = [
      ["PUT", `${TEAM_MEMBERS}/${member.id}`, { role: "door" }],
      ["DELETE", `${TEAM_MEMBERS}/${member.id}`],
      ["DELETE", `${TEAM_INVITATIONS}/${invitation.id}`],
      ["POST", `${TEAM_INVITATIONS}/${invitation.id}/resend`],
    ];
    for (const [method, path, body] of calls) expect((await (await ours.client.prime()).request(method, path, body)).status).toBe(404);
    expect((await ours.client.get(TEAM_MEMBERS)).body.data.map((m: { user_id: number }) => m.user_id)).toEqual([ours.id]);
    expect((await ours.client.get(TEAM_INVITATIONS)).body.data).toEqual([]);
    expect(
      (await ours.client.post("/api/v1/admin/team/transfer", { user_id: member.id, current_password: "correct horse battery" })).status,
    ).toBe(422);
  });
});

describe("two admins removing each other at once", () => {
  it("one of them goes, the other stays, and the owner is untouched", async () => {
    const owner = await teamOwner(t);
    const first = await joinedMember(t, owner.client, "admin");
    const second = await joinedMember(t, owner.client, "admin");
    await Promise.all([first.client.prime(), second.client.prime()]);
    const answers = await Promise.all([
      first.client.delete(`${TEAM_MEMBERS}/${second.id}`),
      second.client.delete(`${TEAM_MEMBERS}/${first.id}`),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403]);
    const team = await t.database.db
      .select({ userId: organizationMembers.userId, role: organizationMembers.role })
      .from(organizationMembers)
      .where(eq(organizationMembers.organizationId, owner.startup.id));
    expect(team).toHaveLength(2);
    expect(team).toContainEqual({ userId: owner.id, role: "owner" });
    expect(team.filter((m) => m.role === "admin")).toHaveLength(1);
  });
});
