/**
 * Refunds through the provider (the sandbox here; Stripe's adapter in stripe-refunds.test.ts): partial and
 * full, the net amounts every screen shows, the place a full refund frees, and the races: a repeated key
 * refunds once, refunds asked at once never add up to more than was paid.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventApplications } from "#api/db/events-schema.ts";
import { eventBillings, refunds, sandboxPayments, sandboxRefunds } from "#api/db/billing-schema.ts";
import { ownerWithForm, sendApplication } from "#api/testing/application-fixtures.ts";
import { createBilling, paidThroughSandbox } from "#api/testing/billing-fixtures.ts";
import { parseCsv } from "#api/testing/csv.ts";
import { registered } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi, type TestClient } from "#api/testing/harness.ts";
import { NO_PROVIDER_PAYMENT, NOT_REFUNDABLE, refundTooLarge } from "./refunds.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const BASE = "/api/v1/admin/event_billings";
const PAID = { typeOfEvent: "paid" as const, paidEventInformation: { price: "50.00", currency: "USD", includes: null } };
const refund = (owner: TestClient, billingId: number, body: Record<string, unknown>) => owner.post(`${BASE}/${billingId}/refund`, body);

/** A paid form with one place, and a payer who paid 50 on the sandbox and applied (holding the place). */
async function paidPlace(capacity: number | null = 1) {
  const { owner, form } = await ownerWithForm(t, { ...PAID, capacity });
  const payer = await registered(t, "Refund Payer");
  const { event_billing, payment_url } = await createBilling(payer.client, form.id);
  await paidThroughSandbox(t, payer.client, payment_url!);
  const applied = await sendApplication(payer.client, form.id, { full_name: "Refund Payer", email: "payer@example.com" });
  expect(applied.status).toBe(201);
  return { owner, form, payer, billingId: event_billing.id, payId: event_billing.connect_pay_id! };
}

const billingRow = async (id: number) => (await t.database.db.select().from(eventBillings).where(eq(eventBillings.id, id)))[0];
const sandboxRefundsOf = (payId: string) => t.database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, payId));

describe("refunding a payment", () => {
  it("refunds part, then the rest: statuses, net totals, CSV, history, the freed place and the payer told", async () => {
    const { owner, form, payer, billingId, payId } = await paidPlace();
    // As a coupon would have left it: the discount stays given while the payment is partly kept.
    await t.database.db.update(eventBillings).set({ amount: "55.00", discount: "5.00" }).where(eq(eventBillings.id, billingId));
    const part = await refund(owner.client, billingId, { amount: "20", reason: "Missed the first day", idempotency_key: "k-1" });
    expect(part.status).toBe(201);
    expect(part.body.refund).toMatchObject({ amount: "20.00", currency: "USD", status: "succeeded", reason: "Missed the first day" });
    expect(part.body.refund.requested_by.id).toBe(owner.id);
    expect(part.body.event_billing).toMatchObject({ payment_status: "Partially refunded", total: "50.00", refunded: "20.00" });
    // The sandbox gave the money back: it is the provider's record too.
    expect((await t.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, payId)))[0].refunded).toBe("20.00");

    const detail = await owner.client.get(`${BASE}/${billingId}/single`);
    expect(detail.body.event_billing).toMatchObject({ refundable: "30.00", refunds: [{ amount: "20.00", status: "succeeded" }] });
    expect(detail.body.event_billing.status_changes.at(-1)).toMatchObject({
      from_status: "Successful",
      to_status: "Partially refunded",
      reason: "Refunded USD 20.00: Missed the first day",
    });
    const list = await owner.client.get(`${BASE}/${form.id}/all`);
    // Still a successful payment, partly given back.
    expect(list.body.totals).toMatchObject({ successful: 1, amount_collected: "30.00", refunded: "20.00", discounts: "5.00" });
    // The owner's dashboard counts what the payment brought in after the refund.
    const revenue = await owner.client.get("/api/v1/admin/dashboard/billings");
    expect(revenue.body.data.revenue).toEqual([expect.objectContaining({ currency: "USD", total: "30.00" })]);
    const csv = parseCsv((await owner.client.get<string>(`${BASE}/${form.id}/all.csv`)).body);
    const row = Object.fromEntries(csv[0].map((name, i) => [name, csv[1][i]]));
    expect(row).toMatchObject({ Total: "50.00", Refunded: "20.00", Net: "30.00", Status: "Partially refunded" });
    // A partial refund keeps the place.
    const [application] = await t.database.db.select().from(eventApplications).where(eq(eventApplications.eventFormId, form.id));
    expect(application.status).toBe("pending");

    const tooMuch = await refund(owner.client, billingId, { amount: "30.01", reason: "Too much", idempotency_key: "k-2" });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors.amount).toEqual([refundTooLarge("30.00", "USD")]);

    const rest = await refund(owner.client, billingId, { reason: "Event moved", idempotency_key: "k-3" });
    expect(rest.status).toBe(201);
    expect(rest.body.refund.amount).toBe("30.00");
    expect(rest.body.event_billing).toMatchObject({ payment_status: "Refunded", refunded: "50.00" });
    expect((await owner.client.get(`${BASE}/${form.id}/all`)).body.totals).toMatchObject({
      successful: 0,
      amount_collected: "0.00",
      refunded: "50.00",
      discounts: "0.00",
    });
    // The whole payment back: the place is given up.
    const [after] = await t.database.db.select().from(eventApplications).where(eq(eventApplications.eventFormId, form.id));
    expect(after.status).toBe("cancelled");
    expect((await payer.client.get(`/api/v1/site/event_forms/${form.id}`)).body.places_left).toBe(1);
    const told = await payer.client.get("/api/v1/admin/notifications");
    const titles = told.body.data.map((n: { title: string }) => n.title);
    expect(titles).toContain(`Your payment for ${form.title} was partly refunded`);
    expect(titles).toContain(`Your payment for ${form.title} was refunded`);

    const nothingLeft = await refund(owner.client, billingId, { amount: "1", reason: "Again", idempotency_key: "k-4" });
    expect(nothingLeft.status).toBe(422);
    expect(nothingLeft.body.errors.amount).toEqual([NOT_REFUNDABLE]);
    expect(await sandboxRefundsOf(payId)).toHaveLength(2);
  });

  it("a full refund frees the place, and the waitlist moves: the first in line is offered it", async () => {
    const { owner, form } = await ownerWithForm(t, { ...PAID, capacity: 1, waitlistEnabled: true });
    const payer = await registered(t, "Refunded Holder");
    const { event_billing, payment_url } = await createBilling(payer.client, form.id);
    await paidThroughSandbox(t, payer.client, payment_url!);
    expect((await sendApplication(payer.client, form.id, { full_name: "Refunded Holder", email: payer.email })).status).toBe(201);
    const waiting = await registered(t, "Next In Line");
    const joined = await sendApplication(waiting.client, form.id, { full_name: "Next In Line", email: waiting.email });
    expect(joined.body.event_application.status).toBe("waitlisted");

    expect((await refund(owner.client, event_billing.id, { reason: "Cannot come", idempotency_key: "w" })).status).toBe(201);
    const view = (await waiting.client.get(`/api/v1/site/event_forms/${form.id}`)).body;
    expect(view.my_offer_expires_at).not.toBeNull();
  });

  it("answers a repeated key with the same refund, made once", async () => {
    const { owner, billingId, payId } = await paidPlace(null);
    const first = await refund(owner.client, billingId, { amount: "10", reason: "Goodwill", idempotency_key: "same" });
    // The key as a header, as a client of the API may send it.
    const again = await (
      await owner.client.prime()
    ).request("POST", `${BASE}/${billingId}/refund`, { amount: "10", reason: "Goodwill" }, { "idempotency-key": "same" });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.refund.id).toBe(first.body.refund.id);
    expect(await sandboxRefundsOf(payId)).toHaveLength(1);
    expect((await billingRow(billingId)).refunded).toBe("10.00");
  });

  it("a double click sent 10 times at once refunds once", async () => {
    const { owner, billingId, payId } = await paidPlace(null);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => refund(owner.client, billingId, { amount: "15", reason: "Double click", idempotency_key: "click" })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.refund.id)).size).toBe(1);
    expect(await sandboxRefundsOf(payId)).toHaveLength(1);
    expect(await t.database.db.select().from(refunds).where(eq(refunds.eventBillingId, billingId))).toHaveLength(1);
    expect(await billingRow(billingId)).toMatchObject({ refunded: "15.00", paymentStatus: "Partially refunded" });
  });

  it("ten refunds of 10 asked at once on a payment of 50: exactly five are made", async () => {
    const { owner, billingId, payId } = await paidPlace(null);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        refund(owner.client, billingId, { amount: "10", reason: "Split", idempotency_key: `split-${i}` }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(5);
    expect(await sandboxRefundsOf(payId)).toHaveLength(5);
    expect(await billingRow(billingId)).toMatchObject({ refunded: "50.00", paymentStatus: "Refunded" });
  });

  it("refuses an unpaid billing, one marked paid by hand, a bad amount, and another startup's billing", async () => {
    const { owner, form } = await ownerWithForm(t, PAID);
    const payer = await registered(t, "Unpaid");
    const { event_billing } = await createBilling(payer.client, form.id);
    const unpaid = await refund(owner.client, event_billing.id, { reason: "Nothing to give", idempotency_key: "u" });
    expect(unpaid.status).toBe(422);
    expect(unpaid.body.errors.amount).toEqual([NOT_REFUNDABLE]);

    await owner.client.put(`${BASE}/${event_billing.id}/change_status`, { status: "Successful" });
    const byHand = await refund(owner.client, event_billing.id, { reason: "Paid in cash", idempotency_key: "h" });
    expect(byHand.status).toBe(422);
    expect(byHand.body.errors.amount).toEqual([NO_PROVIDER_PAYMENT]);
    expect((await owner.client.get(`${BASE}/${event_billing.id}/single`)).body.event_billing.refundable).toBe("0.00");

    const bad = await refund(owner.client, event_billing.id, { amount: "-5", reason: "" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      amount: ["The amount field must be an amount such as 20 or 20.50."],
      reason: ["The reason field is required."],
    });
    // A partial refund is a provider's outcome, never a status set by hand.
    const set = await owner.client.put(`${BASE}/${event_billing.id}/change_status`, { status: "Partially refunded" });
    expect(set.status).toBe(422);

    const other = await paidPlace(null);
    const foreign = await refund(owner.client, other.billingId, { reason: "Not mine", idempotency_key: "f" });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("Event billing not found");
    const byPayer = await refund(other.payer.client, other.billingId, { reason: "Mine", idempotency_key: "p" });
    expect(byPayer.status).toBe(403);
    expect((await billingRow(other.billingId)).refunded).toBe("0.00");
  });
});
