import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GUIDE_CATEGORIES } from "#schemas/resources.ts";
import { GUIDES, seedGuides } from "#api/db/seed-guides.ts";
import { guides } from "#api/db/tools-schema.ts";
import { coFounder } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi, type TestClient } from "#api/testing/harness.ts";

let t: TestApi;
let client: TestClient;
beforeAll(async () => {
  t = await createTestApi();
  await seedGuides(t.database.db);
  ({ client } = await coFounder(t));
});
afterAll(() => t.close());

const BASE = "/api/v1/admin/guides";
const slugs = (body: { data: { slug: string }[] }) => body.data.map((guide) => guide.slug);

describe("the seeded guides", () => {
  it("cover every category with several paragraphs each, and seeding twice adds nothing", async () => {
    for (const category of GUIDE_CATEGORIES)
      expect(
        GUIDES.some((guide) => guide.category === category),
        category,
      ).toBe(true);
    for (const guide of GUIDES) {
      expect(guide.body.split("\n\n").length, guide.slug).toBeGreaterThanOrEqual(6);
      expect(guide.body, guide.slug).not.toMatch(/<[a-z]/i);
    }
    await seedGuides(t.database.db);
    const [{ n }] = await t.database.db.select({ n: count() }).from(guides);
    expect(n).toBe(GUIDES.length);
  });
});

describe("the guide list", () => {
  it("lists every guide by category then title, with the categories and their counts", async () => {
    const res = await client.get(BASE);
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ total: GUIDES.length, current_page: 1 });
    const categories = res.body.data.map((guide: { category: string }) => guide.category);
    expect(categories).toEqual([...categories].sort());
    expect(res.body.data[0]).toEqual({
      slug: "running-a-demo-day",
      title: "Running a demo day",
      category: "Events",
      summary: expect.any(String),
      reading_minutes: expect.any(Number),
      updated_at: expect.any(String),
    });
    expect(res.body.data[0]).not.toHaveProperty("body");
    expect(res.body.categories).toEqual([
      { name: "Events", count: 1 },
      { name: "Fundraising", count: 2 },
      { name: "Legal", count: 1 },
      { name: "Pricing", count: 1 },
      { name: "Team", count: 2 },
    ]);
  });

  it("filters by category", async () => {
    const res = await client.get(`${BASE}?category=Fundraising`);
    expect(slugs(res.body)).toEqual(["raising-your-pre-seed-round", "writing-a-monthly-investor-update"]);
    expect(res.body.meta.total).toBe(2);
    // Blank means every category, as the panel's "All categories" option sends it.
    expect((await client.get(`${BASE}?category=`)).body.meta.total).toBe(GUIDES.length);
  });

  it("searches titles, summaries and bodies, every word, case-insensitively, title matches first", async () => {
    expect(slugs((await client.get(`${BASE}?search=CLIFF`)).body)).toEqual([
      "finding-and-hiring-a-co-founder",
      "splitting-equity-between-co-founders",
    ]);
    // "equity" is in several bodies; the guide with it in its title comes first.
    expect(slugs((await client.get(`${BASE}?search=equity`)).body)[0]).toBe("splitting-equity-between-co-founders");
    expect(slugs((await client.get(`${BASE}?search=safe%20valuation%20cap`)).body)).toEqual(["raising-your-pre-seed-round"]);
    expect(slugs((await client.get(`${BASE}?search=demo&category=Events`)).body)).toEqual(["running-a-demo-day"]);
    expect((await client.get(`${BASE}?search=demo&category=Legal`)).body.meta.total).toBe(0);
    // LIKE's wildcards are plain text: as wildcards these would match "pricing".
    expect((await client.get(`${BASE}?search=pr%25ing`)).body.meta.total).toBe(0);
    expect((await client.get(`${BASE}?search=pr_cing`)).body.meta.total).toBe(0);
    expect((await client.get(`${BASE}?search=pricing`)).body.meta.total).toBeGreaterThan(0);
  });

  it("pages", async () => {
    const first = await client.get(`${BASE}?per_page=3`);
    const third = await client.get(`${BASE}?per_page=3&page=3`);
    expect(first.body.data).toHaveLength(3);
    expect(first.body.meta).toMatchObject({ last_page: 3, total: GUIDES.length, from: 1, to: 3 });
    expect(first.body.links.next).toBe(`${BASE}?per_page=3&page=2`);
    expect(third.body.data).toHaveLength(GUIDES.length - 6);
    const all = await client.get(`${BASE}?per_page=100`);
    expect([...slugs(first.body), ...slugs((await client.get(`${BASE}?per_page=3&page=2`)).body), ...slugs(third.body)]).toEqual(
      slugs(all.body),
    );
    const past = await client.get(`${BASE}?per_page=3&page=9`);
    expect(past.body).toMatchObject({ data: [], meta: { total: GUIDES.length } });
  });

  it("refuses an unknown category with 422 and the list of categories", async () => {
    const res = await client.get(`${BASE}?category=Cooking`);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      category: ["The selected category is invalid. Choose one of: Fundraising, Team, Events, Pricing, Legal."],
    });
    expect((await client.get(`${BASE}?category=fundraising`)).status).toBe(422);
  });
});

describe("one guide", () => {
  it("answers the guide with its Markdown body", async () => {
    const res = await client.get(`${BASE}/pricing-your-first-product`);
    expect(res.status).toBe(200);
    expect(res.body.guide).toMatchObject({ slug: "pricing-your-first-product", title: "Pricing your first product", category: "Pricing" });
    expect(res.body.guide.body).toContain("## Price from value, not from cost");
    expect(res.body.guide.reading_minutes).toBeGreaterThanOrEqual(2);
  });

  it("answers 404 Guide not found for a slug that names no guide", async () => {
    for (const slug of ["no-such-guide", "Pricing-Your-First-Product", "pricing--your", "-x", "x".repeat(200), "%00"]) {
      expect(await client.get(`${BASE}/${slug}`), slug).toMatchObject({ status: 404, body: { message: "Guide not found" } });
    }
  });
});
