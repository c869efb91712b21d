/**
 * The data migration that puts names, titles and subjects saved before line breaks were refused on one line
 * (header_text_on_one_line): a value with breaks loses them, a good value is left as it is.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEventForm, ownerWithCollection } from "../testing/event-fixtures.ts";
import { registered } from "../testing/fixtures.ts";
import { createTestApi, type TestApi } from "../testing/harness.ts";
import { eventForms } from "./events-schema.ts";
import { startups, users } from "./schema.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const MIGRATIONS = join(import.meta.dirname, "migrations");
const file = readdirSync(MIGRATIONS).find((name) => name.endsWith("_header_text_on_one_line.sql"))!;
const statements = readFileSync(join(MIGRATIONS, file), "utf8").split("--> statement-breakpoint");

async function runMigration() {
  for (const statement of statements) await t.database.db.execute(sql.raw(statement));
}

describe("names, titles and subjects saved with a line break", () => {
  it("are put on one line, and good values are left alone", async () => {
    const db = t.database.db;
    const owner = await ownerWithCollection(t);
    const form = await createEventForm(owner.client, owner.collection.id, { title: "Demo day" });
    const good = await registered(t, "Ada Lovelace");
    await db.update(users).set({ name: "Ada\r\n Bcc: x@example.com" }).where(eq(users.id, owner.id));
    await db.update(startups).set({ name: "Acme\u2028Labs\n" }).where(eq(startups.id, owner.startup.id));
    await db.update(eventForms).set({ title: "Demo\n\nday" }).where(eq(eventForms.id, form.id));

    await runMigration();

    const name = async (id: number) => (await db.select({ name: users.name }).from(users).where(eq(users.id, id)))[0].name;
    expect(await name(owner.id)).toBe("Ada  Bcc: x@example.com");
    expect(await name(good.id)).toBe("Ada Lovelace");
    const [startup] = await db.select({ name: startups.name }).from(startups).where(eq(startups.id, owner.startup.id));
    expect(startup.name).toBe("Acme Labs");
    const [event] = await db.select({ title: eventForms.title }).from(eventForms).where(eq(eventForms.id, form.id));
    expect(event.title).toBe("Demo day");
  });
});
