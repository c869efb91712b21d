/**
 * Upgrading a data directory written by the release before organizations had members: every account that
 * acted for a startup becomes a member of it, its recorded owner (or, without one, its oldest account) as
 * owner and anyone else as admin, and the upgraded directory then serves them through the app's own opening.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";

const MIGRATIONS = join(import.meta.dirname, "migrations");
const scratch = mkdtempSync(join(tmpdir(), "launchpad-members-migration-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The migrations as the release before members shipped them: the journal cut before this one. */
function previousRelease(): string {
  const folder = join(scratch, "previous-migrations");
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag.endsWith("_organization_members"));
  expect(cut).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return folder;
}

async function writeOldDataDirectory(dataDir: string) {
  const engine = new PGlite(dataDir);
  await migrate(drizzle(engine), { migrationsFolder: previousRelease() });
  await engine.exec(`
    insert into users (id, name, email, password_hash) values
      (1, 'Ada', 'ada@example.test', 'x'), (2, 'Grace', 'grace@example.test', 'x'),
      (3, 'Linus', 'linus@example.test', 'x'), (4, 'Hedy', 'hedy@example.test', 'x');
    insert into startups (id, owner_user_id, account_type, name, username, country, city_name, description, industry) values
      (1, 1, 'startup', 'Acme', 'acme', 'GB', 'London', 'A startup', 'Fintech'),
      (2, null, 'organization', 'Hub', 'hub', 'NG', 'Lagos', 'A hub', 'Education');
    update users set startup_id = 1 where id in (1, 2);
    update users set startup_id = 2 where id = 4;`);
  await engine.close();
}

describe("a data directory from the release before members", () => {
  it("gives every startup its accounts as members, one owner each, and keeps serving them", async () => {
    const dataDir = join(scratch, "data");
    await writeOldDataDirectory(dataDir);

    const database = await openDatabase({ dataDir });
    try {
      await database.migrate();
      const members = (await database.db.execute(
        sql`select organization_id, user_id, role from organization_members order by organization_id, user_id`,
      )) as unknown as { rows: { organization_id: number; user_id: number; role: string }[] };
      expect(members.rows).toEqual([
        { organization_id: 1, user_id: 1, role: "owner" },
        { organization_id: 1, user_id: 2, role: "admin" },
        { organization_id: 2, user_id: 4, role: "owner" },
      ]);
      // The database itself keeps one owner per organization.
      await expect(database.db.execute(sql`update organization_members set role = 'owner' where user_id = 2`)).rejects.toThrow();
      // The record of what happened takes entries and refuses to change them.
      await database.db.execute(
        sql`insert into activities (organization_id, kind, subject_type, subject_label) values (1, 'member.joined', 'member', 'Grace')`,
      );
      const refusal = (query: Promise<unknown>) =>
        query.then(
          () => "done",
          (error: Error & { cause?: Error }) => (error.cause ?? error).message,
        );
      expect(await refusal(database.db.execute(sql`update activities set subject_label = 'Mallory'`))).toMatch(/append-only/);
      expect(await refusal(database.db.execute(sql`delete from activities`))).toMatch(/append-only/);
    } finally {
      await database.close();
    }
    // Two engines started and every migration run from nothing: the slowest start a test here makes.
  }, 180_000);
});
