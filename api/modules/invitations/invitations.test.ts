import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coFounderInvitations, teamMembers } from "#api/db/community-schema.ts";
import { registered } from "#api/testing/fixtures.ts";
import { createTestApi, expectEveryCallRefused, type Call, type TestApi } from "#api/testing/harness.ts";
import { coFounderWith, startupOwner } from "#api/testing/co-founder-fixtures.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const BASE = "/api/v1/admin/co_founder_invitations";
const NOT_FOUND = { message: "Invitation not found" };

async function invite(owner: Awaited<ReturnType<typeof startupOwner>>, coFounderId: number, extra: Record<string, unknown> = {}) {
  const res = await owner.client.post(BASE, { co_founder_id: coFounderId, ...extra });
  if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.invitation as { id: number; status: string };
}

describe("guards", () => {
  it("answers 401 without a login", async () => {
    const calls: Call[] = [
      ["GET", BASE],
      ["POST", BASE, { co_founder_id: 1 }],
      ["POST", `${BASE}/1/accept`, {}],
      ["POST", `${BASE}/1/decline`, {}],
      ["POST", `${BASE}/1/withdraw`, {}],
    ];
    await expectEveryCallRefused(t.client(), calls, 401, { message: "Unauthenticated." });
  });

  it("answers 403 Access Forbidden to a user with neither a startup nor a co-founder profile", async () => {
    const { client } = await registered(t);
    const calls: Call[] = [
      ["GET", BASE],
      ["POST", BASE, { co_founder_id: 1 }],
      ["POST", `${BASE}/1/accept`, {}],
      ["POST", `${BASE}/1/withdraw`, {}],
    ];
    await expectEveryCallRefused(client, calls, 403, { message: "Access Forbidden" });
  });

  it("lets only a startup send", async () => {
    const person = await coFounderWith(t);
    const other = await coFounderWith(t);
    expect(await person.client.post(BASE, { co_founder_id: other.profile.id })).toMatchObject({ status: 403 });
  });
});

describe("the invitation's life", () => {
  it("is sent, listed on both sides, and accepted into the team in one go", async () => {
    const owner = await startupOwner(t);
    const person = await coFounderWith(t, { name: "Ada Accepter", roles: ["Technical"] });
    const sent = await invite(owner, person.profile.id, { message: "Join us", title: "CTO", role: "Technical" });
    expect(sent).toMatchObject({ status: "pending" });
    const outbox = await owner.client.get(BASE);
    expect(outbox.body).toMatchObject({ box: "sent", can_send: true, can_receive: false, meta: { total: 1 } });
    const inbox = await person.client.get(BASE);
    expect(inbox.body).toMatchObject({ box: "received", meta: { total: 1 } });
    expect(inbox.body.data[0]).toMatchObject({ id: sent.id, message: "Join us", startup: { id: owner.startup.id } });
    const accepted = await person.client.post(`${BASE}/${sent.id}/accept`, { response_message: "Gladly" });
    expect(accepted.status).toBe(200);
    expect(accepted.body.invitation).toMatchObject({ status: "accepted", response_message: "Gladly" });
    const team = await owner.client.get("/api/v1/admin/co_founders");
    expect(team.body.data).toMatchObject([
      { co_founder_id: person.profile.id, name: "Ada Accepter", title: "CTO", role: "Technical", on_platform: true },
    ]);
    expect(team.body.pending_invitations).toEqual([]);
    // Answered: cannot change again.
    for (const action of ["accept", "decline"]) {
      expect(await person.client.post(`${BASE}/${sent.id}/${action}`, {})).toMatchObject({
        status: 422,
        body: { errors: { status: ["This invitation has already been accepted."] } },
      });
    }
    expect((await owner.client.post(`${BASE}/${sent.id}/withdraw`, {})).status).toBe(422);
    // On the team now: a new invitation is refused.
    const again = await owner.client.post(BASE, { co_founder_id: person.profile.id });
    expect(again).toMatchObject({ status: 422, body: { errors: { co_founder_id: ["This person is already on your team."] } } });
  });

  it("is declined or withdrawn, and filtered by status", async () => {
    const owner = await startupOwner(t);
    const a = await coFounderWith(t);
    const b = await coFounderWith(t);
    const first = await invite(owner, a.profile.id);
    const second = await invite(owner, b.profile.id);
    expect((await a.client.post(`${BASE}/${first.id}/decline`, { response_message: "Not now" })).body.invitation).toMatchObject({
      status: "declined",
      response_message: "Not now",
    });
    expect((await owner.client.post(`${BASE}/${second.id}/withdraw`, {})).body.invitation.status).toBe("withdrawn");
    expect((await b.client.post(`${BASE}/${second.id}/accept`, {})).status).toBe(422);
    const declined = await owner.client.get(`${BASE}?status=declined`);
    expect(declined.body.data.map((i: { id: number }) => i.id)).toEqual([first.id]);
    // Answered invitations free the slot: the person may be invited again.
    expect((await owner.client.post(BASE, { co_founder_id: a.profile.id })).status).toBe(201);
  });
});

describe("rules", () => {
  it("allows one pending invitation per startup and person", async () => {
    const owner = await startupOwner(t);
    const person = await coFounderWith(t);
    await invite(owner, person.profile.id);
    const second = await owner.client.post(BASE, { co_founder_id: person.profile.id });
    expect(second).toMatchObject({
      status: 422,
      body: { errors: { co_founder_id: ["You have already invited this person; that invitation is still pending."] } },
    });
    // Another startup may invite the same person.
    expect((await (await startupOwner(t)).client.post(BASE, { co_founder_id: person.profile.id })).status).toBe(201);
  });

  it("refuses unknown people and bad fields with 422", async () => {
    const owner = await startupOwner(t);
    const res = await owner.client.post(BASE, { co_founder_id: 999999, role: "Wizard" });
    expect(res.status).toBe(422);
    expect(res.body.errors.role).toEqual(["The selected role is invalid."]);
    expect((await owner.client.post(BASE, { co_founder_id: 999999 })).body.errors).toEqual({
      co_founder_id: ["The selected co-founder is invalid."],
    });
    expect((await owner.client.post(BASE, {})).body.errors).toEqual({ co_founder_id: ["The co-founder field is required."] });
  });

  it("caps pending invitations at 20 per startup, even when sent at once", async () => {
    const owner = await startupOwner(t);
    const people = await Promise.all(Array.from({ length: 24 }, () => coFounderWith(t)));
    for (const person of people.slice(0, 18)) await invite(owner, person.profile.id);
    const results = await Promise.all(people.slice(18).map((p) => owner.client.post(BASE, { co_founder_id: p.profile.id })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    const refused = results.filter((r) => r.status === 422);
    expect(refused).toHaveLength(4);
    expect(refused[0].body.message).toContain("at most 20 pending invitations");
    const pending = await t.database.db
      .select({ id: coFounderInvitations.id })
      .from(coFounderInvitations)
      .where(and(eq(coFounderInvitations.startupId, owner.startup.id), eq(coFounderInvitations.status, "pending")));
    expect(pending).toHaveLength(20);
  });

  it("answers 404 to anyone but the addressee (accept, decline) or the sender (withdraw)", async () => {
    const owner = await startupOwner(t);
    const person = await coFounderWith(t);
    const stranger = await coFounderWith(t);
    const otherStartup = await startupOwner(t);
    const sent = await invite(owner, person.profile.id);
    for (const [client, action] of [
      [stranger.client, "accept"],
      [stranger.client, "decline"],
      [otherStartup.client, "accept"],
      [otherStartup.client, "withdraw"],
      [person.client, "withdraw"],
      [owner.client, "accept"],
    ] as const) {
      expect(await client.post(`${BASE}/${sent.id}/${action}`, {}), action).toMatchObject({ status: 404, body: NOT_FOUND });
    }
    expect(await person.client.post(`${BASE}/abc/accept`, {})).toMatchObject({ status: 404, body: NOT_FOUND });
    const [row] = await t.database.db
      .select({ status: coFounderInvitations.status })
      .from(coFounderInvitations)
      .where(eq(coFounderInvitations.id, sent.id));
    expect(row.status).toBe("pending");
    const members = await t.database.db.select().from(teamMembers).where(eq(teamMembers.startupId, owner.startup.id));
    expect(members).toEqual([]);
  });
});
