import { everyForm } from "#api/lib/owner.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startFakeStripe, type FakeStripe } from "../../../tests/fakes/stripe.ts";
import { eventBillings, payments } from "#api/db/billing-schema.ts";
import { eventForms } from "#api/db/events-schema.ts";
import { providersOf, RefundRefused } from "#api/payments/provider.ts";
import { StripeProvider, signStripePayload } from "#api/payments/stripe.ts";
import { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { billingFields, paidEventForm, payer } from "#api/testing/billing-fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import { billingSchema } from "#schemas/billing.ts";
import { createBilling, updateBilling } from "./checkout.ts";
import { verifyPayment } from "./fulfilment.ts";
import { refundBilling } from "./refunds.ts";
import { changeStatus } from "./status.ts";
import { loadBilling } from "./views.ts";
import { handleStripeWebhook } from "./webhook.ts";

let t: TestApi;
let fake: FakeStripe;
const SECRET = "whsec_test_billing";
beforeAll(async () => {
  t = await createTestApi();
  fake = await startFakeStripe("sk_test_billing");
});
afterAll(async () => {
  await fake.close();
  await t.close();
});

const stripe = () => new StripeProvider({ secretKey: "sk_test_billing", apiBase: fake.url });
const event = (id: string, type = "checkout.session.completed") =>
  JSON.stringify({ id: "evt_1", type, data: { object: { id, object: "checkout.session" } } });

async function stripeBilling(price = "25") {
  const { form } = await paidEventForm(t, price, "USD");
  const p = await payer(t);
  const input = billingSchema.parse(billingFields(form.id));
  const result = await createBilling(t.database.db, stripe(), p.id, input, "http://localhost:3000/form-submission/payment-processing");
  return { p, result };
}

describe("billing with the Stripe adapter", () => {
  it("opens a Stripe checkout for the server-computed total", async () => {
    const { result } = await stripeBilling("25");
    expect(result.event_billing).toMatchObject({ provider: "stripe", total: "25.00", payment_status: "Pending" });
    expect(result.payment_url).toContain(result.event_billing.connect_pay_id!);
    const session = fake.sessions.get(result.event_billing.connect_pay_id!)!;
    expect(session).toMatchObject({ amount_total: 2500, currency: "usd", metadata: { billing_id: String(result.event_billing.id) } });
    expect(session.success_url).toBe(`http://localhost:3000/form-submission/payment-processing?connect_pay_id=${session.id}`);
  });

  it("fulfils once from a signed webhook and from verify_payment together", async () => {
    const { p, result } = await stripeBilling();
    const id = result.event_billing.connect_pay_id!;
    fake.markPaid(id);
    const body = event(id);
    const answers = await Promise.all([
      handleStripeWebhook(t.database.db, stripe(), body, signStripePayload(body, SECRET), SECRET),
      handleStripeWebhook(t.database.db, stripe(), body, signStripePayload(body, SECRET), SECRET),
      verifyPayment(t.database.db, stripe(), p.id, id),
    ]);
    expect(answers[0]).toEqual({ status: 200, body: { received: true } });
    expect(answers[2].payment_status).toBe("Successful");
    const rows = await t.database.db.select().from(payments).where(eq(payments.eventBillingId, result.event_billing.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: "stripe", providerPaymentId: id, amount: "25.00" });
  });

  it("refuses a webhook with an invalid or stale signature and changes nothing", async () => {
    const { result } = await stripeBilling();
    const id = result.event_billing.connect_pay_id!;
    fake.markPaid(id);
    const body = event(id);
    const wrong = await handleStripeWebhook(t.database.db, stripe(), body, signStripePayload(body, "whsec_wrong"), SECRET);
    expect(wrong).toEqual({ status: 400, body: { received: false, message: "Invalid signature." } });
    const stale = await handleStripeWebhook(
      t.database.db,
      stripe(),
      body,
      signStripePayload(body, SECRET, Math.floor(Date.now() / 1000) - 3600),
      SECRET,
    );
    expect(stale.status).toBe(400);
    const [row] = await t.database.db.select().from(eventBillings).where(eq(eventBillings.id, result.event_billing.id));
    expect(row.paymentStatus).toBe("Pending");
  });

  it("acknowledges other events without doing anything", async () => {
    const { result } = await stripeBilling();
    const body = event(result.event_billing.connect_pay_id!, "checkout.session.expired");
    expect(await handleStripeWebhook(t.database.db, stripe(), body, signStripePayload(body, SECRET), SECRET)).toEqual({
      status: 200,
      body: { received: true },
    });
  });

  it("editing a billing expires its old Stripe session and opens a new one", async () => {
    const { p, result } = await stripeBilling("25");
    const oldId = result.event_billing.connect_pay_id!;
    const input = billingSchema.parse(billingFields(result.event_billing.event_form_id, { name: "Ada L." }));
    const edited = await updateBilling(
      t.database.db,
      stripe(),
      p.id,
      result.event_billing.id,
      input,
      "http://localhost:3000/form-submission/payment-processing",
    );
    expect(edited.event_billing.connect_pay_id).not.toBe(oldId);
    expect(fake.requests.some((r) => r.method === "POST" && r.path === `/v1/checkout/sessions/${oldId}/expire`)).toBe(true);
    expect(fake.sessions.get(oldId)!.status).toBe("expired");
    expect(fake.sessions.get(edited.event_billing.connect_pay_id!)!.status).toBe("open");
    // The old session, now expired, is a declined old checkout: the billing stays Pending.
    const answer = await verifyPayment(t.database.db, stripe(), p.id, oldId);
    expect(answer).toMatchObject({ payment_status: "Failed", event_billing: { payment_status: "Pending" } });
  });

  it("the owner cancelling a billing expires its Stripe session; an already paid one is left alone", async () => {
    const { result } = await stripeBilling("25");
    const billing = (await loadBilling(t.database.db, result.event_billing.id))!;
    await changeStatus(
      t.database.db,
      stripe(),
      everyForm(billing.startupId),
      { id: billing.user_id, name: "Owner" },
      billing.id,
      "Cancelled",
    );
    expect(fake.sessions.get(billing.connect_pay_id!)!.status).toBe("expired");

    const paid = await stripeBilling("25");
    fake.markPaid(paid.result.event_billing.connect_pay_id!);
    const paidBilling = (await loadBilling(t.database.db, paid.result.event_billing.id))!;
    const log = vi.fn();
    const changed = await changeStatus(
      t.database.db,
      stripe(),
      everyForm(paidBilling.startupId),
      { id: paidBilling.user_id, name: "Owner" },
      paidBilling.id,
      "Successful",
      log,
    );
    expect(changed.payment_status).toBe("Successful");
    expect(log).not.toHaveBeenCalled();
    expect(fake.sessions.get(paidBilling.connect_pay_id!)).toMatchObject({ status: "complete", payment_status: "paid" });
  });

  it("names each checkout attempt in its Idempotency-Key: a request sent twice opens one session, an edit opens a new one", async () => {
    // Every request reaches Stripe twice, as a retry after a lost answer would.
    const twice: typeof fetch = async (url, init) => {
      await fetch(url, init);
      return fetch(url, init);
    };
    const retrying = new StripeProvider({ secretKey: "sk_test_billing", apiBase: fake.url, fetch: twice });
    const { form } = await paidEventForm(t, "25", "USD");
    const p = await payer(t);
    const sessionsBefore = fake.sessions.size;
    const returnUrl = "http://localhost:3000/form-submission/payment-processing";
    const created = await createBilling(t.database.db, retrying, p.id, billingSchema.parse(billingFields(form.id)), returnUrl);
    const id = created.event_billing.id;
    const opened = fake.requests.filter(
      (r) => r.method === "POST" && r.path === "/v1/checkout/sessions" && r.form["metadata[billing_id]"] === String(id),
    );
    expect(opened).toHaveLength(2);
    expect(opened[0].idempotencyKey).toMatch(new RegExp(`^checkout-billing-${id}-\\d+$`));
    expect(opened[1].idempotencyKey).toBe(opened[0].idempotencyKey);
    expect(fake.sessions.size).toBe(sessionsBefore + 1);
    expect(fake.sessions.has(created.event_billing.connect_pay_id!)).toBe(true);

    const edited = await updateBilling(
      t.database.db,
      retrying,
      p.id,
      id,
      billingSchema.parse(billingFields(form.id, { name: "Ada L." })),
      returnUrl,
    );
    const reopened = fake.requests.filter(
      (r) => r.method === "POST" && r.path === "/v1/checkout/sessions" && r.form["metadata[billing_id]"] === String(id),
    );
    expect(reopened).toHaveLength(4);
    expect(reopened[2].idempotencyKey).not.toBe(opened[0].idempotencyKey);
    expect(reopened[3].idempotencyKey).toBe(reopened[2].idempotencyKey);
    expect(fake.sessions.size).toBe(sessionsBefore + 2);
    expect(edited.event_billing.connect_pay_id).not.toBe(created.event_billing.connect_pay_id);
  });

  it("refunds through Stripe's Refunds API: the session's payment intent, once per key, and Stripe's refusal as the reason", async () => {
    const { p, result } = await stripeBilling("25");
    const id = result.event_billing.connect_pay_id!;
    fake.markPaid(id);
    await verifyPayment(t.database.db, stripe(), p.id, id);
    const owner = (
      await t.database.db
        .select({ startupId: eventForms.startupId })
        .from(eventForms)
        .where(eq(eventForms.id, result.event_billing.event_form_id))
    )[0];
    const input = { amount: "10", reason: "Goodwill", idempotency_key: "stripe-k" };
    const first = await refundBilling(
      t.database.db,
      providersOf(stripe()),
      everyForm(owner.startupId),
      { id: p.id, name: "Owner" },
      result.event_billing.id,
      input,
      new BroadcastQueue(),
    );
    const again = await refundBilling(
      t.database.db,
      providersOf(stripe()),
      everyForm(owner.startupId),
      { id: p.id, name: "Owner" },
      result.event_billing.id,
      input,
      new BroadcastQueue(),
    );
    expect(first).toMatchObject({
      created: true,
      refund: { amount: "10.00", status: "succeeded" },
      event_billing: { payment_status: "Partially refunded" },
    });
    expect(again).toMatchObject({ created: false, refund: { id: first.refund.id } });
    const session = fake.sessions.get(id)!;
    expect(fake.refunds).toEqual([
      expect.objectContaining({ payment_intent: session.payment_intent, amount: 1000, metadata: { reason: "Goodwill" } }),
    ]);
    const sent = fake.requests.filter((r) => r.path === "/v1/refunds");
    expect(sent.map((r) => r.idempotencyKey)).toEqual([`refund-${result.event_billing.id}-stripe-k`]);

    // The adapter alone: Stripe's own refusal (more than is left) comes back as its message.
    const refused = stripe().refund({ paymentId: id, amount: "20", currency: "USD", reason: "Too much", idempotencyKey: "direct" });
    await expect(refused).rejects.toThrow(new RefundRefused("Refund amount (2000) is greater than unrefunded amount on charge (1500)"));
  });
});
