import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./client.ts";
import { collections, eventApplications, eventForms, users } from "./schema.ts";
import { DEMO_ACCOUNTS, seedDemoData } from "./seed.ts";

let database: Database;
beforeAll(async () => {
  database = await openDatabase({});
  await database.migrate();
});
afterAll(() => database.close());

describe("seedDemoData", () => {
  it("fills an empty database with every demo account and data for the event screens, once", async () => {
    expect(await seedDemoData(database.db)).toBe(true);
    const emails = (await database.db.select({ email: users.email }).from(users)).map((u) => u.email);
    for (const account of DEMO_ACCOUNTS) expect(emails).toContain(account.email);
    const [{ n: collectionCount }] = await database.db.select({ n: count() }).from(collections);
    const [{ n: published }] = await database.db.select({ n: count() }).from(eventForms).where(eq(eventForms.status, "published"));
    const statuses = (await database.db.select({ status: eventApplications.status }).from(eventApplications)).map((a) => a.status);
    expect(collectionCount).toBe(3);
    expect(published).toBe(3);
    expect(new Set(statuses)).toEqual(new Set(["pending", "shortlisted", "accepted", "waitlisted", "rejected"]));
    const forms = await database.db.select({ startsAt: eventForms.startsAt }).from(eventForms);
    for (const form of forms) expect(form.startsAt.getTime()).toBeGreaterThan(Date.now());

    expect(await seedDemoData(database.db)).toBe(false);
    const [{ n: after }] = await database.db.select({ n: count() }).from(collections);
    expect(after).toBe(3);
  });
});
