import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FRAMEWORKS } from "#schemas/frameworks/index.ts";
import { coFounder, registered, setUpStartupProfile } from "#api/testing/fixtures.ts";
import { createTestApi, expectEveryCallRefused, type Call, type TestApi } from "#api/testing/harness.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const BASE = "/api/v1/admin/frameworks";
const LEAN = `${BASE}/lean-canvas/canvas`;

/** Every resource center call, each one valid for a caller who may use it. */
const EVERY_CALL: Call[] = [
  ["GET", "/api/v1/admin/guides"],
  ["GET", "/api/v1/admin/guides/raising-your-pre-seed-round"],
  ["GET", BASE],
  ["GET", `${BASE}/lean-canvas`],
  ["GET", LEAN],
  ["PUT", LEAN, { boxes: { problem: "x" } }],
  ["GET", `${LEAN}/versions`],
  ["POST", `${LEAN}/versions/1/restore`],
  ["GET", `${LEAN}/export`],
];

describe("who may use the resource center", () => {
  it("answers 401 without a login", async () => {
    await expectEveryCallRefused(t.client(), EVERY_CALL, 401, { message: "Unauthenticated." });
  });

  it("answers 403 Access Forbidden without the resource center read permission", async () => {
    // A registered user who has not set up a profile holds no role, so no permission.
    const { client } = await registered(t, "No Role");
    await expectEveryCallRefused(client, EVERY_CALL, 403, { message: "Access Forbidden" });
  });

  it("checks the permission before the framework: an unknown type is 403 without it, 404 with it", async () => {
    const { client } = await registered(t, "No Role");
    expect(await client.get(`${BASE}/no-such-framework`)).toMatchObject({ status: 403, body: { message: "Access Forbidden" } });
    const owner = await registered(t, "Owner");
    await setUpStartupProfile(owner.client);
    expect(await owner.client.get(`${BASE}/no-such-framework`)).toMatchObject({ status: 404, body: { message: "Framework not found" } });
  });
});

describe("the catalogue", () => {
  it("lists the eight frameworks in order, with the caller's startup and no canvas yet", async () => {
    const owner = await registered(t, "Owner");
    const startup = await setUpStartupProfile(owner.client);
    const res = await owner.client.get(BASE);
    expect(res.status).toBe(200);
    expect(res.body.data.map((f: { name: string }) => f.name)).toEqual([
      "Lean Canvas",
      "Business Model Canvas",
      "SWOT analysis",
      "Value Proposition Canvas",
      "Pitch deck outline",
      "OKRs",
      "Customer persona",
      "Competitive analysis",
    ]);
    expect(res.body.data[0]).toMatchObject({ type: "lean-canvas", box_count: 9, canvas: null });
    expect(res.body.startup).toEqual({ id: startup.id, name: "Acme" });
  });

  it("shows the version of each framework the startup saved", async () => {
    const owner = await registered(t, "Owner");
    await setUpStartupProfile(owner.client);
    await owner.client.put(`${BASE}/swot/canvas`, { boxes: { strengths: "A" } });
    await owner.client.put(`${BASE}/swot/canvas`, { boxes: { strengths: "B" } });
    const swot = (await owner.client.get(BASE)).body.data.find((f: { type: string }) => f.type === "swot");
    expect(swot.canvas).toMatchObject({ version: 2 });
    expect(Date.parse(swot.canvas.updated_at)).not.toBeNaN();
  });

  it("is open to a co-founder with no startup, who has no canvases (startup null)", async () => {
    const { client } = await coFounder(t);
    const res = await client.get(BASE);
    expect(res.status).toBe(200);
    expect(res.body.startup).toBeNull();
    expect(res.body.data.every((f: { canvas: unknown }) => f.canvas === null)).toBe(true);
  });

  it("answers one framework's whole definition", async () => {
    const { client } = await coFounder(t);
    const res = await client.get(`${BASE}/value-proposition-canvas`);
    expect(res.status).toBe(200);
    expect(res.body.framework).toMatchObject({
      type: "value-proposition-canvas",
      name: "Value Proposition Canvas",
      layout: { columns: 4 },
    });
    expect(res.body.framework.when_to_use).toMatch(/\w/);
    expect(res.body.framework.boxes.map((b: { id: string }) => b.id)).toEqual([
      "products_and_services",
      "gain_creators",
      "pain_relievers",
      "gains",
      "pains",
      "customer_jobs",
    ]);
  });

  it("answers 404 Framework not found for any type it does not define", async () => {
    const { client } = await coFounder(t);
    for (const type of ["lean", "LEAN-CANVAS", "constructor", "__proto__", "1", "lean-canvas.md"]) {
      expect(await client.get(`${BASE}/${type}`), type).toMatchObject({ status: 404, body: { message: "Framework not found" } });
    }
  });
});

describe("the definitions", () => {
  it.each(FRAMEWORKS.map((f) => [f.name, f] as const))(
    "%s: every box has a title, hint and example, and sits in one rectangle of the grid",
    (_name, framework) => {
      const ids = framework.boxes.map((box) => box.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const box of framework.boxes) {
        expect(box.id).toMatch(/^[a-z][a-z0-9_]*$/);
        expect(box.title.length).toBeGreaterThan(2);
        expect(box.hint.length).toBeGreaterThan(30);
        expect(box.example.length).toBeGreaterThan(20);
      }
      const grid = framework.layout.rows.map((row) => row.split(" "));
      for (const row of grid) expect(row).toHaveLength(framework.layout.columns);
      const used = new Set(grid.flat());
      expect([...used].sort()).toEqual([...ids].sort());
      for (const id of ids) {
        // A rectangle: the cells it covers are exactly its bounding box.
        const cells = grid.flatMap((row, r) => row.map((cell, c) => (cell === id ? [r, c] : null)).filter((cell) => cell !== null));
        const rows = cells.map(([r]) => r);
        const columns = cells.map(([, c]) => c);
        const area = (Math.max(...rows) - Math.min(...rows) + 1) * (Math.max(...columns) - Math.min(...columns) + 1);
        expect(cells.length, `${framework.type}: ${id}`).toBe(area);
      }
    },
  );
});
