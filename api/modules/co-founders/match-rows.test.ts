/**
 * The precomputed match rows (co_founder_matches, kept by the triggers of migration 0008) against the score
 * computed afresh: after a startup changes its wants, after a profile changes, for a new startup and a new
 * profile; and the unfiltered total, which comes from a maintained count, against a real count.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teamMembers } from "#api/db/community-schema.ts";
import { coFounders, startups, users } from "#api/db/schema.ts";
import { coFounder } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi, type TestClient } from "#api/testing/harness.ts";
import { coFounderWith, startupOwner } from "#api/testing/co-founder-fixtures.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const FIND = "/api/v1/admin/co_founders/find";
const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Every profile the startup's owner may be offered, scored afresh and in find's order: [id, score]. */
async function expected(startupId: number) {
  const rows = await rowsOf<{ id: number; score: number }>(sql`
    select c.id, co_founder_match_score(c.skill_keys, c.roles, c.industries, c.desired_stage, c.country, c.city_name,
      s.wanted_skill_keys, s.wanted_roles, s.industry, s.stage, s.country, s.city_name) as score
    from co_founders c cross join startups s
    where s.id = ${startupId} and not exists (select 1 from team_members m where m.startup_id = s.id and m.co_founder_id = c.id)
    order by score desc, c.created_at desc, c.id desc`);
  return rows.map((r) => [Number(r.id), Number(r.score)]);
}

/** What find answers, unfiltered, by score: [id, score] for every profile (they fit on one page here). */
async function found(client: TestClient) {
  const res = await client.get(`${FIND}?sort_by=score&per_page=100`);
  expect(res.status).toBe(200);
  expect(res.body.meta.total).toBe(res.body.data.length);
  return res.body.data.map((c: { id: number; match: { score: number } }) => [c.id, c.match.score]);
}

/** Stored rows that disagree with the score computed now, or profiles missing a row, for filled startups. */
async function staleRows() {
  const [row] = await rowsOf<{ n: number }>(sql`
    select count(*)::int as n from co_founder_match_sets ms join startups s on s.id = ms.startup_id cross join co_founders c
    left join co_founder_matches m on m.startup_id = s.id and m.co_founder_id = c.id
    where m.score is distinct from co_founder_match_score(c.skill_keys, c.roles, c.industries, c.desired_stage, c.country, c.city_name,
      s.wanted_skill_keys, s.wanted_roles, s.industry, s.stage, s.country, s.city_name)
      or m.created_at is distinct from c.created_at`);
  return Number(row.n);
}

describe("the precomputed match rows", () => {
  it("are filled for a new startup on its first search and follow its changed wants", async () => {
    const owner = await startupOwner(t, { wanted_skills: "Go", wanted_roles: ["Technical"], country: "DE", cityName: "Berlin" });
    const goer = await coFounderWith(t, { skills: "Go", roles: ["Technical"], country: "KE", cityName: "Nairobi" });
    const rusty = await coFounderWith(t, {
      skills: "Rust, Figma",
      roles: ["Design"],
      industries: ["Fintech"],
      country: "FR",
      cityName: "Paris",
    });
    expect(await found(owner.client)).toEqual(await expected(owner.startup.id));
    const [filled] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from co_founder_matches where startup_id = ${owner.startup.id}`,
    );
    expect(Number(filled.n)).toBe((await t.database.db.select({ id: coFounders.id }).from(coFounders)).length);
    const before = (await found(owner.client)).map(([id]: number[]) => id);
    expect(before.indexOf(goer.profile.id)).toBeLessThan(before.indexOf(rusty.profile.id));

    await t.database.db
      .update(startups)
      .set({ wantedSkillKeys: ["rust", "figma"], wantedRoles: ["Design"], industry: "Fintech", country: "FR", cityName: "paris" })
      .where(eq(startups.id, owner.startup.id));
    const after = await found(owner.client);
    expect(after).toEqual(await expected(owner.startup.id));
    // 3×2 skills + 2 role + 2 industry + 3 same city.
    expect(after[0]).toEqual([rusty.profile.id, 13]);
    expect(await staleRows()).toBe(0);
  });

  it("follow a profile's changed skills and city, and take in new profiles, for every filled startup", async () => {
    const first = await startupOwner(t, { wanted_skills: "Sales", country: "NG", cityName: "Lagos" });
    const second = await startupOwner(t, { wanted_skills: "Python", country: "KE", cityName: "Nairobi" });
    const person = await coFounderWith(t, { skills: "Knitting", country: "US", cityName: "Austin" });
    await found(first.client);
    await found(second.client);
    const scoreOf = async (client: TestClient) => (await found(client)).find(([id]: number[]) => id === person.profile.id)[1];
    expect([await scoreOf(first.client), await scoreOf(second.client)]).toEqual([0, 0]);

    await t.database.db
      .update(coFounders)
      .set({ skillKeys: ["sales", "python"], country: "NG", cityName: "LAGOS" })
      .where(eq(coFounders.id, person.profile.id));
    expect([await scoreOf(first.client), await scoreOf(second.client)]).toEqual([6, 3]);
    for (const owner of [first, second]) expect(await found(owner.client)).toEqual(await expected(owner.startup.id));

    const newcomer = await coFounderWith(t, { skills: "Sales, Python", country: "KE", cityName: "Nairobi" });
    expect((await found(second.client))[0]).toEqual([newcomer.profile.id, 6]);
    for (const owner of [first, second]) expect(await found(owner.client)).toEqual(await expected(owner.startup.id));
    expect(await staleRows()).toBe(0);
  });

  it("stay exact when first searches, new profiles and a change of wants happen at once", async () => {
    const owners = await Promise.all([startupOwner(t, { wanted_skills: "Go" }), startupOwner(t, { wanted_skills: "Rust" })]);
    await Promise.all([
      ...owners.flatMap((o) => [o.client.get(`${FIND}?sort_by=score`), o.client.get(`${FIND}?sort_by=score`)]),
      ...["Go", "Rust", "Go, Rust", "Sales"].map((skills) => coFounderWith(t, { skills })),
      t.database.db
        .update(startups)
        .set({ wantedSkillKeys: ["sales"] })
        .where(eq(startups.id, owners[0].startup.id)),
    ]);
    expect(await staleRows()).toBe(0);
    for (const owner of owners) expect(await found(owner.client)).toEqual(await expected(owner.startup.id));
  });
});

describe("the total", () => {
  const everyone = async () => (await t.database.db.select({ id: coFounders.id }).from(coFounders)).length;

  it("stays exact without filters: team members with a profile and the viewer's own profile left out", async () => {
    const owner = await startupOwner(t, { wanted_skills: "Go" });
    const one = await coFounderWith(t, { skills: "Go" });
    const two = await coFounderWith(t);
    await t.database.db.insert(teamMembers).values([
      { startupId: owner.startup.id, coFounderId: one.profile.id, name: "One", title: "CTO", role: "Technical" },
      { startupId: owner.startup.id, coFounderId: two.profile.id, name: "Two", title: "COO", role: "Operations" },
      { startupId: owner.startup.id, coFounderId: null, name: "Off Platform", title: "Advisor", role: "Finance" },
    ]);
    // One per page, so the total is counted rather than read off a short page.
    const total = async (client: TestClient, query = "") => (await client.get(`${FIND}?per_page=1${query}`)).body.meta.total;
    for (const sort of ["", "&sort_by=score", "&sort_by=name", "&sort_by=created_at"])
      expect(await total(owner.client, sort)).toBe((await everyone()) - 2);
    const viewer = await coFounder(t);
    expect(await total(viewer.client)).toBe((await everyone()) - 1);
    expect(await total(viewer.client, "&sort_by=name&page=2")).toBe((await everyone()) - 1);

    // A deleted profile (its user deleted) leaves the count; its match rows go with it.
    const leaving = await coFounderWith(t);
    const countBefore = await total(owner.client);
    await t.database.db.delete(users).where(eq(users.id, leaving.id));
    expect(await total(owner.client)).toBe(countBefore - 1);
    expect(await total(owner.client)).toBe((await everyone()) - 2);
    expect(await staleRows()).toBe(0);
    // Filters count their matches: the team stays out there too.
    expect(await total(owner.client, "&skill=go")).toBe(
      (
        await rowsOf<{ n: number }>(
          sql`select count(*)::int as n from co_founders where skill_keys @> array['go'] and id <> ${one.profile.id}`,
        )
      ).map((r) => Number(r.n))[0],
    );
  });
});
