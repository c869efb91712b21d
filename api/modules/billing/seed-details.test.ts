import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingSchema } from "#schemas/billing.ts";
import type { Database } from "#api/db/client.ts";
import { openTestDatabase } from "#api/testing/test-database.ts";
import { eventBillings } from "#api/db/billing-schema.ts";
import { seedDemoData } from "#api/db/seed.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("the demo seed's billings", () => {
  // The seed writes rows directly; a demo payer who edits a pending billing resubmits them through the schema.
  it("pass the billing form as they stand, phone numbers included", async () => {
    await seedDemoData(database.db);
    const billings = await database.db.select().from(eventBillings);
    expect(billings.length).toBeGreaterThan(0);
    for (const b of billings) {
      const result = billingSchema.safeParse({
        event_form_id: b.eventFormId,
        name: b.name,
        email: b.email,
        phone: b.phone,
        address: b.address,
        country: b.country,
        city: b.city,
      });
      expect(result.error?.issues ?? [], b.phone).toEqual([]);
    }
  });
});
