import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import type { Country } from "#schemas/countries.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

describe("GET /api/country_codes", () => {
  it("answers every country with code, name, dial code and flag, without a login", async () => {
    const res = await t.client().get<{ data: Country[] }>("/api/country_codes");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["data"]);
    expect(res.body.data.length).toBeGreaterThanOrEqual(200);
    for (const country of res.body.data) {
      expect(Object.keys(country).sort()).toEqual(["code", "dial_code", "flag", "flag_url", "name"]);
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.dial_code).toMatch(/^\+\d{1,4}$/);
      expect(country.name.length).toBeGreaterThan(0);
      // The flag is the two regional-indicator letters of the code.
      expect([...country.flag].map((ch) => String.fromCharCode(ch.codePointAt(0)! - 0x1f1e6 + 65)).join("")).toBe(country.code);
    }
    expect(new Set(res.body.data.map((c) => c.code)).size).toBe(res.body.data.length);
  });

  it("names countries in English with their calling codes", async () => {
    const { body } = await t.client().get<{ data: Country[] }>("/api/country_codes");
    const byCode = new Map(body.data.map((c) => [c.code, c]));
    expect(byCode.get("NG")).toEqual({ code: "NG", name: "Nigeria", dial_code: "+234", flag: "🇳🇬", flag_url: "/api/v1/site/flags/ng.svg" });
    expect(byCode.get("KE")).toMatchObject({ name: "Kenya", dial_code: "+254" });
    expect(byCode.get("US")).toMatchObject({ name: "United States", dial_code: "+1" });
    expect(byCode.get("GB")).toMatchObject({ name: "United Kingdom", dial_code: "+44" });
    expect(byCode.get("DE")).toMatchObject({ name: "Germany", dial_code: "+49" });
    expect(byCode.get("IN")).toMatchObject({ name: "India", dial_code: "+91" });
  });

  it("links every country to an SVG flag the app serves", async () => {
    const { body } = await t.client().get<{ data: Country[] }>("/api/country_codes");
    const missing = body.data.filter((c) => !c.flag_url).map((c) => c.code);
    // flag-icons covers every ISO country; only libphonenumber's non-country regions (e.g. AC, TA) may lack one.
    expect(missing.length).toBeLessThan(5);
    const flag = await t.client().request("GET", body.data.find((c) => c.code === "KE")!.flag_url!);
    expect(flag.status).toBe(200);
  });

  it("sorts by name", async () => {
    const { body } = await t.client().get<{ data: Country[] }>("/api/country_codes");
    const names = body.data.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names[0]).toMatch(/^A/);
    expect(names.indexOf("Kenya")).toBeLessThan(names.indexOf("Nigeria"));
  });

  it("lets clients cache the list for a day", async () => {
    const res = await t.client().get("/api/country_codes");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  });
});
