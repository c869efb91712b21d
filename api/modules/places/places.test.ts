import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coFounder, registered, setUpStartupProfile } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import { checkCity } from "./check-city.ts";
import { foldName } from "./fold.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

type City = { name: string; country_code: string; latitude: number; longitude: number; population: number };
const cities = async (query: string) => (await t.client().get<{ data: City[] }>(`/api/v1/site/cities?${query}`)).body.data;

describe("foldName", () => {
  it("ignores case, accents, punctuation and letters without a decomposition", () => {
    expect(foldName("São Paulo")).toBe("sao paulo");
    expect(foldName("  ZÜRICH ")).toBe("zurich");
    expect(foldName("Łódź")).toBe("lodz");
    expect(foldName("Straßburg")).toBe("strassburg");
    expect(foldName("Port-au-Prince")).toBe("port au prince");
  });
});

describe("GET /api/v1/site/cities", () => {
  it("finds a country's cities by prefix, most populous first, without a login", async () => {
    const res = await t.client().get<{ data: City[] }>("/api/v1/site/cities?country=NG&search=lag");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(res.body.data[0]).toEqual({
      name: "Lagos",
      country_code: "NG",
      latitude: expect.closeTo(6.454, 2),
      longitude: expect.closeTo(3.395, 2),
      population: expect.any(Number),
    });
    expect(res.body.data.every((c) => c.country_code === "NG" && c.name.toLowerCase().startsWith("lag"))).toBe(true);
  });

  it("ignores accents and case both ways", async () => {
    expect((await cities("country=BR&search=sao%20pau"))[0].name).toBe("São Paulo");
    expect((await cities("country=br&search=S%C3%83O%20PAULO"))[0].name).toBe("São Paulo");
    expect((await cities("country=CH&search=zur"))[0].name).toBe("Zürich");
    expect((await cities("country=PL&search=%C5%81od"))[0].name).toBe("Łódź");
  });

  it("ranks by population and answers at most 20", async () => {
    const all = await cities("country=US&search=s");
    expect(all).toHaveLength(20);
    const populations = all.map((c) => c.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
    expect((await cities("country=NG"))[0].name).toBe("Lagos");
    expect(await cities("country=US&search=s&limit=3")).toHaveLength(3);
  });

  it("searches the world without a country, each name once per country", async () => {
    const lagos = await cities("search=lagos");
    expect(lagos[0]).toMatchObject({ name: "Lagos", country_code: "NG" });
    expect(lagos.filter((c) => c.name === "Lagos").map((c) => c.country_code)).toEqual(["NG", "PT"]);
    const montreal = (await cities("country=FR&search=montr%C3%A9al")).filter((c) => c.name === "Montréal");
    expect(montreal).toHaveLength(1);
  });

  it("answers nothing for an unknown prefix or country, 422 for a malformed country", async () => {
    expect(await cities("country=NG&search=zzqx")).toEqual([]);
    expect(await cities("country=ZZ&search=a")).toEqual([]);
    const res = await t.client().get("/api/v1/site/cities?country=Nigeria");
    expect(res.status).toBe(422);
    expect(res.body.errors.country).toEqual(["The country must be a two-letter country code."]);
  });
});

describe("GET /api/v1/site/geocode", () => {
  it("places 'City, Country' with its time zone", async () => {
    const res = await t.client().get("/api/v1/site/geocode?q=Lagos,%20Nigeria");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      cityName: "Lagos",
      country_code: "NG",
      latitude: expect.closeTo(6.454, 2),
      longitude: expect.closeTo(3.395, 2),
      timezone: "Africa/Lagos",
    });
  });

  it("reads country codes, accents and a city alone (the most populous of the name)", async () => {
    expect((await t.client().get("/api/v1/site/geocode?q=sao%20paulo,%20BR")).body).toMatchObject({
      cityName: "São Paulo",
      country_code: "BR",
      timezone: "America/Sao_Paulo",
    });
    expect((await t.client().get("/api/v1/site/geocode?q=Lagos,%20Portugal")).body).toMatchObject({
      cityName: "Lagos",
      country_code: "PT",
      timezone: "Europe/Lisbon",
    });
    expect((await t.client().get("/api/v1/site/geocode?q=nairobi")).body).toMatchObject({
      cityName: "Nairobi",
      country_code: "KE",
      timezone: "Africa/Nairobi",
    });
  });

  it("404s an unknown city and 422s a missing q", async () => {
    const unknown = await t.client().get("/api/v1/site/geocode?q=Atlantis,%20Nigeria");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: "No city matches that name." });
    const missing = await t.client().get("/api/v1/site/geocode");
    expect(missing.status).toBe(422);
    expect(missing.body.errors.q).toEqual(["The q field is required."]);
  });
});

describe("GET /api/v1/site/flags/{cc}.svg", () => {
  it("serves the SVG with an ETag and answers 304 to it", async () => {
    const res = await t.client().request("GET", "/api/v1/site/flags/ng.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.client().request("GET", "/api/v1/site/flags/NG.svg", undefined, { "if-none-match": etag });
    expect(again.status).toBe(304);
  });

  it("404s a code without a flag", async () => {
    expect((await t.client().request("GET", "/api/v1/site/flags/qq.svg")).status).toBe(404);
    expect((await t.client().request("GET", "/api/v1/site/flags/nga.svg")).status).toBe(404);
  });
});

describe("GET /api/location", () => {
  it("is the startup's city, placed", async () => {
    const { client } = await registered(t);
    await setUpStartupProfile(client);
    const res = await client.get("/api/location");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ cityName: "Lagos", country_code: "NG", timezone: "Africa/Lagos" });
    expect(res.body.latitude).toBeCloseTo(6.454, 2);
  });

  it("is the co-founder profile's city", async () => {
    const { client } = await coFounder(t);
    expect((await client.get("/api/location")).body).toMatchObject({ cityName: "Nairobi", country_code: "KE", timezone: "Africa/Nairobi" });
  });

  it("has null fields without a profile and 401s without a login", async () => {
    const { client } = await registered(t);
    expect((await client.get("/api/location")).body).toEqual({
      cityName: null,
      country_code: null,
      latitude: null,
      longitude: null,
      timezone: null,
    });
    expect((await t.client().get("/api/location")).status).toBe(401);
  });
});

describe("checkCity", () => {
  it("answers the list's spelling, or suggestions", () => {
    expect(checkCity("BR", "sao paulo")).toMatchObject({ ok: true, city: { name: "São Paulo" } });
    expect(checkCity("NG", "Lagoss")).toEqual({ ok: false, suggestions: ["Lagos"] });
    expect(checkCity("NG", "Nairobi")).toMatchObject({ ok: false });
  });

  it("422s a setup whose city is not in the country, with Did you mean, and stores the list's spelling", async () => {
    const { client } = await registered(t);
    const form = (city: string) => {
      const body = new FormData();
      for (const [k, v] of Object.entries({
        name: "Ada",
        headline: "Engineer",
        skills: "Go",
        country: "NG",
        cityName: city,
        bio: "Hi",
        links: "[]",
      }))
        body.set(k, v);
      return body;
    };
    const typo = await client.post("/api/v1/admin/profiles/setup", form("Lagoss"));
    expect(typo.status).toBe(422);
    expect(typo.body.errors).toEqual({ cityName: ["The city is not one we know in Nigeria. Did you mean Lagos?"] });
    const elsewhere = await client.post("/api/v1/admin/profiles/setup", form("Zzyzx"));
    expect(elsewhere.body.errors.cityName).toEqual(["The city is not one we know in Nigeria. Pick one from the list."]);
    const ok = await client.post("/api/v1/admin/profiles/setup", form("ABUJA"));
    expect(ok.status).toBe(201);
    expect(ok.body.profile.cityName).toBe("Abuja");
  });

  it("422s a startup setup in the wrong country's city", async () => {
    const { client } = await registered(t);
    const body = new FormData();
    for (const [k, v] of Object.entries({
      account_type: "organization",
      name: "Hub",
      username: `hub-${Date.now().toString(36)}`,
      country: "KE",
      cityName: "Lagos",
      description: "A hub",
      industry: "Education",
      links: "[]",
    }))
      body.set(k, v);
    const res = await client.post("/api/v1/admin/startups/setup", body);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(["cityName"]);
    expect(res.body.errors.cityName[0]).toMatch(/^The city is not one we know in Kenya\./);
  });
});

describe("requireCityInCountryText (the billing form's free-text country)", () => {
  it("reads a country name or code, and 422s an unknown country or city", async () => {
    const { requireCityInCountryText } = await import("./check-city.ts");
    expect(requireCityInCountryText("Nigeria", "lagos")).toBe("Lagos");
    expect(requireCityInCountryText("de", "Berlin")).toBe("Berlin");
    expect(() => requireCityInCountryText("Narnia", "Lagos")).toThrowError("The selected country is invalid.");
    expect(() => requireCityInCountryText("Nigeria", "Lagoss")).toThrowError("Did you mean Lagos?");
  });
});
