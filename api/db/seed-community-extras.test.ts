import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listFavorites } from "../modules/favorites/service.ts";
import { listStartupDetails } from "../modules/startup-details/service.ts";
import type { Database } from "./client.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { startups, users } from "./schema.ts";
import { seedDemoData } from "./seed.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoData(database.db);
});
afterAll(() => database.close());

const QUERY = { page: 1, per_page: 50, sort_order: "asc" as const };

describe("seedCommunityExtras", () => {
  it("leaves Acme Robotics' details partly done: Basics and Product complete, the meter in between", async () => {
    const [acme] = await database.db.select({ id: startups.id }).from(startups).where(eq(startups.username, "acme-robotics"));
    const { data, completeness } = await listStartupDetails(database.db, acme.id);
    const byName = new Map(data.map((c) => [c.name, c]));
    expect(byName.get("Basics")?.completion).toBe(100);
    expect(byName.get("Product")?.completion).toBe(100);
    expect(byName.get("Team")?.completion).toBeGreaterThan(0);
    expect(byName.get("Team")?.completion).toBeLessThan(100);
    expect(byName.get("Legal")?.completion).toBe(0);
    expect(completeness).toBeGreaterThan(20);
    expect(completeness).toBeLessThan(100);
  });

  it("gives startup@ and cofounder@ favorites of several kinds, every one resolving to a target", async () => {
    for (const email of ["startup@launchpad.test", "cofounder@launchpad.test"]) {
      const [user] = await database.db.select({ id: users.id, startupId: users.startupId }).from(users).where(eq(users.email, email));
      const caller = { ...user, organizationRole: user.startupId ? ("owner" as const) : null, formScope: null };
      const { total, counts, data } = await listFavorites(database.db, caller, undefined, QUERY);
      expect(total, email).toBeGreaterThanOrEqual(4);
      expect(data).toHaveLength(total);
      expect(Object.values(counts).filter((n) => n > 0).length, email).toBeGreaterThanOrEqual(3);
    }
  });
});
