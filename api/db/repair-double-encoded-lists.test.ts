/**
 * The data migration that repairs lists kept as the pieces of their JSON text (repair_double_encoded_lists):
 * run again on rows stored that way, on good rows, and a second time.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coFounderWith, startupOwner } from "../testing/co-founder-fixtures.ts";
import { createTestApi, type TestApi } from "../testing/harness.ts";
import { coFounders, startups } from "./schema.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const MIGRATIONS = join(import.meta.dirname, "migrations");
const file = readdirSync(MIGRATIONS).find((name) => name.endsWith("_repair_double_encoded_lists.sql"))!;
const statements = readFileSync(join(MIGRATIONS, file), "utf8").split("--> statement-breakpoint");

async function runMigration() {
  for (const statement of statements) await t.database.db.execute(sql.raw(statement));
}

const wantedSkills = async (id: number) =>
  (await t.database.db.select({ keys: startups.wantedSkillKeys }).from(startups).where(eq(startups.id, id)))[0].keys;
const skillsOf = async (id: number) =>
  (await t.database.db.select({ skills: coFounders.skills, keys: coFounders.skillKeys }).from(coFounders).where(eq(coFounders.id, id)))[0];

describe("repairing lists stored as the pieces of their JSON text", () => {
  it("puts garbled skills back, leaves good rows alone, changes nothing the second time, and rescores matches", async () => {
    const garbled = await startupOwner(t, { wanted_skills: "placeholder" });
    const single = await startupOwner(t);
    const empty = await startupOwner(t);
    const good = await startupOwner(t, { wanted_skills: "Robotics, TypeScript" });
    const bracketed = await startupOwner(t, { wanted_skills: "[beta], c++" });
    const db = t.database.db;
    // As the API kept them: the panel's JSON text split at its commas, each piece trimmed and lower-cased.
    await db
      .update(startups)
      .set({ wantedSkillKeys: ['["robotics"', '"typescript"', '"supply chain"]'] })
      .where(eq(startups.id, garbled.startup.id));
    await db
      .update(startups)
      .set({ wantedSkillKeys: ['["embedded c"]'] })
      .where(eq(startups.id, single.startup.id));
    await db
      .update(startups)
      .set({ wantedSkillKeys: ["[]"] })
      .where(eq(startups.id, empty.startup.id));
    const person = await coFounderWith(t, { name: "Tess", skills: "TypeScript, Go" });
    const messy = await coFounderWith(t, { name: "Mo", skills: "placeholder" });
    await db
      .update(coFounders)
      .set({ skills: ['["Figma"', '"User research"]'], skillKeys: ['["figma"', '"user research"]'] })
      .where(eq(coFounders.id, messy.profile.id));
    // The startup's match rows exist before the repair, scored on the garbled wants.
    const before = await garbled.client.get("/api/v1/admin/co_founders/find?sort_by=score&per_page=100");
    expect(before.body.data.find((c: { id: number }) => c.id === person.profile.id).match.shared_skills).toEqual([]);

    await runMigration();

    expect(await wantedSkills(garbled.startup.id)).toEqual(["robotics", "typescript", "supply chain"]);
    expect(await wantedSkills(single.startup.id)).toEqual(["embedded c"]);
    expect(await wantedSkills(empty.startup.id)).toEqual([]);
    expect(await wantedSkills(good.startup.id)).toEqual(["robotics", "typescript"]);
    expect(await wantedSkills(bracketed.startup.id)).toEqual(["[beta]", "c++"]);
    expect(await skillsOf(messy.profile.id)).toEqual({ skills: ["Figma", "User research"], keys: ["figma", "user research"] });
    expect(await skillsOf(person.profile.id)).toEqual({ skills: ["TypeScript", "Go"], keys: ["typescript", "go"] });
    const after = await garbled.client.get("/api/v1/admin/co_founders/find?sort_by=score&per_page=100");
    expect(after.body.data.find((c: { id: number }) => c.id === person.profile.id).match.shared_skills).toEqual(["TypeScript"]);

    const snapshot = await db.select({ id: startups.id, keys: startups.wantedSkillKeys, updated: startups.updatedAt }).from(startups);
    const people = await db.select({ id: coFounders.id, skills: coFounders.skills, keys: coFounders.skillKeys }).from(coFounders);
    await runMigration();
    expect(await db.select({ id: startups.id, keys: startups.wantedSkillKeys, updated: startups.updatedAt }).from(startups)).toEqual(
      snapshot,
    );
    expect(await db.select({ id: coFounders.id, skills: coFounders.skills, keys: coFounders.skillKeys }).from(coFounders)).toEqual(people);
  });
});
