import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teamMembers } from "#api/db/community-schema.ts";
import { frameworkVersions } from "#api/db/tools-schema.ts";
import { seedCanvases } from "#api/db/seed-canvases.ts";
import { coFounder, grantRole, registered, registeredAs, setUpStartupProfile, userRow } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import { BASE_VERSION_INVALID } from "#schemas/resources.ts";
import { joinOrganization } from "#api/testing/callers.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const LEAN = "/api/v1/admin/frameworks/lean-canvas/canvas";

async function owner(name = "Canvas Owner") {
  const account = await registered(t, name);
  const startup = await setUpStartupProfile(account.client);
  return { ...account, startup };
}

describe("reading and saving a canvas", () => {
  it("starts empty at version 0, with every box of the framework", async () => {
    const { client, startup } = await owner();
    const res = await client.get(LEAN);
    expect(res.status).toBe(200);
    expect(res.body.framework).toMatchObject({ type: "lean-canvas", name: "Lean Canvas" });
    expect(res.body.canvas).toMatchObject({
      type: "lean-canvas",
      startup: { id: startup.id, name: "Acme" },
      version: 0,
      updated_at: null,
      updated_by: null,
    });
    expect(Object.keys(res.body.canvas.boxes)).toHaveLength(9);
    expect(Object.values(res.body.canvas.boxes).every((text) => text === "")).toBe(true);
  });

  it("saves each change as a new version, trims the text and says who saved it", async () => {
    const { client, id } = await owner("Stella Saver");
    const first = await client.put(LEAN, { boxes: { problem: "  Pickers walk too far.  ", customer_segments: "3PLs" } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ changed: true, message: "Canvas saved" });
    expect(first.body.canvas).toMatchObject({ version: 1, updated_by: { id, name: "Stella Saver" } });
    expect(first.body.canvas.boxes).toMatchObject({ problem: "Pickers walk too far.", customer_segments: "3PLs", solution: "" });

    // The form sends every box: one left out is saved empty.
    const second = await client.put(LEAN, { boxes: { problem: "Pickers walk too far.", solution: "Carts that follow pickers" } });
    expect(second.body.canvas).toMatchObject({ version: 2 });
    expect(second.body.canvas.boxes).toMatchObject({ customer_segments: "", solution: "Carts that follow pickers" });
    expect((await client.get(LEAN)).body.canvas.boxes.solution).toBe("Carts that follow pickers");
  });

  it("makes no new version when nothing changed (an autosave with the same text)", async () => {
    const { client } = await owner();
    await client.put(LEAN, { boxes: { problem: "A", solution: "B" } });
    const again = await client.put(LEAN, { boxes: { solution: "B ", problem: "A" } });
    expect(again.body).toMatchObject({ changed: false, message: "Nothing changed since the last save", canvas: { version: 1 } });
    expect((await client.get(`${LEAN}/versions`)).body.meta.total).toBe(1);
  });
});

describe("refused saves", () => {
  it("answers 422 with a clear message per field", async () => {
    const { client } = await owner();
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { boxes: ["The boxes field is required."] }],
      [{ boxes: "problem" }, { boxes: ["The boxes field must be an object of box texts."] }],
      [{ boxes: ["a"] }, { boxes: ["The boxes field must be an object of box texts."] }],
      [{ boxes: { problem: 42 } }, { "boxes.problem": ["The Problem box must be text."] }],
      [{ boxes: { problem: "x".repeat(4001) } }, { "boxes.problem": ["The Problem box must not be greater than 4000 characters."] }],
      [{ boxes: { strengths: "Not a Lean Canvas box" } }, { boxes: ['Lean Canvas has no box named "strengths".'] }],
      [{ boxes: { problem: "a\u0000b" } }, { "boxes.problem": ["The text contains characters that are not allowed."] }],
    ];
    for (const [body, errors] of cases) {
      const res = await client.put(LEAN, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect(res.body.errors, JSON.stringify(body).slice(0, 60)).toEqual(errors);
    }
    expect((await client.get(LEAN)).body.canvas.version).toBe(0);
  });

  it("answers 404 Framework not found for an unknown type, before reading the body", async () => {
    const { client } = await owner();
    for (const type of ["nope", "1", "Lean-Canvas"]) {
      expect(await client.put(`/api/v1/admin/frameworks/${type}/canvas`, { boxes: {} }), type).toMatchObject({
        status: 404,
        body: { message: "Framework not found" },
      });
      expect(await client.get(`/api/v1/admin/frameworks/${type}/canvas/versions`), type).toMatchObject({ status: 404 });
      expect(await client.get(`/api/v1/admin/frameworks/${type}/canvas/export`), type).toMatchObject({ status: 404 });
    }
  });
});

describe("versions and restore", () => {
  it("lists versions newest first, paged, with their text and who saved them", async () => {
    const { client, id } = await owner("Vera Versions");
    for (const text of ["one", "two", "three"]) await client.put(LEAN, { boxes: { problem: text } });
    const res = await client.get(`${LEAN}/versions?per_page=2`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((v: { version: number; boxes: { problem: string } }) => [v.version, v.boxes.problem])).toEqual([
      [3, "three"],
      [2, "two"],
    ]);
    expect(res.body.data[0].saved_by).toEqual({ id, name: "Vera Versions" });
    expect(res.body.meta).toMatchObject({ total: 3, last_page: 2, per_page: 2 });
    const second = await client.get(`${LEAN}/versions?per_page=2&page=2`);
    expect(second.body.data.map((v: { version: number }) => v.version)).toEqual([1]);
    // Each row carries a whole canvas, so a page holds at most 20.
    expect((await client.get(`${LEAN}/versions?per_page=500`)).body.meta.per_page).toBe(20);
  });

  it("refuses a save based on an older version with 409, so a waiting autosave cannot undo a restore", async () => {
    const { client } = await owner();
    expect((await client.put(LEAN, { boxes: { problem: "first" }, base_version: 0 })).body).toMatchObject({
      changed: true,
      canvas: { version: 1 },
    });
    await client.put(LEAN, { boxes: { problem: "second" }, base_version: 1 });
    await client.post(`${LEAN}/versions/1/restore`);
    const stale = await client.put(LEAN, { boxes: { problem: "typed before the restore" }, base_version: 2 });
    expect(stale).toMatchObject({ status: 409, body: { message: expect.stringContaining("now version 3") } });
    // Unchanged text on a stale base is refused too: the editor must learn the canvas moved.
    expect((await client.put(LEAN, { boxes: { problem: "first" }, base_version: 2 })).status).toBe(409);
    expect((await client.get(LEAN)).body.canvas).toMatchObject({ version: 3, boxes: { problem: "first" } });
    // The current base (also as form text) saves; no base at all keeps the old last-write-wins behaviour.
    expect((await client.put(LEAN, { boxes: { problem: "third" }, base_version: "3" })).body).toMatchObject({
      changed: true,
      canvas: { version: 4 },
    });
    expect((await client.put(LEAN, { boxes: { problem: "fourth" } })).body).toMatchObject({ changed: true, canvas: { version: 5 } });
    for (const base_version of ["-1", 2147483648, "2147483648", 1.5, "abc", true]) {
      expect(await client.put(LEAN, { boxes: { problem: "x" }, base_version }), String(base_version)).toMatchObject({
        status: 422,
        body: { errors: { base_version: [BASE_VERSION_INVALID] } },
      });
    }
  });

  it("restores an older version as a new version, keeping the history", async () => {
    const { client } = await owner();
    await client.put(LEAN, { boxes: { problem: "first idea", solution: "S1" } });
    await client.put(LEAN, { boxes: { problem: "second idea" } });
    const res = await client.post(`${LEAN}/versions/1/restore`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ changed: true, message: "Version 1 restored", canvas: { version: 3 } });
    expect(res.body.canvas.boxes).toMatchObject({ problem: "first idea", solution: "S1" });
    const versions = (await client.get(`${LEAN}/versions`)).body.data;
    expect(versions.map((v: { version: number; boxes: { problem: string } }) => [v.version, v.boxes.problem])).toEqual([
      [3, "first idea"],
      [2, "second idea"],
      [1, "first idea"],
    ]);
    // Restoring what is already current changes nothing.
    expect((await client.post(`${LEAN}/versions/3/restore`)).body).toMatchObject({ changed: false, canvas: { version: 3 } });
  });

  it("answers 404 Version not found for a version that does not exist or cannot be one", async () => {
    const { client } = await owner();
    await client.put(LEAN, { boxes: { problem: "x" } });
    for (const version of ["2", "0", "-1", "abc", "1.5", "99999999999"]) {
      expect(await client.post(`${LEAN}/versions/${version}/restore`), version).toMatchObject({
        status: 404,
        body: { message: "Version not found" },
      });
    }
    // Another framework's version 1 is not this one's.
    expect(await client.post("/api/v1/admin/frameworks/swot/canvas/versions/1/restore")).toMatchObject({
      status: 404,
      body: { message: "Version not found" },
    });
  });
});

describe("whose canvas it is", () => {
  it("never lets another startup read, list, restore or overwrite a canvas", async () => {
    const mine = await owner();
    const theirs = await owner();
    await mine.client.put(LEAN, { boxes: { problem: "Our secret plan" } });
    const other = await theirs.client.get(LEAN);
    expect(other.body.canvas).toMatchObject({ version: 0, startup: { id: theirs.startup.id } });
    expect(other.body.canvas.boxes.problem).toBe("");
    expect((await theirs.client.get(`${LEAN}/versions`)).body.meta.total).toBe(0);
    expect(await theirs.client.post(`${LEAN}/versions/1/restore`)).toMatchObject({ status: 404 });
    expect(await theirs.client.get(`${LEAN}/export`)).toMatchObject({ status: 200 });
    expect((await theirs.client.get(`${LEAN}/export`)).body).not.toContain("Our secret plan");
    // Their save makes their own canvas; ours is untouched.
    await theirs.client.put(LEAN, { boxes: { problem: "Theirs" } });
    expect((await mine.client.get(LEAN)).body.canvas).toMatchObject({ version: 1, boxes: { problem: "Our secret plan" } });
  });

  it("shares one canvas between the users of a startup", async () => {
    const first = await owner();
    const teammate = await registered(t, "Teammate");
    await joinOrganization(t, teammate.id, first.startup.id);
    await grantRole(t, teammate.id, "startup");
    await first.client.put(LEAN, { boxes: { problem: "Shared" } });
    expect((await teammate.client.get(LEAN)).body.canvas.boxes.problem).toBe("Shared");
  });

  it("gives a co-founder on a team that startup's canvas", async () => {
    const team = await owner();
    const person = await coFounder(t);
    const profileId = (await userRow(t, person.id)).coFounderId!;
    await t.database.db
      .insert(teamMembers)
      .values({ startupId: team.startup.id, coFounderId: profileId, name: "Ada", title: "CTO", role: "Technical" });
    await team.client.put(LEAN, { boxes: { problem: "From the owner" } });
    const res = await person.client.put(LEAN, { boxes: { problem: "From the owner", solution: "From the co-founder" } });
    expect(res.body.canvas).toMatchObject({ version: 2, startup: { id: team.startup.id }, updated_by: { id: person.id } });
    const [version] = await t.database.db.select().from(frameworkVersions).where(eq(frameworkVersions.savedByUserId, person.id));
    expect(version.boxes).toMatchObject({ solution: "From the co-founder" });
  });

  it("refuses canvases to a co-founder on no team, saying why", async () => {
    const { client } = await coFounder(t);
    const expected = { status: 403, body: { message: expect.stringMatching(/^Canvases are saved for a startup or organization/) } };
    expect(await client.get(LEAN)).toMatchObject(expected);
    expect(await client.put(LEAN, { boxes: { problem: "x" } })).toMatchObject(expected);
    expect(await client.get(`${LEAN}/versions`)).toMatchObject(expected);
    expect(await client.get(`${LEAN}/export`)).toMatchObject(expected);
  });
});

describe("the Markdown export", () => {
  it("downloads the canvas as a Markdown file, a section per box, the founder's text inert", async () => {
    const { client } = await owner();
    await client.put(LEAN, {
      boxes: { problem: "# Not a heading\n- not a list\nSmall *warehouses*", unique_value_proposition: "Twice the picks" },
    });
    const res = await client.get(`${LEAN}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="acme-lean-canvas.md"');
    const text: string = res.body;
    expect(text.startsWith("# Lean Canvas: Acme\n\nVersion 1, saved ")).toBe(true);
    expect(text).toContain("## Problem\n\n\\# Not a heading  \n\\- not a list  \nSmall \\*warehouses\\*\n");
    expect(text).toContain("## Unique value proposition\n\nTwice the picks\n");
    expect(text).toContain("## Unfair advantage\n\n_Empty_\n");
    const headings = text.split("\n").filter((line) => line.startsWith("## "));
    expect(headings).toHaveLength(9);
  });

  it("exports an unsaved canvas too", async () => {
    const { client } = await owner();
    const res = await client.get("/api/v1/admin/frameworks/swot/canvas/export");
    expect(res.body).toContain("Not saved yet.");
    expect(res.body).toContain("## Threats\n\n_Empty_");
  });
});

describe("the demo seed", () => {
  it("gives Acme Robotics a Lean Canvas with a draft to restore", async () => {
    const stella = await registeredAs(t, "Stella Startup", "startup@launchpad.test");
    await setUpStartupProfile(stella.client, "acme-robotics");
    await seedCanvases(t.database.db);
    const canvas = (await stella.client.get(LEAN)).body.canvas;
    expect(canvas).toMatchObject({ version: 2, updated_by: { id: stella.id } });
    expect(Object.values(canvas.boxes).every(Boolean)).toBe(true);
    const versions = (await stella.client.get(`${LEAN}/versions`)).body.data;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(versions[1].boxes.unfair_advantage).toBe("");
  });
});
