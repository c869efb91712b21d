import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { favorites, teamMembers } from "#api/db/community-schema.ts";
import { daysFromNow, insertEventForm, startupOwner } from "#api/testing/application-fixtures.ts";
import { coFounder, userRow } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import { insertStartups as insertRows } from "#api/testing/startup-fixtures.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const LIST = "/api/v1/site/startups";

/** This file's directory rows (see insertStartups). */
const insertStartups = (tag: string, rows: Parameters<typeof insertRows>[2]) => insertRows(t, tag, rows);

const names = (body: { data: { name: string }[] }) => body.data.map((s) => s.name);

describe("GET /api/v1/site/startups", () => {
  it("is public, paged in the standard shape, and sorted by followers by default", async () => {
    await insertStartups("Pagerx", [
      { followersCount: 3 },
      { followersCount: 9, links: ["https://pagerx.example.com", "https://x.com/pagerx"] },
      { followersCount: 1 },
      { followersCount: 5 },
    ]);
    const res = await t.client().get(`${LIST}?search=pagerx&per_page=2`);
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(["Pagerx 1", "Pagerx 3"]);
    expect(res.body.meta).toEqual({ current_page: 1, from: 1, last_page: 2, per_page: 2, to: 2, total: 4 });
    expect(res.body.links.next).toContain("page=2");
    expect(res.body.data[0]).toEqual({
      id: expect.any(Number),
      username: "pagerx-1",
      account_type: "startup",
      name: "Pagerx 1",
      logo: null,
      description: "A Pagerx company",
      industry: "Fintech",
      stage: "Seed",
      cityName: "Lagos",
      country: "NG",
      followers_count: 9,
      links: ["https://pagerx.example.com", "https://x.com/pagerx"],
    });
    const second = await t.client().get(`${LIST}?search=pagerx&per_page=2&page=2`);
    expect(names(second.body)).toEqual(["Pagerx 0", "Pagerx 2"]);
    const beyond = await t.client().get(`${LIST}?search=pagerx&per_page=2&page=9`);
    expect(beyond.body).toMatchObject({ data: [], meta: { total: 4 } });
  });

  it("sorts by name and newest, either way", async () => {
    await insertStartups("Sorter", [{ name: "Sorter Beta" }, { name: "Sorter Alpha" }, { name: "Sorter Gamma" }]);
    expect(names((await t.client().get(`${LIST}?search=sorter&sort_by=name`)).body)).toEqual([
      "Sorter Alpha",
      "Sorter Beta",
      "Sorter Gamma",
    ]);
    expect(names((await t.client().get(`${LIST}?search=sorter&sort_by=name&sort_order=desc`)).body)).toEqual([
      "Sorter Gamma",
      "Sorter Beta",
      "Sorter Alpha",
    ]);
    // Inserted together, so they share created_at: the id breaks the tie (newest last inserted).
    expect(names((await t.client().get(`${LIST}?search=sorter&sort_by=created_at`)).body)).toEqual([
      "Sorter Gamma",
      "Sorter Alpha",
      "Sorter Beta",
    ]);
    expect(names((await t.client().get(`${LIST}?search=sorter&sort_by=followers_count&sort_order=asc`)).body)).toHaveLength(3);
  });

  it("filters by account type, industry, stage, country and city, and searches name, username, description and city", async () => {
    await insertStartups("Filtr", [
      { name: "Filtr Org", accountType: "organization", stage: null, industry: "Education" },
      { name: "Filtr Health", industry: "Healthcare", stage: "Series A", country: "KE", cityName: "Nairobi" },
      { name: "Filtr Money", username: "zz-filtr-money", description: "Payments for tailors", cityName: "Abuja" },
    ]);
    const q = (query: string) =>
      t
        .client()
        .get(`${LIST}?search=filtr&sort_by=name&${query}`)
        .then((r) => names(r.body));
    expect(await q("account_type=organization")).toEqual(["Filtr Org"]);
    expect(await q("account_type=startup")).toEqual(["Filtr Health", "Filtr Money"]);
    expect(await q("industry=Healthcare")).toEqual(["Filtr Health"]);
    expect(await q("stage=Series%20A")).toEqual(["Filtr Health"]);
    expect(await q("country=ke")).toEqual(["Filtr Health"]);
    expect(await q("city=abuja")).toEqual(["Filtr Money"]);
    expect(await q("industry=Nothing")).toEqual([]);
    // An unknown account type is ignored rather than refused.
    expect(await q("account_type=planet")).toHaveLength(3);
    const search = (term: string) =>
      t
        .client()
        .get(`${LIST}?search=${term}`)
        .then((r) => names(r.body));
    expect(await search("zz-filtr")).toEqual(["Filtr Money"]);
    expect(await search("tailors")).toEqual(["Filtr Money"]);
    expect(await search("nairobi")).toEqual(expect.arrayContaining(["Filtr Health"]));
    expect(await search("100%25_")).toEqual([]);
  });

  it("offers with_countries: the countries that have listings of the kind asked for, counted and by name", async () => {
    await insertStartups("Facet", [
      { accountType: "organization", country: "UY", cityName: "Montevideo", stage: null },
      { accountType: "organization", country: "IS", cityName: "Reykjavik", stage: null },
      { accountType: "organization", country: "UY", cityName: "Montevideo", stage: null },
      { country: "IS", cityName: "Reykjavik" },
    ]);
    const facet = async (query: string) => {
      const res = await t.client().get(`${LIST}?with_countries=true&${query}`);
      expect(res.status).toBe(200);
      return res.body.meta.countries as { code: string; name: string; flag: string; count: number }[];
    };
    const organizations = await facet("account_type=organization");
    expect(organizations.filter((c) => ["IS", "UY"].includes(c.code))).toEqual([
      { code: "IS", name: "Iceland", flag: "🇮🇸", count: 1 },
      { code: "UY", name: "Uruguay", flag: "🇺🇾", count: 2 },
    ]);
    // By name, and only countries with a listing: no empty choices.
    expect(organizations.map((c) => c.name)).toEqual([...organizations.map((c) => c.name)].sort((a, b) => a.localeCompare(b)));
    expect(organizations.every((c) => c.count > 0)).toBe(true);
    // The other filters do not narrow the choices; the country asked for stays even with no listing.
    expect((await facet("account_type=organization&search=nothing-at-all")).find((c) => c.code === "UY")?.count).toBe(2);
    expect((await facet("account_type=startup&country=uy")).find((c) => c.code === "UY")).toEqual({
      code: "UY",
      name: "Uruguay",
      flag: "🇺🇾",
      count: 0,
    });
    // Without the flag the answer keeps the standard page shape.
    expect((await t.client().get(`${LIST}?per_page=1`)).body.meta).not.toHaveProperty("countries");
  });

  it("tells a logged-in caller what they follow and favorited, and nothing to an anonymous one", async () => {
    const owner = await startupOwner(t);
    const fan = await coFounder(t);
    await fan.client.post("/api/v1/admin/follow", { followee_id: owner.startup.id, followee_type: "startup" });
    await t.database.db.insert(favorites).values({ userId: fan.id, favoritableType: "startup", favoritableId: owner.startup.id });
    const url = `${LIST}?search=${owner.startup.username}`;
    expect((await fan.client.get(url)).body.data).toEqual([
      expect.objectContaining({ followers_count: 1, is_following: true, is_favorited: true }),
    ]);
    const other = await coFounder(t);
    expect((await other.client.get(url)).body.data).toEqual([expect.objectContaining({ is_following: false, is_favorited: false })]);
    const anonymous = (await t.client().get(url)).body.data[0];
    expect(anonymous).not.toHaveProperty("is_following");
    expect(anonymous).not.toHaveProperty("is_favorited");
  });
});

describe("GET /api/v1/site/startups/{username}", () => {
  it("answers the profile with counts, upcoming published events and the accepted team", async () => {
    const owner = await startupOwner(t);
    const person = await coFounder(t);
    const personId = (await userRow(t, person.id)).coFounderId!;
    await person.client.post("/api/v1/admin/follow", { followee_id: owner.startup.id, followee_type: "startup" });
    await owner.client.post("/api/v1/admin/follow", { followee_id: personId, followee_type: "co_founder" });
    const upcoming = await insertEventForm(t, owner.startup.id, { title: "Demo day" });
    await insertEventForm(t, owner.startup.id, { title: "Draft", status: "draft" });
    await insertEventForm(t, owner.startup.id, { title: "Past", startsAt: daysFromNow(-3) });
    await t.database.db.insert(teamMembers).values([
      { startupId: owner.startup.id, coFounderId: personId, name: "Ada", title: "CTO", role: "Engineering" },
      { startupId: owner.startup.id, name: "Offline Person", email: "x@example.com", title: "Advisor", role: "Advice" },
    ]);

    const res = await person.client.get(`/api/v1/site/startups/${owner.startup.username.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: owner.startup.id,
      username: owner.startup.username,
      account_type: "startup",
      name: "Acme",
      links: ["https://acme.example.com"],
      followers_count: 1,
      following_count: 1,
      is_following: true,
      is_favorited: false,
      is_own: false,
      events: [
        {
          id: upcoming.id,
          title: "Demo day",
          timezone: "Africa/Lagos",
          type_of_event: "free",
          link: `/form-submission?form_id=${upcoming.id}`,
        },
      ],
      team: [{ co_founder_id: personId, name: "Ada", title: "CTO", role: "Engineering", avatar_url: null }],
    });
    expect((await owner.client.get(`/api/v1/site/startups/${owner.startup.username}`)).body).toMatchObject({
      is_own: true,
      is_following: false,
    });
    expect((await t.client().get(`/api/v1/site/startups/${owner.startup.username}`)).body).toMatchObject({
      is_own: false,
      is_following: false,
    });
  });

  it("adds a page of its followers when asked (followers_limit, followers_page), the same page the followers list answers", async () => {
    const owner = await startupOwner(t);
    const fans = [await coFounder(t), await coFounder(t), await coFounder(t)];
    for (const fan of fans) await fan.client.post("/api/v1/admin/follow", { followee_id: owner.startup.id, followee_type: "startup" });
    const plain = await t.client().get(`/api/v1/site/startups/${owner.startup.username}`);
    expect(plain.body).not.toHaveProperty("followers");
    for (const pageNumber of [1, 2]) {
      const res = await t.client().get(`/api/v1/site/startups/${owner.startup.username}?followers_limit=2&followers_page=${pageNumber}`);
      const list = await t.client().get(`/api/v1/site/startup_followers/${owner.startup.id}?limit=2&page=${pageNumber}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: owner.startup.id, followers_count: 3 });
      expect(res.body.followers).toEqual(list.body);
      expect(res.body.followers.meta).toMatchObject({ total: 3, current_page: pageNumber, per_page: 2 });
    }
    // Bad values fall back as in the followers list: no page number means the first page.
    const bad = await t.client().get(`/api/v1/site/startups/${owner.startup.username}?followers_limit=2&followers_page=x`);
    expect(bad.body.followers.meta.current_page).toBe(1);
  });

  it("answers 404 Startup not found for an unknown username", async () => {
    for (const name of ["nope", "%E2%9C%93", "%00", "a".repeat(300)]) {
      expect(await t.client().get(`/api/v1/site/startups/${name}`)).toMatchObject({ status: 404, body: { message: "Startup not found" } });
    }
  });
});

describe("GET /api/v1/site/startup_followers/{id}", () => {
  it("pages a startup's followers, or answers the first few with the total when limited", async () => {
    const owner = await startupOwner(t);
    const fans = [await coFounder(t), await coFounder(t), await coFounder(t)];
    for (const fan of fans) await fan.client.post("/api/v1/admin/follow", { followee_id: owner.startup.id, followee_type: "startup" });
    const limited = await t.client().get(`/api/v1/site/startup_followers/${owner.startup.id}?limited=1&limit=2`);
    expect(limited.status).toBe(200);
    expect(limited.body.total).toBe(3);
    expect(limited.body.data).toHaveLength(2);
    expect(limited.body.data[0]).toMatchObject({ type: "co_founder", name: "Ada", avatar_url: null });
    const paged = await t.client().get(`/api/v1/site/startup_followers/${owner.startup.id}?limit=2&page=2`);
    expect(paged.body.meta).toMatchObject({ total: 3, current_page: 2, per_page: 2 });
    expect(paged.body.data).toHaveLength(1);
  });

  it("answers 404 Startup not found for an unknown startup", async () => {
    for (const id of ["2000000000", "abc", "0"]) {
      expect(await t.client().get(`/api/v1/site/startup_followers/${id}`)).toMatchObject({
        status: 404,
        body: { message: "Startup not found" },
      });
    }
  });
});
