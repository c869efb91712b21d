/**
 * A payment the billing did not accept (here: it came in after the organiser cancelled the billing) is kept
 * and given back whole, once, however many refunds are asked for at the same moment, without touching the
 * billing's own status or its refunded sum.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventBillings, payments, sandboxRefunds } from "#api/db/billing-schema.ts";
import { notifications } from "#api/db/realtime-schema.ts";
import { ownerWithForm } from "#api/testing/application-fixtures.ts";
import { createBilling, takenBySandbox } from "#api/testing/billing-fixtures.ts";
import { registered } from "#api/testing/fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import { BILLING_CLOSED, RECORDED_FOR_REFUND } from "./messages.ts";
import { refundedWhole, UNAPPLIED_NOT_FOUND, UNAPPLIED_REFUNDED } from "./unapplied-payments.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const BASE = "/api/v1/admin/event_billings";
const PAID = { typeOfEvent: "paid" as const, paidEventInformation: { price: "40.00", currency: "USD", includes: null } };

/** A billing the owner cancelled while its payer was at the checkout, and the payment that came in after. */
async function paidAfterCancelling() {
  const { owner, form } = await ownerWithForm(t, PAID);
  const payer = await registered(t, "Late Payer");
  const { event_billing, payment_url } = await createBilling(payer.client, form.id);
  // The provider takes the money; before the payer is back to have it applied, the owner cancels the billing.
  const payId = await takenBySandbox(t, payer.client, payment_url!);
  expect((await owner.client.put(`${BASE}/${event_billing.id}/change_status`, { status: "Cancelled" })).status).toBe(200);
  const verified = await payer.client.post(`${BASE}/verify_payment`, { connect_pay_id: payId });
  expect(verified.body).toMatchObject({ payment_status: "Failed", message: `${BILLING_CLOSED} ${RECORDED_FOR_REFUND}` });
  const [payment] = await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, payId));
  return { owner, payer, billingId: event_billing.id, payId, paymentId: payment.id };
}

describe("a payment the billing did not accept", () => {
  it("is listed on the billing and refunded whole, once, by five refunds asked at once", async () => {
    const { owner, payer, billingId, payId, paymentId } = await paidAfterCancelling();
    const detail = async () => (await owner.client.get(`${BASE}/${billingId}/single`)).body.event_billing;
    expect((await detail()).unapplied_payments).toEqual([
      expect.objectContaining({
        id: paymentId,
        provider_payment_id: payId,
        amount: "40.00",
        currency: "USD",
        reason: BILLING_CLOSED,
        refund_status: null,
      }),
    ]);
    expect((await detail()).refundable).toBe("0.00");

    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        owner.client.post(`${BASE}/${billingId}/refund`, {
          payment_id: paymentId,
          reason: "Paid after we cancelled",
          idempotency_key: `try-${n}`,
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422, 422]);
    const made = answers.find((a) => a.status === 201)!;
    expect(made.body.refund).toMatchObject({ amount: "40.00", currency: "USD", status: "succeeded" });
    for (const refused of answers.filter((a) => a.status === 422)) expect(refused.body.errors.payment_id).toEqual([UNAPPLIED_REFUNDED]);
    const given = await t.database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, payId));
    expect(given.map((r) => r.amount)).toEqual(["40.00"]);

    // The billing itself stays as it was: cancelled, nothing of its own refunded.
    const [billing] = await t.database.db.select().from(eventBillings).where(eq(eventBillings.id, billingId));
    expect(billing).toMatchObject({ paymentStatus: "Cancelled", refunded: "0.00" });
    const after = await detail();
    expect(after.unapplied_payments[0].refund_status).toBe("succeeded");
    expect(after.status_changes.at(-1)).toMatchObject({
      from_status: "Cancelled",
      to_status: "Cancelled",
      reason: "Refunded USD 40.00, a payment that was not applied: Paid after we cancelled",
    });
    const told = await t.database.db.select({ title: notifications.title }).from(notifications).where(eq(notifications.userId, payer.id));
    expect(told.map((n) => n.title)).toContain("Your payment of USD 40.00 for Demo day, which could not be applied, was refunded");
  });

  it("refuses a part of it, another billing's payment and an id that names none", async () => {
    const { owner, billingId, paymentId } = await paidAfterCancelling();
    const other = await paidAfterCancelling();
    const ask = (id: number, body: Record<string, unknown>) => owner.client.post(`${BASE}/${id}/refund`, { reason: "Back", ...body });
    const part = await ask(billingId, { payment_id: paymentId, amount: "10" });
    expect(part.status).toBe(422);
    expect(part.body.errors.amount).toEqual([refundedWhole("40.00", "USD")]);
    // The other billing is another owner's too: it is not found for this one, and its payment is not this billing's.
    expect((await ask(other.billingId, { payment_id: other.paymentId })).status).toBe(404);
    for (const payment_id of [other.paymentId, 2_147_483_000]) {
      const refused = await ask(billingId, { payment_id });
      expect(refused.status).toBe(422);
      expect(refused.body.errors.payment_id).toEqual([UNAPPLIED_NOT_FOUND]);
    }
    expect((await ask(billingId, { payment_id: "first" })).body.errors.payment_id).toEqual([UNAPPLIED_NOT_FOUND]);
    // The whole amount, said as such, is accepted; the refund is this payment's alone.
    expect((await ask(billingId, { payment_id: paymentId, amount: "40" })).status).toBe(201);
    const statusOf = async (client: typeof owner.client, id: number) =>
      (await client.get(`${BASE}/${id}/single`)).body.event_billing.unapplied_payments[0].refund_status;
    expect(await statusOf(owner.client, billingId)).toBe("succeeded");
    expect(await statusOf(other.owner.client, other.billingId)).toBeNull();
  });
});
