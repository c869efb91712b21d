import { and, count, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sniffImageType } from "../modules/files/service.ts";
import type { Database } from "./client.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { follows } from "./community-schema.ts";
import { coFounders, files, startups } from "./schema.ts";
import { seedDemoData } from "./seed.ts";
import { initials } from "./seed-logos.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoData(database.db);
});
afterAll(() => database.close());

describe("seedStartups", () => {
  it("fills the directory with 30+ startups and organizations of varied industries, stages and places, each with a PNG logo", async () => {
    const db = database.db;
    const rows = await db.select().from(startups);
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(rows.filter((s) => s.accountType === "organization").length).toBeGreaterThanOrEqual(5);
    expect(new Set(rows.map((s) => s.industry)).size).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.map((s) => s.stage)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(rows.map((s) => s.country)).size).toBeGreaterThanOrEqual(10);
    expect(await db.select({ id: startups.id }).from(startups).where(isNull(startups.logoFileId))).toEqual([]);
    const logos = await db
      .select({ data: files.data, type: files.contentType })
      .from(files)
      .innerJoin(startups, eq(startups.logoFileId, files.id));
    for (const logo of logos) {
      expect(logo.type).toBe("image/png");
      expect(sniffImageType(new Uint8Array(logo.data!))).toBe("image/png");
    }
  });

  it("keeps every followers_count equal to its follow rows, and gives Acme Robotics several followers", async () => {
    const db = database.db;
    const startupsOff = await db
      .select({ id: startups.id })
      .from(startups)
      .where(
        sql`${startups.followersCount} <> (select count(*) from follows f where f.followee_type = startups.account_type and f.followee_id = startups.id)`,
      );
    const peopleOff = await db
      .select({ id: coFounders.id })
      .from(coFounders)
      .where(
        sql`${coFounders.followersCount} <> (select count(*) from follows f where f.followee_type = 'co_founder' and f.followee_id = co_founders.id)`,
      );
    expect([...startupsOff, ...peopleOff]).toEqual([]);
    const [{ n: personFollows }] = await db.select({ n: count() }).from(follows).where(eq(follows.followeeType, "co_founder"));
    expect(personFollows).toBeGreaterThan(0);
    const [acme] = await db.select().from(startups).where(eq(startups.username, "acme-robotics"));
    expect(acme.followersCount).toBeGreaterThanOrEqual(5);
    const [{ n: self }] = await db
      .select({ n: count() })
      .from(follows)
      .where(and(sql`${follows.followerType} = ${follows.followeeType}`, sql`${follows.followerId} = ${follows.followeeId}`));
    expect(self).toBe(0);
  });

  it("takes initials from the first two words", () => {
    expect(initials("Acme Robotics")).toBe("AR");
    expect(initials("Ledgerly")).toBe("LE");
    expect(initials("São Paulo 9")).toBe("SP");
  });
});
