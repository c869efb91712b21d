import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { PAYMENT_PROCESSING_PATH } from "../payments/provider.ts";
import type { Db } from "./client.ts";
import { startups, users } from "./schema.ts";
import { eventApplications, eventForms } from "./events-schema.ts";
import { billingStatusChanges, couponCodes, eventBillings, payments, sandboxPayments, type BillingStatus } from "./billing-schema.ts";
import { newTicketCode } from "../modules/check-ins/tickets.ts";

const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR);
const sandboxId = () => `sbx_${randomBytes(16).toString("hex")}`;

export const WORKSHOP_TITLE = "Hardware Go-to-Market Workshop";

/**
 * Coupons and billings for Acme Robotics' paid workshop (run by `seedDemoData` after `seedEvents`): the
 * coupons EARLYBIRD (20 %, this workshop only, 50 uses) and FOUNDERS100 (100 %, 5 uses), and three billings
 * by co-founders, as the sandbox provider would have left them: one paid with EARLYBIRD (with its payment
 * and an application, since a paid form takes applications only after payment), one waiting for payment,
 * one declined. Coupon use counts match the billings.
 */
export async function seedBillings(db: Db) {
  const [workshop] = await db
    .select({ id: eventForms.id, startupId: eventForms.startupId, title: eventForms.title, paid: eventForms.paidEventInformation })
    .from(eventForms)
    .innerJoin(startups, eq(startups.id, eventForms.startupId))
    .where(and(eq(eventForms.title, WORKSHOP_TITLE), eq(startups.username, "acme-robotics")));
  if (!workshop?.paid) return;
  const price = workshop.paid.price;
  const currency = workshop.paid.currency;

  const [earlyBird] = await db
    .insert(couponCodes)
    .values([
      {
        startupId: workshop.startupId,
        code: "EARLYBIRD",
        discountType: "percentage",
        value: "20",
        eventFormId: workshop.id,
        maxUses: 50,
        usesCount: 1,
      },
      { startupId: workshop.startupId, code: "FOUNDERS100", discountType: "percentage", value: "100", maxUses: 5 },
    ])
    .returning({ id: couponCodes.id });

  const people = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.email, ["amara.okafor@launchpad.test", "lukas.becker@launchpad.test", "priya.raman@launchpad.test"]));
  const person = (email: string) => people.find((p) => p.email === email);
  const amara = person("amara.okafor@launchpad.test");
  const lukas = person("lukas.becker@launchpad.test");
  const priya = person("priya.raman@launchpad.test");
  if (!amara || !lukas || !priya) return;

  const discount = (Number(price) * 0.2).toFixed(2);
  const discounted = (Number(price) - Number(discount)).toFixed(2);
  const plain = Number(price).toFixed(2);

  const bill = async (
    payer: { id: number; name: string; email: string },
    details: { phone: string; address: string; city: string; country: string },
    figures: { couponCodeId: number | null; discount: string; total: string },
    outcome: { status: BillingStatus; createdAt: Date; settledAt?: Date },
  ) => {
    const paymentId = sandboxId();
    const [billing] = await db
      .insert(eventBillings)
      .values({
        eventFormId: workshop.id,
        userId: payer.id,
        name: payer.name,
        email: payer.email,
        ...details,
        couponCodeId: figures.couponCodeId,
        amount: plain,
        discount: figures.discount,
        total: figures.total,
        currency,
        paymentStatus: outcome.status,
        connectPayId: paymentId,
        provider: "sandbox",
        paidAt: outcome.status === "Successful" ? (outcome.settledAt ?? null) : null,
        createdAt: outcome.createdAt,
        updatedAt: outcome.settledAt ?? outcome.createdAt,
      })
      .returning({ id: eventBillings.id });
    await db.insert(sandboxPayments).values({
      id: paymentId,
      billingId: billing.id,
      amount: figures.total,
      currency,
      description: workshop.title,
      returnUrl: PAYMENT_PROCESSING_PATH,
      status: outcome.status === "Successful" ? "paid" : outcome.status === "Failed" ? "failed" : "unpaid",
      createdAt: outcome.createdAt,
      updatedAt: outcome.settledAt ?? outcome.createdAt,
    });
    await db.insert(billingStatusChanges).values({
      eventBillingId: billing.id,
      fromStatus: null,
      toStatus: "Pending",
      changedByUserId: payer.id,
      reason: "Billing created.",
      createdAt: outcome.createdAt,
    });
    if (outcome.status === "Successful") {
      await db.insert(payments).values({
        eventBillingId: billing.id,
        provider: "sandbox",
        providerPaymentId: paymentId,
        amount: figures.total,
        currency,
        createdAt: outcome.settledAt,
      });
      await db.insert(billingStatusChanges).values({
        eventBillingId: billing.id,
        fromStatus: "Pending",
        toStatus: "Successful",
        reason: `Payment ${paymentId} confirmed by sandbox.`,
        createdAt: outcome.settledAt,
      });
    }
    if (outcome.status === "Failed") {
      await db.insert(billingStatusChanges).values({
        eventBillingId: billing.id,
        fromStatus: "Pending",
        toStatus: "Failed",
        reason: `Payment ${paymentId} declined.`,
        createdAt: outcome.settledAt,
      });
    }
    return billing.id;
  };

  await bill(
    amara,
    { phone: "+234 803 555 0142", address: "14 Admiralty Way, Lekki Phase 1", city: "Lagos", country: "Nigeria" },
    { couponCodeId: earlyBird.id, discount, total: discounted },
    { status: "Successful", createdAt: hoursAgo(50), settledAt: hoursAgo(49.9) },
  );
  await bill(
    lukas,
    { phone: "+49 30 5557 2210", address: "Torstraße 118", city: "Berlin", country: "Germany" },
    { couponCodeId: null, discount: "0.00", total: plain },
    { status: "Pending", createdAt: hoursAgo(20) },
  );
  await bill(
    priya,
    { phone: "+91 80 5550 7731", address: "42 100 Feet Road, Indiranagar", city: "Bengaluru", country: "India" },
    { couponCodeId: null, discount: "0.00", total: plain },
    { status: "Failed", createdAt: hoursAgo(8), settledAt: hoursAgo(7.95) },
  );

  // Paid, so Amara has applied too.
  await db.insert(eventApplications).values({
    eventFormId: workshop.id,
    userId: amara.id,
    status: "pending",
    applicantName: amara.name,
    applicantEmail: amara.email,
    answers: {
      full_name: amara.name,
      email: amara.email,
      company: "Ledgerline",
      "q-goal0001": "A pricing sheet for our first hardware bundle and three distributor leads.",
    },
    submittedAt: hoursAgo(49),
    ticketCode: newTicketCode(),
  });
}
