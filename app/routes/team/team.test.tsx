import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OWNER_CANNOT_LEAVE, TEAM_MEMBER_NOT_FOUND } from "#schemas/team";
import {
  createEventForm,
  createRouteHarness,
  invitedToken,
  joinedMember,
  registered,
  teamOwner,
  type RouteHarness,
} from "~/testing/route-harness";
import { action as joinAction, loader as joinLoader } from "./join";
import { action, loader } from "./team";

let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness();
});
afterAll(() => h.close());

describe("/team", () => {
  it("shows the team to those who manage it, and only their own place to the others", async () => {
    const owner = await teamOwner(h.t);
    const reviewer = await joinedMember(h.t, owner.client, "reviewer");
    const managed = await h.run(loader, { as: owner.client, path: "/team" });
    expect(managed.data.organization).toMatchObject({ id: owner.startup.id, role: "owner" });
    expect(managed.data.team.members.data.map((m: { email: string }) => m.email)).toEqual([owner.email, reviewer.email]);
    const own = await h.run(loader, { as: reviewer.client, path: "/team" });
    expect(own.data).toMatchObject({ organization: { id: owner.startup.id, role: "reviewer" }, team: null });
  });

  it("invites with forms ticked, changes a role, and refuses tampered posts with a message", async () => {
    const owner = await teamOwner(h.t);
    const form = await createEventForm(owner.client, owner.collection.id);
    const email = `invited.${Date.now()}@example.com`;
    const invited = await h.run(action, {
      as: owner.client,
      path: "/team",
      form: { intent: "invite", email, role: "door", event_form_ids: [String(form.id)] },
    });
    expect(invited).toMatchObject({ location: "/team", toast: { message: `Invitation sent to ${email}.` } });
    const page = await h.run(loader, { as: owner.client, path: "/team" });
    expect(page.data.team.invitations).toMatchObject([{ email, role: "door", event_form_ids: [form.id] }]);

    const scoped = await h.run(action, {
      as: owner.client,
      path: "/team",
      form: { intent: "invite", email: `admin.${email}`, role: "admin", event_form_ids: [String(form.id)] },
    });
    expect(scoped.status).toBe(422);
    expect(scoped.data.result.error.event_form_ids).toHaveLength(1);

    const member = await joinedMember(h.t, owner.client, "reviewer");
    const changed = await h.run(action, {
      as: owner.client,
      path: "/team",
      form: { intent: "update", user_id: String(member.id), role: "finance" },
    });
    expect(changed.toast?.message).toBe("Member updated.");

    const tampered = await h.run(action, { as: owner.client, path: "/team", form: { intent: "remove", id: "1e3" } });
    expect(tampered).toMatchObject({ status: 404, data: { error: TEAM_MEMBER_NOT_FOUND } });
    const unknown = await h.run(action, { as: owner.client, path: "/team", form: { intent: "explode" } });
    expect(unknown.status).toBe(400);
    const leaving = await h.run(action, { as: owner.client, path: "/team", form: { intent: "leave" } });
    expect(leaving).toMatchObject({ status: 403, data: { error: OWNER_CANNOT_LEAVE } });
  });
});

describe("/team/join/:token", () => {
  it("shows the invitation to anyone holding it, refuses another account, and says a used link does not work", async () => {
    const owner = await teamOwner(h.t);
    const invitee = await registered(h.t);
    const token = await invitedToken(h.t, owner.client, invitee.email, "reviewer");
    const call = { path: `/team/join/${token}`, params: { token }, layout: "guest" as const };
    const visitor = await h.run(joinLoader, { ...call, as: null });
    expect(visitor.data).toMatchObject({ invitation: { email: invitee.email, role: "reviewer" }, user: null });

    const stranger = await registered(h.t);
    const refused = await h.run(joinAction, { ...call, as: stranger.client, form: {} });
    expect(refused.status).toBe(403);
    const joined = await h.run(joinAction, { ...call, as: invitee.client, form: {} });
    expect(joined).toMatchObject({ location: "/team", toast: { message: `You joined ${owner.startup.name} as reviewer.` } });
    expect((await h.run(joinLoader, { ...call, as: invitee.client })).data.invitation).toBeNull();
  });
});
