import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coFounderWith, startupOwner } from "#api/testing/co-founder-fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import { insertStartups } from "#api/testing/startup-fixtures.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const LIST = "/api/v1/site/startups";

/** Startups that want things, in Mombasa, in retail, with no stage unless told. */
const wanting = (tag: string, rows: Parameters<typeof insertStartups>[2]) =>
  insertStartups(
    t,
    tag,
    rows.map((row) => ({ country: "KE", cityName: "Mombasa", industry: "Retail", stage: null, ...row })),
  );

const names = (body: { data: { name: string }[] }) => body.data.map((s) => s.name);

/** A robotics engineer in Lagos who takes the Technical role and wants a seed-stage hardware startup. */
const engineer = () =>
  coFounderWith(t, {
    skills: "Robotics, Welding, Go",
    roles: ["Technical"],
    industries: ["Hardware"],
    desired_stage: "Seed",
    country: "NG",
    cityName: "Lagos",
  });

describe("the directory ranked for a co-founder (sort_by=match)", () => {
  it("puts first the startup whose wanted skills and roles the co-founder has, names why, and scores against its scale", async () => {
    await wanting("Fitrank", [
      // Wants nothing the engineer offers, but is the most followed.
      { followersCount: 50, wantedSkillKeys: ["sales"], wantedRoles: ["Business"] },
      // Wants both of the engineer's skills and the Technical role, in their industry, stage and city.
      {
        followersCount: 1,
        wantedSkillKeys: ["robotics", "welding"],
        wantedRoles: ["Technical"],
        industry: "Hardware",
        stage: "Seed",
        country: "NG",
        cityName: "Lagos",
      },
      // Wants one of the skills, and a role the engineer does not take; same country only.
      { followersCount: 5, wantedSkillKeys: ["robotics", "design"], wantedRoles: ["Marketing"], country: "NG", cityName: "Abuja" },
    ]);
    const viewer = await engineer();

    const first = await viewer.client.get(`${LIST}?account_type=startup&sort_by=match&search=fitrank&per_page=2`);
    expect(first.status).toBe(200);
    expect(names(first.body)).toEqual(["Fitrank 1", "Fitrank 2"]);
    expect(first.body.meta.total).toBe(3);
    expect(first.body.data[0].match).toEqual({
      score: 14,
      max: 14,
      percent: 100,
      reasons: [
        "wants 2 of your skills: Robotics, Welding",
        "wants the Technical role you take",
        "in an industry you want",
        "at the stage you want",
        "same city",
      ],
    });
    // 3 for the skill, 1 for the country; the most it could score: 2 skills, a role, industry, city.
    expect(first.body.data[1].match).toEqual({
      score: 4,
      max: 13,
      percent: 31,
      reasons: ["wants 1 of your skills: Robotics", "same country"],
    });

    const second = await viewer.client.get(`${LIST}?account_type=startup&sort_by=match&search=fitrank&per_page=2&page=2`);
    expect(names(second.body)).toEqual(["Fitrank 0"]);
    expect(second.body.data[0].match).toEqual({ score: 0, max: 10, percent: 0, reasons: [] });

    const ascending = await viewer.client.get(`${LIST}?account_type=startup&sort_by=match&sort_order=asc&search=fitrank`);
    expect(names(ascending.body)).toEqual(["Fitrank 0", "Fitrank 2", "Fitrank 1"]);
  });

  it("ranks by the share of what each startup asks for, not the raw score: 4 of 6 before 5 of 23", async () => {
    await wanting("Ratiorank", [
      // Six skills wanted, one of them the engineer's, in their industry: 5 of 23, and the most followed.
      {
        followersCount: 40,
        wantedSkillKeys: ["robotics", "sales", "design", "law", "finance", "marketing"],
        industry: "Hardware",
      },
      // Wants no skill or role: its industry, its stage and the country are all it can ask (4 of 6).
      { followersCount: 1, industry: "Hardware", stage: "Seed", country: "NG", cityName: "Abuja" },
    ]);
    const viewer = await engineer();
    const ranked = await viewer.client.get(`${LIST}?sort_by=match&search=ratiorank`);
    expect(names(ranked.body)).toEqual(["Ratiorank 1", "Ratiorank 0"]);
    expect(ranked.body.data.map((s: { match: object }) => s.match)).toMatchObject([
      { score: 4, max: 6, percent: 67 },
      { score: 5, max: 23, percent: 22 },
    ]);
    const ascending = await viewer.client.get(`${LIST}?sort_by=match&sort_order=asc&search=ratiorank`);
    expect(names(ascending.body)).toEqual(["Ratiorank 0", "Ratiorank 1"]);
  });

  it("breaks equal scores by followers, and gives every card its match whatever the order", async () => {
    await wanting("Tiebreak", [
      { followersCount: 2, wantedSkillKeys: ["go"] },
      { followersCount: 7, wantedSkillKeys: ["go"] },
    ]);
    const viewer = await engineer();
    const ranked = await viewer.client.get(`${LIST}?sort_by=match&search=tiebreak`);
    expect(names(ranked.body)).toEqual(["Tiebreak 1", "Tiebreak 0"]);
    const byName = await viewer.client.get(`${LIST}?sort_by=name&search=tiebreak`);
    expect(byName.body.data.map((s: { match: { score: number } }) => s.match.score)).toEqual([3, 3]);
  });

  it("has no match for a caller without a co-founder profile, and ranks by followers for them", async () => {
    await wanting("Nomatch", [
      { followersCount: 1, wantedSkillKeys: ["robotics"] },
      { followersCount: 9, wantedSkillKeys: [] },
    ]);
    const owner = await startupOwner(t);
    for (const client of [t.client(), owner.client]) {
      const res = await client.get(`${LIST}?sort_by=match&search=nomatch`);
      expect(res.status).toBe(200);
      expect(names(res.body)).toEqual(["Nomatch 1", "Nomatch 0"]);
      expect(res.body.data.every((s: object) => !("match" in s))).toBe(true);
    }
  });
});

describe("a startup's view of co-founders", () => {
  it("scores each card against the most the startup's wants can give", async () => {
    const owner = await startupOwner(t, {
      wanted_skills: "Robotics, Welding",
      wanted_roles: ["Technical"],
      industry: "Hardware",
      stage: "Seed",
    });
    const person = await engineer();
    const res = await owner.client.get(`/api/v1/admin/co_founders/find?search=${encodeURIComponent(person.profile.name)}`);
    expect(res.status).toBe(200);
    const card = res.body.data.find((c: { id: number }) => c.id === person.profile.id);
    // Both skills, the role, the industry, the stage and the same city: everything the startup wants.
    expect(card.match).toMatchObject({ score: 14, max: 14, percent: 100 });
  });
});
