import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CANVAS_AUTOSAVE_FOLD_MINUTES, MAX_CANVAS_VERSIONS, type CanvasVersionView } from "#schemas/resources.ts";
import { teamMembers } from "#api/db/community-schema.ts";
import { frameworkCanvases, frameworkVersions } from "#api/db/tools-schema.ts";
import { coFounder, registered, setUpStartupProfile, userRow } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi, type TestClient } from "#api/testing/harness.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const LEAN = "/api/v1/admin/frameworks/lean-canvas/canvas";

async function owner() {
  const account = await registered(t, "Version Keeper");
  const startup = await setUpStartupProfile(account.client);
  return { ...account, startup };
}

const save = (client: TestClient, problem: string, autosave: boolean) => client.put(LEAN, { boxes: { problem }, autosave });

/** Every version row of the startup's Lean Canvas, newest first. */
async function versionRows(startupId: number) {
  return t.database.db
    .select({
      version: frameworkVersions.version,
      kept: frameworkVersions.kept,
      problem: sql<string>`${frameworkVersions.boxes}->>'problem'`,
    })
    .from(frameworkVersions)
    .innerJoin(frameworkCanvases, eq(frameworkCanvases.id, frameworkVersions.canvasId))
    .where(eq(frameworkCanvases.startupId, startupId))
    .orderBy(sql`${frameworkVersions.version} desc`);
}

/** Moves every version of the startup's canvases back in time, as if that much had passed since they were started. */
async function age(startupId: number, minutes: number) {
  await t.database.db.execute(
    sql`update framework_versions set created_at = created_at - make_interval(mins => ${minutes})
      where canvas_id in (select id from framework_canvases where startup_id = ${startupId})`,
  );
}

describe("autosaves fold into one version", () => {
  it(`keeps one version for 40 autosaves sent at once, numbered as the canvas`, async () => {
    const { client, startup } = await owner();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => save(client, `draft ${i}`, true)));
    expect(answers.map((res) => res.status)).toEqual(Array(40).fill(200));
    const canvas = (await client.get(LEAN)).body.canvas;
    expect(canvas.version).toBe(40);
    const rows = await versionRows(startup.id);
    expect(rows).toEqual([{ version: 40, kept: false, problem: canvas.boxes.problem }]);
    const listed = (await client.get(`${LEAN}/versions`)).body;
    expect(listed.meta.total).toBe(1);
    expect(listed.data[0]).toMatchObject({ version: 40, kept: false });
  });

  it(`starts a new version once the newest is ${CANVAS_AUTOSAVE_FOLD_MINUTES} minutes old, after a kept save, and for another person`, async () => {
    const { client, startup } = await owner();
    await save(client, "one", true);
    await save(client, "one, more", true);
    expect((await versionRows(startup.id)).map((row) => row.version)).toEqual([2]);
    await age(startup.id, CANVAS_AUTOSAVE_FOLD_MINUTES + 1);
    await save(client, "two", true);
    expect((await versionRows(startup.id)).map((row) => [row.version, row.problem])).toEqual([
      [3, "two"],
      [2, "one, more"],
    ]);
    // The Save button's save is kept: the next autosave starts a version of its own rather than folding into it.
    await save(client, "saved by hand", false);
    await save(client, "typing on", true);
    // A teammate's autosave never folds into someone else's version.
    const person = await coFounder(t);
    const profileId = (await userRow(t, person.id)).coFounderId!;
    await t.database.db
      .insert(teamMembers)
      .values({ startupId: startup.id, coFounderId: profileId, name: "Ada", title: "CTO", role: "Technical" });
    await save(person.client, "the teammate's", true);
    // A restore is kept too.
    await client.post(`${LEAN}/versions/2/restore`);
    expect((await versionRows(startup.id)).map((row) => [row.version, row.kept, row.problem])).toEqual([
      [7, true, "one, more"],
      [6, false, "the teammate's"],
      [5, false, "typing on"],
      [4, true, "saved by hand"],
      [3, false, "two"],
      [2, false, "one, more"],
    ]);
  });

  it("takes autosave as form text and refuses what is not a yes or no", async () => {
    const { client } = await owner();
    expect((await client.put(LEAN, { boxes: { problem: "x" }, autosave: "1" })).status).toBe(200);
    expect(await client.put(LEAN, { boxes: { problem: "y" }, autosave: "sometimes" })).toMatchObject({
      status: 422,
      body: { errors: { autosave: [expect.any(String)] } },
    });
  });
});

describe(`a canvas keeps at most ${MAX_CANVAS_VERSIONS} versions`, () => {
  it(`keeps the newest ${MAX_CANVAS_VERSIONS} of 60 kept saves sent at once`, async () => {
    const { client, startup } = await owner();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => save(client, `kept ${i}`, false)));
    expect(answers.map((res) => res.status)).toEqual(Array(60).fill(200));
    const rows = await versionRows(startup.id);
    expect(rows).toHaveLength(MAX_CANVAS_VERSIONS);
    expect(rows.map((row) => row.version)).toEqual(Array.from({ length: MAX_CANVAS_VERSIONS }, (_, i) => 60 - i));
  });

  it("drops the oldest autosaved versions before any kept one, and never the newest", async () => {
    const { client, startup } = await owner();
    for (let i = 1; i <= 5; i++) await save(client, `kept ${i}`, false);
    // Each autosave in a window of its own, so none folds.
    for (let i = 1; i <= MAX_CANVAS_VERSIONS; i++) {
      await age(startup.id, CANVAS_AUTOSAVE_FOLD_MINUTES + 1);
      await save(client, `auto ${i}`, true);
    }
    const rows = await versionRows(startup.id);
    expect(rows).toHaveLength(MAX_CANVAS_VERSIONS);
    expect(rows.filter((row) => row.kept).map((row) => row.problem)).toEqual(["kept 5", "kept 4", "kept 3", "kept 2", "kept 1"]);
    const autosaves = rows.filter((row) => !row.kept).map((row) => row.problem);
    expect(autosaves).toHaveLength(MAX_CANVAS_VERSIONS - 5);
    expect(autosaves[0]).toBe(`auto ${MAX_CANVAS_VERSIONS}`);
    expect(autosaves.at(-1)).toBe("auto 6");
    const listed = (await client.get(`${LEAN}/versions?per_page=1`)).body as { data: CanvasVersionView[]; meta: { total: number } };
    expect(listed.meta.total).toBe(MAX_CANVAS_VERSIONS);
    expect(listed.data[0]).toMatchObject({ version: 5 + MAX_CANVAS_VERSIONS, kept: false });
  });
});
