import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { favorites, teamMembers } from "#api/db/community-schema.ts";
import { coFounder, registered } from "#api/testing/fixtures.ts";
import { createTestApi, expectEveryCallRefused, type Call, type TestApi } from "#api/testing/harness.ts";
import { coFounderWith, startupOwner } from "#api/testing/co-founder-fixtures.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const BASE = "/api/v1/admin/co_founders";
const FORBIDDEN = { message: "Access Forbidden" };
let tokenCounter = 0;
/** A surname no other test uses, so a search finds exactly this test's profiles. */
const token = () => `Qx${(++tokenCounter).toString(36)}${Date.now().toString(36)}`;

describe("guards", () => {
  it("answers 401 without a login on every route", async () => {
    const calls: Call[] = [
      ["GET", BASE],
      ["POST", BASE, { name: "X" }],
      ["GET", `${BASE}/find`],
      ["GET", `${BASE}/1`],
      ["GET", `${BASE}/team/1`],
      ["PUT", `${BASE}/team/1`, { title: "X" }],
      ["DELETE", `${BASE}/team/1`],
    ];
    await expectEveryCallRefused(t.client(), calls, 401, { message: "Unauthenticated." });
  });

  it("answers 403 to a user without the permission, and to team routes without a startup", async () => {
    const fresh = await registered(t);
    for (const path of [BASE, `${BASE}/find`, `${BASE}/1`])
      expect(await fresh.client.get(path)).toMatchObject({ status: 403, body: FORBIDDEN });
    // A co-founder may read and search, but has no team and no write permission.
    const { client } = await coFounder(t);
    expect((await client.get(`${BASE}/find`)).status).toBe(200);
    expect(await client.get(BASE)).toMatchObject({ status: 403, body: FORBIDDEN });
    expect(await client.post(BASE, { name: "A", title: "B", role: "Technical" })).toMatchObject({ status: 403, body: FORBIDDEN });
    expect(await client.put(`${BASE}/team/1`, { title: "B", role: "Technical" })).toMatchObject({ status: 403, body: FORBIDDEN });
  });
});

describe("find and the match score", () => {
  it("orders by score and explains each part", async () => {
    const owner = await startupOwner(t, {
      wanted_skills: "TypeScript, Sales, Robotics",
      wanted_roles: ["Technical"],
      industry: "Hardware",
      stage: "Seed",
    });
    const tag = token();
    const best = await coFounderWith(t, {
      name: `Best ${tag}`,
      skills: "typescript, SALES, Robotics, Cooking",
      roles: ["Technical", "Product"],
      industries: ["Hardware"],
      desired_stage: "Seed",
      country: "NG",
      cityName: "lagos",
    });
    const middle = await coFounderWith(t, { name: `Middle ${tag}`, skills: "Sales", country: "NG", cityName: "Abuja" });
    const none = await coFounderWith(t, { name: `None ${tag}`, skills: "Knitting", country: "FR", cityName: "Paris" });
    const res = await owner.client.get(`${BASE}/find?search=${tag}&sort_by=score`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { id: number }) => c.id)).toEqual([best.profile.id, middle.profile.id, none.profile.id]);
    const [top, mid, last] = res.body.data;
    // 3×3 skills + 2 role + 2 industry + 1 stage + 3 same city (country included)
    expect(top.match).toMatchObject({
      score: 17,
      shared_skills: ["typescript", "SALES", "Robotics"],
      matching_roles: ["Technical"],
      same_industry: true,
      same_stage: true,
      same_city: true,
    });
    expect(top.match.explanation).toEqual([
      "3 shared skills: typescript, SALES, Robotics",
      "can take the Technical role you want",
      "same industry",
      "wants your stage",
      "same city",
    ]);
    expect(mid.match).toMatchObject({ score: 4, explanation: ["1 shared skill: Sales", "same country"] });
    expect(last.match).toMatchObject({ score: 0, explanation: [] });
    expect(res.body.meta.total).toBe(3);
    // Ascending on request, and paged in SQL.
    const asc = await owner.client.get(`${BASE}/find?search=${tag}&sort_by=score&sort_order=asc&per_page=2&page=2`);
    expect(asc.body.data.map((c: { id: number }) => c.id)).toEqual([best.profile.id]);
    expect(asc.body.meta).toMatchObject({ total: 3, current_page: 2, last_page: 2 });
  });

  it("filters, sorts by name, and leaves out the team and the viewer's own profile", async () => {
    const owner = await startupOwner(t, { wanted_skills: "Go" });
    const tag = token();
    const a = await coFounderWith(t, {
      name: `Ann ${tag}`,
      skills: "Go, Rust",
      roles: ["Technical"],
      industries: ["Fintech"],
      commitment: "part_time",
      country: "DE",
      cityName: "Berlin",
    });
    const b = await coFounderWith(t, {
      name: `Bob ${tag}`,
      skills: "Design",
      roles: ["Design"],
      industries: ["Healthcare"],
      country: "DE",
      cityName: "Munich",
    });
    const c = await coFounderWith(t, { name: `Cid ${tag}`, skills: "Go", roles: ["Sales"], country: "US", cityName: "Austin" });
    const ids = async (query: string) =>
      (await owner.client.get(`${BASE}/find?search=${tag}&${query}`)).body.data.map((p: { id: number }) => p.id);
    expect(await ids("sort_by=name")).toEqual([a.profile.id, b.profile.id, c.profile.id]);
    expect(await ids("sort_by=name&sort_order=desc")).toEqual([c.profile.id, b.profile.id, a.profile.id]);
    expect(await ids("skill=GO&sort_by=name")).toEqual([a.profile.id, c.profile.id]);
    expect(await ids("role=Technical")).toEqual([a.profile.id]);
    expect(await ids("industry=Fintech")).toEqual([a.profile.id]);
    expect(await ids("commitment=part_time")).toEqual([a.profile.id]);
    expect(await ids("country=de&sort_by=name")).toEqual([a.profile.id, b.profile.id]);
    expect(await ids("city=munich")).toEqual([b.profile.id]);
    expect(await ids("role=Nonsense")).toEqual([]);
    // Search covers skills too.
    expect((await owner.client.get(`${BASE}/find?search=rust`)).body.data.map((p: { id: number }) => p.id)).toContain(a.profile.id);
    await t.database.db
      .insert(teamMembers)
      .values({ startupId: owner.startup.id, coFounderId: a.profile.id, name: "Ann", title: "CTO", role: "Technical" });
    expect(await ids("sort_by=name")).toEqual([b.profile.id, c.profile.id]);
    // The co-founder looking does not find themselves.
    expect((await b.client.get(`${BASE}/find?search=${tag}&sort_by=name`)).body.data.map((p: { id: number }) => p.id)).toEqual([
      a.profile.id,
      c.profile.id,
    ]);
  });

  it("gives a viewer without a startup score 0 and no explanation", async () => {
    const tag = token();
    const person = await coFounderWith(t, { name: `Solo ${tag}`, skills: "Go" });
    const viewer = await coFounder(t);
    const res = await viewer.client.get(`${BASE}/find?search=${tag}`);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ id: person.profile.id, match: { score: 0, explanation: [] }, invitation_status: null });
  });

  it("shows the caller's favorite and pending invitation on cards and the profile", async () => {
    const owner = await startupOwner(t);
    const tag = token();
    const person = await coFounderWith(t, { name: `Fav ${tag}` });
    await t.database.db.insert(favorites).values({ userId: owner.id, favoritableType: "co_founder", favoritableId: person.profile.id });
    const sent = await owner.client.post("/api/v1/admin/co_founder_invitations", { co_founder_id: person.profile.id });
    expect(sent.status).toBe(201);
    const card = (await owner.client.get(`${BASE}/find?search=${tag}`)).body.data[0];
    expect(card).toMatchObject({ is_favorited: true, invitation_status: "pending", pending_invitation_id: sent.body.invitation.id });
    const profile = await owner.client.get(`${BASE}/${person.profile.id}`);
    expect(profile.body.co_founder).toMatchObject({
      id: person.profile.id,
      is_favorited: true,
      invitation_status: "pending",
      bio: "Likes to build.",
    });
  });

  it("answers 404 Co-founder not found for an unknown profile", async () => {
    const owner = await startupOwner(t);
    for (const id of ["999999", "abc", "0"])
      expect(await owner.client.get(`${BASE}/${id}`)).toMatchObject({ status: 404, body: { message: "Co-founder not found" } });
  });
});

describe("the team", () => {
  it("records, edits and removes an off-platform member, and lists the team with pending invitations", async () => {
    const owner = await startupOwner(t);
    const invalid = await owner.client.post(BASE, { name: "", email: "nope", title: "", role: "Wizard" });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(["email", "name", "role", "title"]);
    const created = await owner.client.post(BASE, {
      name: "Grace Offline",
      email: "Grace@Example.com",
      title: "Advisor",
      role: "Finance",
      equity_note: "0.5%",
    });
    expect(created.status).toBe(201);
    expect(created.body.team_member).toMatchObject({
      name: "Grace Offline",
      email: "grace@example.com",
      on_platform: false,
      equity_note: "0.5%",
    });
    const id = created.body.team_member.id;
    const person = await coFounderWith(t);
    await owner.client.post("/api/v1/admin/co_founder_invitations", { co_founder_id: person.profile.id, title: "CTO" });
    const list = await owner.client.get(BASE);
    expect(list.body.data.map((m: { id: number }) => m.id)).toEqual([id]);
    expect(list.body.meta.total).toBe(1);
    expect(list.body.pending_invitations).toMatchObject([{ co_founder_id: person.profile.id, title: "CTO" }]);
    const updated = await owner.client.put(`${BASE}/team/${id}`, { title: "CFO", role: "Finance", equity_note: "" });
    expect(updated.body.team_member).toMatchObject({ title: "CFO", equity_note: null });
    expect((await owner.client.put(`${BASE}/team/${id}`, { title: "", role: "x" })).status).toBe(422);
    expect((await owner.client.delete(`${BASE}/team/${id}`)).status).toBe(200);
    expect(await owner.client.get(`${BASE}/team/${id}`)).toMatchObject({ status: 404, body: { message: "Team member not found" } });
  });

  it("shows a co-founder the teams they joined, teammates without their emails, and nobody else's", async () => {
    const owner = await startupOwner(t);
    await owner.client.post(BASE, { name: "Off Platform", email: "off@example.com", title: "Advisor", role: "Finance" });
    const person = await coFounderWith(t);
    const stranger = await coFounderWith(t);
    expect((await person.client.get(`${BASE}/my_teams`)).body).toEqual({ data: [] });
    const sent = (await owner.client.post("/api/v1/admin/co_founder_invitations", { co_founder_id: person.profile.id, title: "CTO" })).body;
    const invitationId = sent.invitation.id;
    expect((await person.client.post(`/api/v1/admin/co_founder_invitations/${invitationId}/accept`, {})).status).toBe(200);

    const teams = await person.client.get(`${BASE}/my_teams`);
    expect(teams.status).toBe(200);
    expect(teams.body.data).toHaveLength(1);
    expect(teams.body.data[0].startup).toMatchObject({ id: owner.startup.id, name: owner.startup.name });
    expect(teams.body.data[0].members.map((m: { name: string; title: string; email: string | null }) => [m.title, m.email])).toEqual([
      ["Advisor", null],
      ["CTO", null],
    ]);
    expect((await stranger.client.get(`${BASE}/my_teams`)).body).toEqual({ data: [] });
    // A startup owner has no co-founder profile, so no joined teams: their own team is GET /co_founders.
    expect((await owner.client.get(`${BASE}/my_teams`)).body).toEqual({ data: [] });
  });

  it("answers 404 for another startup's member and leaves it alone", async () => {
    const mine = await startupOwner(t);
    const theirs = await startupOwner(t);
    const member = (await theirs.client.post(BASE, { name: "Theirs", title: "CEO", role: "Business" })).body.team_member;
    const path = `${BASE}/team/${member.id}`;
    for (const res of [
      await mine.client.get(path),
      await mine.client.put(path, { title: "Mine", role: "Business" }),
      await mine.client.delete(path),
    ]) {
      expect(res).toMatchObject({ status: 404, body: { message: "Team member not found" } });
    }
    expect((await theirs.client.get(path)).body.team_member.title).toBe("CEO");
  });
});
