import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LINK_INVALID } from "#schemas/account-links.ts";
import { INVITATION_WRONG_ACCOUNT, OWNER_CANNOT_LEAVE, TEAM_INVITATION_RATE } from "#schemas/team.ts";
import { limits } from "#api/lib/limits.ts";
import { hit } from "#api/lib/rate-limit.ts";
import { hitsOf } from "#api/testing/rate-limits.ts";
import { activities, organizationMembers, teamInvitations } from "#api/db/organization-schema.ts";
import { startups } from "#api/db/schema.ts";
import { createEventForm } from "#api/testing/event-fixtures.ts";
import { PASSWORD, registered, uniqueEmail, userRow } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import { latestOutboxMail, outboxMails } from "#api/testing/mail-fixtures.ts";
import { invitedToken, joinedMember, TEAM_INVITATIONS, TEAM_MEMBERS, teamOwner } from "#api/testing/team-fixtures.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

/** The organization's recorded team changes, oldest first (its forms and collections are recorded too). */
const kindsOf = async (organizationId: number) =>
  (
    await t.database.db
      .select({ kind: activities.kind })
      .from(activities)
      .where(and(eq(activities.organizationId, organizationId), inArray(activities.subjectType, ["member", "invitation"])))
      .orderBy(activities.id)
  ).map((row) => row.kind);

describe("invitations", () => {
  it("mails a link; the invited account opens it, joins, and acts for the organization", async () => {
    const owner = await teamOwner(t);
    const form = await createEventForm(owner.client, owner.collection.id);
    const email = uniqueEmail("reviewer");
    const created = await owner.client.post(TEAM_INVITATIONS, { email: email.toUpperCase(), role: "reviewer", event_form_ids: [form.id] });
    expect(created.status).toBe(201);
    expect(created.body.invitation).toMatchObject({ email, role: "reviewer", status: "pending" });
    const mail = await latestOutboxMail(t.database.db, email, "team_invitation");
    expect(mail.subject).toBe(`Join ${owner.startup.name} on Launchpad`);
    const token = /\/team\/join\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const [stored] = await t.database.db.select().from(teamInvitations).where(eq(teamInvitations.id, created.body.invitation.id));
    expect(stored.tokenHash).not.toContain(token);
    expect(stored.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const preview = await t.client().get(`/api/v1/team_invitations/${token}`);
    expect(preview.status).toBe(200);
    expect(preview.body.invitation).toMatchObject({
      organization: { id: owner.startup.id, name: owner.startup.name },
      email,
      role: "reviewer",
    });

    const member = await t
      .client()
      .post("/api/register", { name: "Rita Reviewer", email, password: PASSWORD, password_confirmation: PASSWORD });
    expect(member.status).toBe(201);
    const joined = await t.client().post(`/api/v1/team_invitations/${token}/accept`);
    expect(joined.status).toBe(401);
    const client = t.client();
    await client.post("/api/login", { email, password: PASSWORD });
    const accepted = await client.post(`/api/v1/team_invitations/${token}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ organization: { id: owner.startup.id, name: owner.startup.name, role: "reviewer" } });
    expect((await userRow(t, member.body.user.id)).startupId).toBe(owner.startup.id);
    expect((await client.get("/api/user")).body).toMatchObject({ startup_id: owner.startup.id, setup_complete: true });
    expect((await client.get("/api/v1/team/membership")).body).toEqual(accepted.body);

    const members = await owner.client.get(TEAM_MEMBERS);
    expect(members.body.data.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [owner.email, "owner"],
      [email, "reviewer"],
    ]);
    expect(members.body.data[1].event_form_ids).toEqual([form.id]);
    expect(members.body.meta.total).toBe(2);
    expect((await owner.client.get(`${TEAM_MEMBERS}?search=rita`)).body.data).toHaveLength(1);
    expect((await owner.client.get(TEAM_INVITATIONS)).body.data).toEqual([]);
    // Used: the link opens nothing any more.
    expect((await client.post(`/api/v1/team_invitations/${token}/accept`)).status).toBe(404);
    expect((await t.client().get(`/api/v1/team_invitations/${token}`)).body.message).toBe(LINK_INVALID);
    expect(await kindsOf(owner.startup.id)).toEqual(expect.arrayContaining(["member.invited", "member.joined"]));
  });

  it("keeps the organization an account already acts for", async () => {
    const owner = await teamOwner(t);
    const other = await teamOwner(t);
    const token = await invitedToken(t, owner.client, other.email, "finance");
    expect((await other.client.post(`/api/v1/team_invitations/${token}/accept`)).status).toBe(200);
    expect((await userRow(t, other.id)).startupId).toBe(other.startup.id);
  });

  it("refuses a member's address, a role that is not assignable, and forms a role cannot be limited to or of another organization", async () => {
    const owner = await teamOwner(t);
    const stranger = await teamOwner(t);
    const theirs = await createEventForm(stranger.client, stranger.collection.id);
    const ours = await createEventForm(owner.client, owner.collection.id);
    const email = uniqueEmail();
    const cases: [Record<string, unknown>, string][] = [
      [{ email: owner.email, role: "admin" }, "email"],
      [{ email, role: "owner" }, "role"],
      [{ email, role: "chief" }, "role"],
      [{ email, role: "admin", event_form_ids: [ours.id] }, "event_form_ids"],
      [{ email, role: "reviewer", event_form_ids: [theirs.id] }, "event_form_ids"],
      [{ email, role: "reviewer", event_form_ids: ["x"] }, "event_form_ids.0"],
    ];
    for (const [body, field] of cases) {
      const res = await owner.client.post(TEAM_INVITATIONS, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
  });

  it("refuses an account with another address (403), and the link stays usable", async () => {
    const owner = await teamOwner(t);
    const token = await invitedToken(t, owner.client, uniqueEmail("right"), "door");
    const wrong = await registered(t);
    const res = await wrong.client.post(`/api/v1/team_invitations/${token}/accept`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(INVITATION_WRONG_ACCOUNT);
    expect((await t.client().get(`/api/v1/team_invitations/${token}`)).status).toBe(200);
  });

  it("an expired link, a revoked one and an unknown one are 404", async () => {
    const owner = await teamOwner(t);
    const member = await registered(t);
    const token = await invitedToken(t, owner.client, member.email, "door");
    await t.database.db
      .update(teamInvitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(teamInvitations.email, member.email));
    expect((await t.client().get(`/api/v1/team_invitations/${token}`)).status).toBe(404);
    expect((await member.client.post(`/api/v1/team_invitations/${token}/accept`)).status).toBe(404);
    expect((await owner.client.get(TEAM_INVITATIONS)).body.data[0]).toMatchObject({ email: member.email, status: "expired" });
    expect((await member.client.post("/api/v1/team_invitations/nothing/accept")).status).toBe(404);

    const revokedToken = await invitedToken(t, owner.client, member.email, "finance");
    const [open] = (await owner.client.get(TEAM_INVITATIONS)).body.data;
    expect((await owner.client.delete(`${TEAM_INVITATIONS}/${open.id}`)).status).toBe(200);
    expect((await owner.client.delete(`${TEAM_INVITATIONS}/${open.id}`)).status).toBe(404);
    expect((await member.client.post(`/api/v1/team_invitations/${revokedToken}/accept`)).status).toBe(404);
    expect((await owner.client.get(TEAM_INVITATIONS)).body.data).toEqual([]);
    expect(await kindsOf(owner.startup.id)).toContain("invitation.revoked");
  });

  it("a resend, or inviting the address again, mails a new link and the old one stops working", async () => {
    const owner = await teamOwner(t);
    const member = await registered(t);
    const first = await invitedToken(t, owner.client, member.email, "door");
    const [open] = (await owner.client.get(TEAM_INVITATIONS)).body.data;
    const resent = await owner.client.post(`${TEAM_INVITATIONS}/${open.id}/resend`);
    expect(resent.status).toBe(200);
    const second = await invitedToken(t, owner.client, member.email, "reviewer");
    expect(await outboxMails(t.database.db, member.email, "team_invitation")).toHaveLength(3);
    expect((await owner.client.get(TEAM_INVITATIONS)).body.data).toHaveLength(1);
    expect((await member.client.post(`/api/v1/team_invitations/${first}/accept`)).status).toBe(404);
    const joined = await member.client.post(`/api/v1/team_invitations/${second}/accept`);
    expect(joined.body.organization.role).toBe("reviewer");
    expect(await kindsOf(owner.startup.id)).toEqual(["member.invited", "invitation.resent", "invitation.resent", "member.joined"]);
  });
});

describe("the invitations an organization mails", () => {
  it("are limited per organization, resends included, with a 429 on the email", async () => {
    const owner = await teamOwner(t);
    const limit = limits(t.config).teamInvitation;
    for (let i = 1; i < TEAM_INVITATION_RATE.maxMails; i++) await hit(t.database.db, limit, owner.startup.id);
    const email = uniqueEmail();
    expect((await owner.client.post(TEAM_INVITATIONS, { email, role: "door" })).status).toBe(201);
    const [open] = (await owner.client.get(TEAM_INVITATIONS)).body.data;
    const refused = await owner.client.post(`${TEAM_INVITATIONS}/${open.id}/resend`);
    expect(refused.status).toBe(429);
    expect(refused.body.errors.email).toEqual([expect.stringContaining("invitations in the last hour")]);
    expect(await hitsOf(t.database.db, limit, owner.startup.id)).toBe(TEAM_INVITATION_RATE.maxMails);
    expect(await outboxMails(t.database.db, email, "team_invitation")).toHaveLength(1);
  });
});

describe("members", () => {
  it("changes a member's role and forms, and records before and after", async () => {
    const owner = await teamOwner(t);
    const form = await createEventForm(owner.client, owner.collection.id);
    const member = await joinedMember(t, owner.client, "reviewer");
    const res = await owner.client.put(`${TEAM_MEMBERS}/${member.id}`, { role: "door", event_form_ids: [form.id] });
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(organizationMembers).where(eq(organizationMembers.userId, member.id));
    expect(row).toMatchObject({ role: "door", eventFormIds: [form.id] });
    const [entry] = await t.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.organizationId, owner.startup.id), eq(activities.kind, "member.role_changed")));
    expect(entry.changes).toEqual({ role: { from: "reviewer", to: "door" }, event_form_ids: { from: null, to: [form.id] } });
    // The next request sees the new role at once.
    expect((await member.client.get("/api/v1/admin/coupon_codes")).status).toBe(403);
    expect((await owner.client.put(`${TEAM_MEMBERS}/${owner.id}`, { role: "admin" })).status).toBe(422);
    expect((await owner.client.put(`${TEAM_MEMBERS}/999999`, { role: "admin" })).status).toBe(404);
  });

  it("removes a member, who then acts for another of their organizations or none", async () => {
    const owner = await teamOwner(t);
    const member = await joinedMember(t, owner.client, "finance");
    expect((await member.client.get("/api/v1/admin/coupon_codes")).status).toBe(200);
    expect((await owner.client.delete(`${TEAM_MEMBERS}/${owner.id}`)).status).toBe(403);
    expect((await owner.client.delete(`${TEAM_MEMBERS}/${member.id}`)).status).toBe(200);
    expect((await userRow(t, member.id)).startupId).toBeNull();
    expect((await member.client.get("/api/v1/team/membership")).status).toBe(404);
    expect((await member.client.get("/api/v1/admin/coupon_codes")).status).toBe(403);
    expect((await owner.client.delete(`${TEAM_MEMBERS}/${member.id}`)).status).toBe(404);
    expect(await kindsOf(owner.startup.id)).toContain("member.removed");
  });

  it("a member leaves; the owner cannot", async () => {
    const owner = await teamOwner(t);
    const second = await teamOwner(t);
    const member = await joinedMember(t, owner.client, "door");
    const token = await invitedToken(t, second.client, member.email, "reviewer");
    await member.client.post(`/api/v1/team_invitations/${token}/accept`);
    const left = await member.client.post("/api/v1/team/leave");
    expect(left.status).toBe(200);
    expect((await userRow(t, member.id)).startupId).toBe(second.startup.id);
    const refused = await owner.client.post("/api/v1/team/leave");
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(OWNER_CANNOT_LEAVE);
    expect(await kindsOf(owner.startup.id)).toContain("member.left");
  });

  it("the owner hands the organization over with their password; the old owner becomes an admin", async () => {
    const owner = await teamOwner(t);
    const admin = await joinedMember(t, owner.client, "admin");
    const wrong = await owner.client.post("/api/v1/admin/team/transfer", { user_id: admin.id, current_password: "not it" });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors)).toEqual(["current_password"]);
    expect((await admin.client.post("/api/v1/admin/team/transfer", { user_id: admin.id, current_password: PASSWORD })).status).toBe(403);
    const stranger = await registered(t);
    expect((await owner.client.post("/api/v1/admin/team/transfer", { user_id: stranger.id, current_password: PASSWORD })).status).toBe(422);
    const done = await owner.client.post("/api/v1/admin/team/transfer", { user_id: admin.id, current_password: PASSWORD });
    expect(done.status).toBe(200);
    const roles = await t.database.db
      .select({ userId: organizationMembers.userId, role: organizationMembers.role })
      .from(organizationMembers)
      .where(eq(organizationMembers.organizationId, owner.startup.id))
      .orderBy(organizationMembers.userId);
    expect(roles).toEqual([
      { userId: owner.id, role: "admin" },
      { userId: admin.id, role: "owner" },
    ]);
    const [startup] = await t.database.db
      .select({ ownerUserId: startups.ownerUserId })
      .from(startups)
      .where(eq(startups.id, owner.startup.id));
    expect(startup.ownerUserId).toBe(admin.id);
    expect(await kindsOf(owner.startup.id)).toContain("ownership.transferred");
  });
});
