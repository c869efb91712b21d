import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coFounders, files, startups } from "#api/db/schema.ts";
import type { FieldErrors } from "#api/lib/errors.ts";
import { createTestApi, type TestApi, type TestClient } from "#api/testing/harness.ts";
import { TINY_PNG, fetchBytes, largePngFile, pngFile, registered, setUpStartupProfile, userRow } from "#api/testing/fixtures.ts";
import type { coFounderResource, startupResource } from "./service.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

type Startup = ReturnType<typeof startupResource>;
type CoFounder = ReturnType<typeof coFounderResource>;
/** The body of a setup call: the created resource on 201, or the `errors` map on 422. */
type StartupAnswer = { message: string; startup: Startup; errors: FieldErrors };
type ProfileAnswer = { message: string; profile: CoFounder; errors: FieldErrors };
type Current = { profile: CoFounder | null; startup: Startup | null };

let counter = 0;
const username = (prefix = "acme") => `${prefix}-${Date.now().toString(36)}-${++counter}`;

const OWNER_PERMISSIONS = [
  "co founder read",
  "co founder write",
  "coupon code read",
  "coupon code write",
  "event billing read",
  "event billing write",
  "event form read",
  "event form write",
  "event response read",
  "event response write",
  "resource center read",
];

type Fields = Record<string, string | File | undefined>;

function form(fields: Fields) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) body.set(key, value);
  return body;
}

const startupFields = (overrides: Fields = {}): Fields => ({
  account_type: "startup",
  name: "Acme Robotics",
  username: username(),
  country: "NG",
  cityName: "Lagos",
  description: "We build robots.",
  industry: "Hardware",
  stage: "Seed",
  links: JSON.stringify(["https://acme.example.com", "https://x.com/acme"]),
  ...overrides,
});

const coFounderFields = (overrides: Fields = {}): Fields => ({
  name: "Ada Lovelace",
  headline: "Engineer looking for a team",
  skills: "TypeScript, Go ,, TypeScript,  Postgres ",
  country: "KE",
  cityName: "Nairobi",
  bio: "Twenty years of shipping.",
  links: JSON.stringify(["https://ada.example.com"]),
  ...overrides,
});

const setUpStartup = (client: TestClient, overrides: Fields = {}) =>
  client.post<StartupAnswer>("/api/v1/admin/startups/setup", form(startupFields(overrides)));
const setUpCoFounder = (client: TestClient, overrides: Fields = {}) =>
  client.post<ProfileAnswer>("/api/v1/admin/profiles/setup", form(coFounderFields(overrides)));

async function filesOwnedBy(userId: number) {
  return (await t.database.db.select({ id: files.id }).from(files).where(eq(files.ownerUserId, userId))).length;
}

describe("POST /api/v1/admin/startups/setup", () => {
  it("sets up a startup: 201, the user is linked and gets the startup role and its permissions", async () => {
    const { client, id } = await registered(t);
    const name = username("MixedCase");
    const res = await setUpStartup(client, { username: `  ${name.toUpperCase()} `, country: "ng", website: "https://acme.example.com" });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Startup set up successfully");
    expect(res.body.startup).toEqual({
      id: expect.any(Number),
      account_type: "startup",
      name: "Acme Robotics",
      username: name.toLowerCase(),
      logo_url: null,
      country: "NG",
      cityName: "Lagos",
      description: "We build robots.",
      industry: "Hardware",
      stage: "Seed",
      website: "https://acme.example.com",
      links: ["https://acme.example.com", "https://x.com/acme"],
      followers_count: 0,
      wanted_skills: [],
      wanted_roles: [],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const me = await client.get("/api/user");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id,
      startup_id: res.body.startup.id,
      co_founder_id: null,
      account_type: "startup",
      setup_complete: true,
      roles: ["startup"],
      permissions: OWNER_PERMISSIONS,
    });
    expect((await userRow(t, id)).startupId).toBe(res.body.startup.id);
    // The owner role brings no admin rights.
    expect((await client.get("/api/v1/admin/users")).status).toBe(403);
  });

  it("sets up an organization without a stage: 201 and the organization role", async () => {
    const { client } = await registered(t);
    const res = await setUpStartup(client, { account_type: "organization", stage: undefined, name: "Open Org", website: "" });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Organization set up successfully");
    expect(res.body.startup).toMatchObject({ account_type: "organization", name: "Open Org", stage: null, website: null });
    const me = await client.get("/api/user");
    expect(me.body).toMatchObject({
      startup_id: res.body.startup.id,
      co_founder_id: null,
      account_type: "organization",
      setup_complete: true,
      roles: ["organization"],
      permissions: OWNER_PERMISSIONS,
    });
  });

  it("drops blank links and accepts none at all", async () => {
    const blank = await setUpStartup((await registered(t)).client, { links: JSON.stringify(["", "  ", "https://ok.example.com"]) });
    expect(blank.status).toBe(201);
    expect(blank.body.startup.links).toEqual(["https://ok.example.com"]);
    const none = await setUpStartup((await registered(t)).client, { links: undefined });
    expect(none.status).toBe(201);
    expect(none.body.startup.links).toEqual([]);
  });

  it("answers 422 with a field errors map for missing fields", async () => {
    const { client, id } = await registered(t);
    for (const accountType of ["startup", "organization"]) {
      const res = await client.post("/api/v1/admin/startups/setup", form({ account_type: accountType }));
      expect(res.status).toBe(422);
      expect(res.body.errors).toMatchObject({
        name: ["The name field is required."],
        username: ["The username field is required."],
        country: ["The country field is required."],
        cityName: ["The city field is required."],
        description: ["The description field is required."],
        industry: ["The industry field is required."],
      });
      // The startup-only stage rule is reported together with the rest, not after they are fixed.
      if (accountType === "startup") expect(res.body.errors.stage).toEqual(["The stage field is required for a startup."]);
      else expect(res.body.errors.stage).toBeUndefined();
      expect(res.body.message).toMatch(/^The name field is required\. \(and \d+ more errors\)$/);
    }
    const noType = await client.post("/api/v1/admin/startups/setup", form(startupFields({ account_type: undefined })));
    expect(noType.status).toBe(422);
    expect(noType.body.errors).toEqual({ account_type: ["The account type field must be startup or organization."] });
    // Co-founder is not an account type this endpoint sets up.
    const coFounder = await client.post("/api/v1/admin/startups/setup", form(startupFields({ account_type: "co-founder" })));
    expect(coFounder.status).toBe(422);
    expect(Object.keys(coFounder.body.errors)).toEqual(["account_type"]);
    expect((await userRow(t, id)).startupId).toBeNull();
  });

  it("requires a stage for a startup but not for an organization", async () => {
    const { client } = await registered(t);
    const startup = await setUpStartup(client, { stage: undefined });
    expect(startup.status).toBe(422);
    expect(startup.body.errors).toEqual({ stage: ["The stage field is required for a startup."] });
    const bad = await setUpStartup(client, { stage: "Unicorn" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ stage: ["The selected stage is invalid."] });
    const organization = await setUpStartup(client, { account_type: "organization", stage: undefined });
    expect(organization.status).toBe(201);
  });

  it("refuses a bad username", async () => {
    const { client } = await registered(t);
    for (const bad of ["ab", "-abc", "abc-", "has space", "under_score", "ünïcode", "a".repeat(31)]) {
      const res = await setUpStartup(client, { username: bad });
      expect(res.status, bad).toBe(422);
      expect(res.body.errors, bad).toEqual({
        username: ["The username must be 3 to 30 letters, digits or dashes, starting and ending with a letter or digit."],
      });
    }
  });

  it("refuses a link that is not an http(s) URL, keyed by its position", async () => {
    const { client } = await registered(t);
    const first = await setUpStartup(client, { links: JSON.stringify(["not a url"]) });
    expect(first.status).toBe(422);
    expect(first.body.errors).toEqual({ "links.0": ["The link field must be a valid URL starting with http:// or https://."] });
    const second = await setUpStartup(client, { links: JSON.stringify(["https://ok.example.com", "javascript:alert(1)"]) });
    expect(second.status).toBe(422);
    expect(Object.keys(second.body.errors)).toEqual(["links.1"]);
    const ftp = await setUpStartup(client, { links: JSON.stringify(["ftp://files.example.com"]) });
    expect(Object.keys(ftp.body.errors)).toEqual(["links.0"]);
    const notJson = await setUpStartup(client, { links: "https://acme.example.com" });
    expect(notJson.status).toBe(422);
    expect(notJson.body.errors).toEqual({ links: ["The links field must be a list of URLs."] });
    const tooMany = await setUpStartup(client, {
      links: JSON.stringify(Array.from({ length: 11 }, (_, i) => `https://l${i}.example.com`)),
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual({ links: ["The links field must not have more than 10 items."] });
    const website = await setUpStartup(client, { website: "acme dot com" });
    expect(website.status).toBe(422);
    expect(Object.keys(website.body.errors)).toEqual(["website"]);
  });

  it("refuses an unknown country code and an unknown industry", async () => {
    const { client, id } = await registered(t);
    const unknown = await setUpStartup(client, { country: "ZZ" });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ country: ["The selected country is invalid."] });
    const name = await setUpStartup(client, { country: "Nigeria" });
    expect(name.status).toBe(422);
    expect(name.body.errors).toEqual({ country: ["The country field must be a two-letter country code."] });
    const industry = await setUpStartup(client, { industry: "Alchemy" });
    expect(industry.status).toBe(422);
    expect(industry.body.errors).toEqual({ industry: ["The selected industry is invalid."] });
    expect((await userRow(t, id)).startupId).toBeNull();
  });

  it("keeps no uploaded logo when the setup is refused", async () => {
    const taken = await registered(t);
    const username = `kept-${Date.now().toString(36)}`;
    expect((await setUpStartup(taken.client, { username })).status).toBe(201);
    const { client, id } = await registered(t);
    const refused = await setUpStartup(client, { username, logo: pngFile() });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ username: ["The username has already been taken."] });
    expect(await filesOwnedBy(id)).toBe(0);
  });

  it("refuses a username that is taken, whatever its case", async () => {
    const taken = username("dupe");
    expect((await setUpStartup((await registered(t)).client, { username: taken })).status).toBe(201);
    const other = await registered(t);
    const res = await setUpStartup(other.client, { username: taken.toUpperCase() });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ username: ["The username has already been taken."] });
    expect((await userRow(t, other.id)).startupId).toBeNull();
    expect((await other.client.get("/api/user")).body.roles).toEqual([]);
    // The user can still set up with a free name.
    expect((await setUpStartup(other.client)).status).toBe(201);
  });

  it("answers 401 without a login", async () => {
    const res = await t.client().post("/api/v1/admin/startups/setup", form(startupFields()));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Unauthenticated." });
  });
});

describe("images", () => {
  it("stores a PNG logo and serves it with its sniffed type and nosniff", async () => {
    const { client } = await registered(t);
    const res = await setUpStartup(client, { logo: pngFile("logo.png") });
    expect(res.status).toBe(201);
    const url = res.body.startup.logo_url!;
    expect(url).toMatch(/^\/api\/v1\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

    const file = await fetchBytes(t, url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("cache-control")).toMatch(/immutable/);
    expect(file.headers.get("content-security-policy")).toMatch(/sandbox/);
    expect(file.bytes).toEqual(TINY_PNG);
    const current = await client.get<Current>("/api/v1/admin/profiles/current");
    expect(current.body.startup!.logo_url).toBe(url);
  });

  it("serves the type the bytes show, not the declared one", async () => {
    const { client } = await registered(t);
    const res = await setUpStartup(client, { logo: pngFile("logo.jpg", "image/jpeg") });
    expect(res.status).toBe(201);
    const file = await fetchBytes(t, res.body.startup.logo_url!);
    expect(file.headers.get("content-type")).toBe("image/png");
  });

  it("treats an empty file (an unused file input) as no logo", async () => {
    const { client } = await registered(t);
    // Node's FormData drops an empty file name when it serialises, so the empty file carries one.
    const res = await setUpStartup(client, { logo: new File([], "blank.png", { type: "application/octet-stream" }) });
    expect(res.status).toBe(201);
    expect(res.body.startup.logo_url).toBeNull();
  });

  it("refuses a text file renamed .png and declared image/png", async () => {
    const { client, id } = await registered(t);
    const fake = new File(["<svg onload=alert(1)>not an image</svg>"], "logo.png", { type: "image/png" });
    const res = await setUpStartup(client, { logo: fake });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ logo: ["The logo field must be a PNG, JPEG, GIF or WebP image."] });
    expect((await userRow(t, id)).startupId).toBeNull();
    expect(await filesOwnedBy(id)).toBe(0);
  });

  it("refuses a declared type that is not an image, even with PNG bytes", async () => {
    const { client } = await registered(t);
    const res = await setUpStartup(client, { logo: pngFile("logo.html", "text/html") });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(["logo"]);
  });

  it("refuses an image over 2 MB and accepts one of exactly 2 MB", async () => {
    const { client, id } = await registered(t);
    const res = await setUpStartup(client, { logo: largePngFile(2 * 1024 * 1024 + 1) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ logo: ["The logo field must not be greater than 2 MB."] });
    expect((await userRow(t, id)).startupId).toBeNull();
    const exact = await setUpStartup(client, { logo: largePngFile(2 * 1024 * 1024) });
    expect(exact.status).toBe(201);
    const file = await fetchBytes(t, exact.body.startup.logo_url!);
    expect(file.bytes.byteLength).toBe(2 * 1024 * 1024);
  });

  it("stores a co-founder avatar", async () => {
    const { client } = await registered(t);
    const res = await setUpCoFounder(client, { avatar: pngFile("me.png") });
    expect(res.status).toBe(201);
    const file = await fetchBytes(t, res.body.profile.avatar_url!);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.bytes).toEqual(TINY_PNG);
  });

  it("answers 404 for an unknown file id and for an id that is not a uuid", async () => {
    for (const id of ["3f2b1c7e-9d4a-4e8b-a1c2-0123456789ab", "not-a-uuid", "1", "3f2b1c7e-9d4a-4e8b-a1c2-0123456789abcd"]) {
      const res = await t.client().get(`/api/v1/files/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ message: "File not found" });
    }
  });
});

describe("POST /api/v1/admin/profiles/setup", () => {
  it("sets up a co-founder profile: 201, the user is linked and gets the co-founder role", async () => {
    const { client, id } = await registered(t);
    const res = await setUpCoFounder(client, { country: "ke" });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Profile set up successfully");
    expect(res.body.profile).toEqual({
      id: expect.any(Number),
      user_id: id,
      name: "Ada Lovelace",
      headline: "Engineer looking for a team",
      skills: ["TypeScript", "Go", "Postgres"],
      country: "KE",
      cityName: "Nairobi",
      bio: "Twenty years of shipping.",
      links: ["https://ada.example.com"],
      avatar_url: null,
      roles: [],
      industries: [],
      commitment: "full_time",
      desired_stage: null,
      looking_for: "",
      followers_count: 0,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const me = await client.get("/api/user");
    expect(me.body).toMatchObject({
      id,
      co_founder_id: res.body.profile.id,
      startup_id: null,
      account_type: "co-founder",
      setup_complete: true,
      roles: ["co-founder"],
      permissions: ["co founder read", "resource center read"],
    });
  });

  it("answers 422 with a field errors map", async () => {
    const { client, id } = await registered(t);
    const empty = await client.post("/api/v1/admin/profiles/setup", new FormData());
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      name: ["The name field is required."],
      headline: ["The headline field is required."],
      skills: ["The skills field is required."],
      country: ["The country field is required."],
      cityName: ["The city field is required."],
      bio: ["The bio field is required."],
    });
    const blankSkills = await setUpCoFounder(client, { skills: " , ,, " });
    expect(blankSkills.status).toBe(422);
    expect(blankSkills.body.errors).toEqual({ skills: ["The skills field is required."] });
    const country = await setUpCoFounder(client, { country: "ZZ" });
    expect(country.status).toBe(422);
    expect(country.body.errors).toEqual({ country: ["The selected country is invalid."] });
    const link = await setUpCoFounder(client, { links: JSON.stringify(["nope"]) });
    expect(link.status).toBe(422);
    expect(Object.keys(link.body.errors)).toEqual(["links.0"]);
    const avatar = await setUpCoFounder(client, { avatar: new File(["plain text"], "me.png", { type: "image/png" }) });
    expect(avatar.status).toBe(422);
    expect(avatar.body.errors).toEqual({ avatar: ["The avatar field must be a PNG, JPEG, GIF or WebP image."] });
    expect((await userRow(t, id)).coFounderId).toBeNull();
  });

  it("answers 401 without a login", async () => {
    const res = await t.client().post("/api/v1/admin/profiles/setup", form(coFounderFields()));
    expect(res.status).toBe(401);
  });
});

describe("setting up once only", () => {
  const ALREADY = { message: "Your profile is already set up." };

  it("answers 400 to a second setup of any kind", async () => {
    const { client } = await registered(t);
    const first = await setUpStartup(client);
    expect(first.status).toBe(201);
    const again = await setUpStartup(client);
    expect(again.status).toBe(400);
    expect(again.body).toEqual(ALREADY);
    const coFounder = await setUpCoFounder(client);
    expect(coFounder.status).toBe(400);
    expect(coFounder.body).toEqual(ALREADY);
    const me = await client.get("/api/user");
    expect(me.body).toMatchObject({ startup_id: first.body.startup.id, co_founder_id: null, roles: ["startup"] });

    const profile = await registered(t);
    expect((await setUpCoFounder(profile.client)).status).toBe(201);
    expect((await setUpCoFounder(profile.client)).body).toEqual(ALREADY);
    expect((await setUpStartup(profile.client)).body).toEqual(ALREADY);
  });

  it("lets exactly one of two racing startup setups win", async () => {
    const { client, id } = await registered(t);
    await client.prime();
    const results = await Promise.all([setUpStartup(client), setUpStartup(client)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.status === 400)!.body).toEqual(ALREADY);
    const winner = results.find((r) => r.status === 201)!.body.startup;
    const owned = await t.database.db.select({ id: startups.id }).from(startups).where(eq(startups.ownerUserId, id));
    expect(owned).toEqual([{ id: winner.id }]);
    expect((await client.get("/api/user")).body).toMatchObject({ startup_id: winner.id, roles: ["startup"] });
  });

  it("lets exactly one of a racing startup and co-founder setup win", async () => {
    const { client, id } = await registered(t);
    await client.prime();
    const [startup, profile] = await Promise.all([setUpStartup(client), setUpCoFounder(client)]);
    expect([startup.status, profile.status].sort()).toEqual([201, 400]);
    const row = await userRow(t, id);
    const ownedStartups = await t.database.db.select({ id: startups.id }).from(startups).where(eq(startups.ownerUserId, id));
    const ownedProfiles = await t.database.db.select({ id: coFounders.id }).from(coFounders).where(eq(coFounders.userId, id));
    if (startup.status === 201) {
      expect(row).toMatchObject({ startupId: startup.body.startup.id, coFounderId: null });
      expect(ownedProfiles).toEqual([]);
      expect((await client.get("/api/user")).body.roles).toEqual(["startup"]);
    } else {
      expect(row).toMatchObject({ startupId: null, coFounderId: profile.body.profile.id });
      expect(ownedStartups).toEqual([]);
      expect((await client.get("/api/user")).body.roles).toEqual(["co-founder"]);
    }
  });

  it("lets exactly one of two racing co-founder setups win", async () => {
    const { client, id } = await registered(t);
    await client.prime();
    const results = await Promise.all([setUpCoFounder(client), setUpCoFounder(client, { name: "Other Name" })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    const owned = await t.database.db.select({ id: coFounders.id }).from(coFounders).where(eq(coFounders.userId, id));
    expect(owned).toHaveLength(1);
    expect((await userRow(t, id)).coFounderId).toBe(owned[0].id);
  });
});

describe("GET /api/v1/admin/profiles/current", () => {
  it("answers the startup for a startup user", async () => {
    const { client } = await registered(t);
    const startup = await setUpStartupProfile(client);
    const res = await client.get<Current>("/api/v1/admin/profiles/current");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ profile: null, startup });
  });

  it("answers the profile for a co-founder", async () => {
    const { client } = await registered(t);
    const created = await setUpCoFounder(client);
    const res = await client.get<Current>("/api/v1/admin/profiles/current");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ profile: created.body.profile, startup: null });
  });

  it("answers both as null before setup", async () => {
    const { client } = await registered(t);
    const res = await client.get<Current>("/api/v1/admin/profiles/current");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ profile: null, startup: null });
  });

  it("answers 401 without a login", async () => {
    const res = await t.client().get("/api/v1/admin/profiles/current");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Unauthenticated." });
  });
});

describe("co-founder matching fields at setup", () => {
  it("stores roles, industries, commitment, stage and looking for, and keeps skill keys in step with skills", async () => {
    const { client } = await registered(t);
    const res = await setUpCoFounder(client, {
      roles: JSON.stringify(["Technical", "Product", "Technical"]),
      industries: JSON.stringify(["Fintech"]),
      commitment: "part_time",
      desired_stage: "Seed",
      looking_for: "A business co-founder in fintech",
    });
    expect(res.status).toBe(201);
    expect(res.body.profile).toMatchObject({
      roles: ["Technical", "Product"],
      industries: ["Fintech"],
      commitment: "part_time",
      desired_stage: "Seed",
      looking_for: "A business co-founder in fintech",
    });
    const [row] = await t.database.db
      .select({ skillKeys: coFounders.skillKeys })
      .from(coFounders)
      .where(eq(coFounders.id, res.body.profile.id));
    expect(row.skillKeys).toEqual(["typescript", "go", "postgres"]);
  });

  it("refuses unknown roles, industries, commitments and stages per field", async () => {
    const { client } = await registered(t);
    const res = await setUpCoFounder(client, {
      roles: JSON.stringify(["Wizard"]),
      industries: JSON.stringify(["Alchemy"]),
      commitment: "weekends",
      desired_stage: "Moon",
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(["commitment", "desired_stage", "industries.0", "roles.0"]);
  });

  it("stores what a startup looks for: wanted skills lower-cased, wanted roles", async () => {
    const { client } = await registered(t);
    const res = await setUpStartup(client, { wanted_skills: "TypeScript, Sales ,typescript", wanted_roles: JSON.stringify(["Technical"]) });
    expect(res.status).toBe(201);
    expect(res.body.startup).toMatchObject({ wanted_skills: ["typescript", "sales"], wanted_roles: ["Technical"] });
    expect((await setUpStartup((await registered(t)).client, { wanted_roles: JSON.stringify(["Wizard"]) })).body.errors).toEqual({
      "wanted_roles.0": ["The selected role is invalid."],
    });
  });
});
