import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DETAIL_CATEGORIES, categoryCompletion, detailCategory, overallCompleteness } from "#schemas/startup-details.ts";
import { coFounder, registered, setUpStartupProfile } from "#api/testing/fixtures.ts";
import { createTestApi, expectEveryCallRefused, type Call, type TestApi } from "#api/testing/harness.ts";
import { joinOrganization } from "#api/testing/callers.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const BASE = "/api/v1/admin/startup_details";
const TOTAL_FIELDS = DETAIL_CATEGORIES.reduce((n, c) => n + c.fields.length, 0);

async function startupUser() {
  const account = await registered(t, "Detail Owner");
  const startup = await setUpStartupProfile(account.client);
  return { ...account, startup };
}

const BASICS = { legal_name: "Acme Robotics Ltd", tagline: "Robots for small warehouses", founded_on: "2024-03-01" };

describe("access", () => {
  it("answers 401 without a login", async () => {
    const calls: Call[] = [
      ["GET", BASE],
      ["GET", `${BASE}/1`],
      ["PUT", `${BASE}/1`, BASICS],
    ];
    await expectEveryCallRefused(t.client(), calls, 401, { message: "Unauthenticated." });
  });

  it("answers 403 Access Forbidden to a user without a startup", async () => {
    const { client } = await coFounder(t);
    const calls: Call[] = [
      ["GET", BASE],
      ["GET", `${BASE}/1`],
      ["PUT", `${BASE}/1`, BASICS],
    ];
    await expectEveryCallRefused(client, calls, 403, { message: "Access Forbidden" });
  });

  it("answers 404 Detail category not found for an unknown or malformed category", async () => {
    const { client } = await startupUser();
    for (const id of ["0", "8", "999999", "abc", "1.5", "99999999999"]) {
      expect(await client.get(`${BASE}/${id}`), id).toMatchObject({ status: 404, body: { message: "Detail category not found" } });
      expect(await client.put(`${BASE}/${id}`, BASICS), id).toMatchObject({ status: 404, body: { message: "Detail category not found" } });
    }
  });

  it("never shows one startup's details to another", async () => {
    const mine = await startupUser();
    const theirs = await startupUser();
    expect((await mine.client.put(`${BASE}/1`, BASICS)).status).toBe(200);
    const other = await theirs.client.get(`${BASE}/1`);
    expect(other.body.category.values).toEqual({ legal_name: null, tagline: null, founded_on: null, headquarters: null, website: null });
    const list = await theirs.client.get(BASE);
    expect(list.body.completeness).toBe(0);
    expect((await mine.client.get(BASE)).body.completeness).toBe(Math.floor((3 * 100) / TOTAL_FIELDS));
  });

  it("lets every user of the startup read and write the same details", async () => {
    const owner = await startupUser();
    const teammate = await registered(t, "Teammate");
    await joinOrganization(t, teammate.id, owner.startup.id);
    await owner.client.put(`${BASE}/1`, BASICS);
    expect((await teammate.client.get(`${BASE}/1`)).body.category.values.legal_name).toBe("Acme Robotics Ltd");
  });
});

describe("reading and saving", () => {
  it("lists every category with its fields, empty values and 0 % for a new startup", async () => {
    const { client } = await startupUser();
    const res = await client.get(BASE);
    expect(res.status).toBe(200);
    expect(res.body.completeness).toBe(0);
    expect(res.body.data.map((c: { id: number; name: string }) => [c.id, c.name])).toEqual([
      [1, "Basics"],
      [2, "Team"],
      [3, "Product"],
      [4, "Market"],
      [5, "Traction"],
      [6, "Funding"],
      [7, "Legal"],
    ]);
    expect(res.body.data[0]).toMatchObject({
      completion: 0,
      filled_count: 0,
      field_count: 5,
      required_count: 3,
      is_complete: false,
      updated_at: null,
    });
  });

  it("saves a category, normalises the answers and raises the completion", async () => {
    const { client } = await startupUser();
    const res = await client.put(`${BASE}/6`, {
      funding_stage: "Seed",
      raised_to_date: "1,250,000.5",
      raising_now: "",
      investors: null,
      ignored: "x",
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Startup details saved");
    expect(res.body.category.values).toEqual({ funding_stage: "Seed", raised_to_date: "1250000.50", raising_now: null, investors: null });
    expect(res.body.category).toMatchObject({ filled_count: 2, field_count: 4, completion: 50, required_filled: 2, is_complete: true });
    expect(res.body.completeness).toBe(Math.floor(200 / TOTAL_FIELDS));
    // A second save replaces the category: what is left out is cleared.
    const again = await client.put(`${BASE}/6`, { funding_stage: "Series A", raised_to_date: 0 });
    expect(again.body.category.values).toEqual({ funding_stage: "Series A", raised_to_date: "0.00", raising_now: null, investors: null });
  });

  it("takes form posts as well as JSON", async () => {
    const { client } = await startupUser();
    const body = new URLSearchParams({ team_size: "4", founders_background: "Two engineers and a designer." });
    const res = await client.request(
      "PUT",
      `${BASE}/2`,
      undefined,
      { "content-type": "application/x-www-form-urlencoded" },
      body.toString(),
    );
    expect(res.status).toBe(200);
    expect(res.body.category.values).toMatchObject({
      team_size: 4,
      founders_background: "Two engineers and a designer.",
      hiring_plans: null,
    });
  });

  it("refuses invalid answers with a 422 per field", async () => {
    const { client } = await startupUser();
    const res = await client.put(`${BASE}/1`, {
      legal_name: "  ",
      tagline: "x".repeat(256),
      founded_on: "2026-02-30",
      website: "ftp://acme",
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      legal_name: ["The legal name field is required."],
      tagline: ["The tagline field must not be greater than 255 characters."],
      founded_on: ["The founded on field must be a valid date."],
      website: ["The website field must be a valid URL starting with http:// or https://."],
    });
    const more = await client.put(`${BASE}/5`, { customers: "-3", monthly_revenue: "lots", growth_rate: "1e3" });
    expect(more.body.errors).toEqual({
      customers: ["The customers field must be a number of 0 or more."],
      monthly_revenue: ["The monthly revenue field must be an amount such as 250000 or 1250.50."],
      growth_rate: ["The growth rate field must be a number of 0 or more."],
    });
    const choice = await client.put(`${BASE}/3`, { problem: "p", solution: "s", product_stage: "Done" });
    expect(choice.body.errors).toEqual({ product_stage: ["The selected product stage is invalid."] });
    expect((await client.get(BASE)).body.completeness).toBe(0);
  });

  it("refuses text PostgreSQL cannot store", async () => {
    const { client } = await startupUser();
    const res = await client.put(`${BASE}/1`, { ...BASICS, legal_name: "Acme\u0000" });
    expect(res.status).toBe(422);
    expect(res.body.errors.legal_name).toBeDefined();
  });

  it("reaches 100 % only when every field of every category is filled", async () => {
    const { client } = await startupUser();
    const full: Record<number, Record<string, string>> = {
      1: { ...BASICS, headquarters: "12 Marina, Lagos", website: "https://acme.example.com" },
      2: { team_size: "6", founders_background: "Robotics PhDs", hiring_plans: "Two engineers" },
      3: { problem: "p", solution: "s", product_stage: "Beta", demo_url: "https://acme.example.com/demo" },
      4: { target_customers: "SMB warehouses", market_size: "5000000000", competitors: "Big robots", business_model: "Subscription" },
      5: { customers: "12", monthly_revenue: "18000", growth_rate: "12.5", milestones: "Pilot with a 3PL" },
      6: { funding_stage: "Seed", raised_to_date: "750000", raising_now: "2000000", investors: "Angels" },
      7: { entity_type: "Limited company", registration_number: "RC-123", incorporated_on: "2024-03-02", jurisdiction: "Nigeria" },
    };
    let last = 0;
    for (const [id, values] of Object.entries(full)) {
      const res = await client.put(`${BASE}/${id}`, values);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.category.completion).toBe(100);
      expect(res.body.completeness).toBeGreaterThan(last);
      last = res.body.completeness;
    }
    expect(last).toBe(100);
  });
});

describe("completion math", () => {
  it("counts every field once and rounds down", () => {
    const basics = detailCategory(1)!;
    expect(categoryCompletion(basics, { legal_name: "A", tagline: "B" })).toMatchObject({
      filled_count: 2,
      completion: 40,
      is_complete: false,
    });
    expect(categoryCompletion(basics, { ...BASICS })).toMatchObject({ completion: 60, required_filled: 3, is_complete: true });
    expect(categoryCompletion(basics, { legal_name: "  ", website: null })).toMatchObject({ filled_count: 0, completion: 0 });
    expect(overallCompleteness(new Map())).toBe(0);
    expect(overallCompleteness(new Map([[1, { ...BASICS }]]))).toBe(Math.floor(300 / TOTAL_FIELDS));
  });
});
