import { and, asc, count, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./client.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { users } from "./schema.ts";
import { collections, eventApplications, eventForms } from "./events-schema.ts";
import { billingStatusChanges, couponCodes, eventBillings, payments, sandboxPayments } from "./billing-schema.ts";
import { DEMO_ACCOUNTS, seedDemoData } from "./seed.ts";
import { checkCity } from "../modules/places/check-city.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("seedDemoData", () => {
  it("fills an empty database with every demo account and data for the event screens, once", async () => {
    expect(await seedDemoData(database.db)).toBe(true);
    const emails = (await database.db.select({ email: users.email }).from(users)).map((u) => u.email);
    for (const account of DEMO_ACCOUNTS) expect(emails).toContain(account.email);
    // Demo accounts are verified: nothing is held back from them when verified addresses are required.
    expect(await database.db.select({ email: users.email }).from(users).where(isNull(users.emailVerifiedAt))).toEqual([]);
    const [{ n: collectionCount }] = await database.db.select({ n: count() }).from(collections);
    const [{ n: published }] = await database.db.select({ n: count() }).from(eventForms).where(eq(eventForms.status, "published"));
    const statuses = (await database.db.select({ status: eventApplications.status }).from(eventApplications)).map((a) => a.status);
    expect(collectionCount).toBe(3);
    expect(published).toBe(3);
    expect(new Set(statuses)).toEqual(new Set(["pending", "shortlisted", "accepted", "waitlisted", "rejected"]));
    const forms = await database.db
      .select({ startsAt: eventForms.startsAt, nature: eventForms.nature, country: eventForms.venueCountry, city: eventForms.venueCity })
      .from(eventForms);
    for (const form of forms) expect(form.startsAt.getTime()).toBeGreaterThan(Date.now());
    // Every in-person or hybrid demo event is placed in a city of the list (its page shows that city's weather).
    for (const form of forms.filter((f) => f.nature !== "online"))
      expect(checkCity(form.country!, form.city!)).toMatchObject({ ok: true, city: { name: form.city } });

    expect(await seedDemoData(database.db)).toBe(false);
    const [{ n: after }] = await database.db.select({ n: count() }).from(collections);
    expect(after).toBe(3);
    const [{ n: billingsAfter }] = await database.db.select({ n: count() }).from(eventBillings);
    expect(billingsAfter).toBe(3);
  });

  it("gives every submitted demo application its ticket, and every demo event a cover", async () => {
    const db = database.db;
    const applications = await db.select({ code: eventApplications.ticketCode, status: eventApplications.status }).from(eventApplications);
    expect(applications.length).toBeGreaterThan(0);
    for (const application of applications) expect(application.code, application.status).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(await db.select({ id: eventForms.id }).from(eventForms).where(isNull(eventForms.bannerFileId))).toEqual([]);
  });

  it("gives the paid workshop coupons and billings in every outcome, with consistent counts and history", async () => {
    const db = database.db;
    const [workshop] = await db.select().from(eventForms).where(eq(eventForms.title, "Hardware Go-to-Market Workshop"));
    expect(workshop).toMatchObject({ typeOfEvent: "paid", status: "published" });
    const coupons = await db.select().from(couponCodes).orderBy(asc(couponCodes.code));
    expect(coupons.map((c) => [c.code, c.discountType, Number(c.value), c.eventFormId, c.maxUses, c.startupId])).toEqual([
      ["EARLYBIRD", "percentage", 20, workshop.id, 50, workshop.startupId],
      ["FOUNDERS100", "percentage", 100, null, 5, workshop.startupId],
    ]);

    const billings = await db
      .select({ billing: eventBillings, email: users.email, coFounderId: users.coFounderId })
      .from(eventBillings)
      .innerJoin(users, eq(users.id, eventBillings.userId))
      .where(eq(eventBillings.eventFormId, workshop.id));
    expect(billings.map((b) => b.billing.paymentStatus).sort()).toEqual(["Failed", "Pending", "Successful"]);
    for (const { billing, coFounderId } of billings) {
      expect(coFounderId, "billed by a co-founder").not.toBeNull();
      expect(billing).toMatchObject({ amount: "25.00", currency: "USD", provider: "sandbox" });
      expect(billing.connectPayId).toMatch(/^sbx_[0-9a-f]{32}$/);
      expect(Number(billing.total)).toBe(Number(billing.amount) - Number(billing.discount));
      expect(billing.phone && billing.address && billing.city && billing.country).toBeTruthy();
      const [sandbox] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, billing.connectPayId!));
      expect(sandbox).toMatchObject({
        billingId: billing.id,
        amount: billing.total,
        status: ({ Successful: "paid", Failed: "failed" } as Record<string, string>)[billing.paymentStatus] ?? "unpaid",
      });
      const history = await db
        .select({ from: billingStatusChanges.fromStatus, to: billingStatusChanges.toStatus })
        .from(billingStatusChanges)
        .where(eq(billingStatusChanges.eventBillingId, billing.id))
        .orderBy(asc(billingStatusChanges.createdAt), asc(billingStatusChanges.id));
      // A refused payment (kept for a refund) is never the billing's payment; the seed makes none.
      const paid = await db
        .select()
        .from(payments)
        .where(and(eq(payments.eventBillingId, billing.id), isNull(payments.refusedReason)));
      expect(await db.select().from(payments).where(eq(payments.eventBillingId, billing.id))).toHaveLength(paid.length);
      if (billing.paymentStatus === "Successful") {
        expect(history).toEqual([
          { from: null, to: "Pending" },
          { from: "Pending", to: "Successful" },
        ]);
        expect(paid).toHaveLength(1);
        expect(paid[0]).toMatchObject({
          provider: "sandbox",
          providerPaymentId: billing.connectPayId,
          amount: billing.total,
          currency: "USD",
        });
        expect(billing.paidAt).not.toBeNull();
        expect(billing).toMatchObject({ couponCodeId: coupons[0].id, discount: "5.00", total: "20.00" });
      } else {
        expect(paid).toHaveLength(0);
        expect(billing.paidAt).toBeNull();
        expect(history).toEqual(
          billing.paymentStatus === "Failed"
            ? [
                { from: null, to: "Pending" },
                { from: "Pending", to: "Failed" },
              ]
            : [{ from: null, to: "Pending" }],
        );
      }
    }
    // Each coupon's use count is the number of billings counting it (all but cancelled ones).
    for (const coupon of coupons) {
      const [{ n }] = await db.select({ n: count() }).from(eventBillings).where(eq(eventBillings.couponCodeId, coupon.id));
      expect(coupon.usesCount, coupon.code).toBe(n);
    }
    expect(coupons[0].usesCount).toBe(1);
    // Only the payer has applied to the paid workshop.
    const applied = await db
      .select({ userId: eventApplications.userId })
      .from(eventApplications)
      .where(eq(eventApplications.eventFormId, workshop.id));
    const successful = billings.find((b) => b.billing.paymentStatus === "Successful")!;
    expect(applied).toEqual([{ userId: successful.billing.userId }]);
  });
});
