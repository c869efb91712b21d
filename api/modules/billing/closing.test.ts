/**
 * What happens to payments and checkouts when a form closes, a billing changes, or its organiser closes it:
 * nobody pays for an event they cannot apply to, old checkouts stop being payable, and money taken for a
 * refused payment is kept for a refund.
 */
import { everyForm } from "#api/lib/owner.ts";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eventForms } from "#api/db/events-schema.ts";
import { eventBillings, payments, sandboxPayments } from "#api/db/billing-schema.ts";
import { StripeProvider } from "#api/payments/stripe.ts";
import { billingFields, createBilling, formPost, paidEventForm, payer } from "#api/testing/billing-fixtures.ts";
import { insertApplication } from "#api/testing/event-fixtures.ts";
import { createTestApi, type TestApi, type TestClient } from "#api/testing/harness.ts";
import { DEADLINE_PASSED, FULL } from "../applications/availability.ts";
import { ALREADY_PAID, BILLING_CLOSED, RECORDED_FOR_REFUND } from "./messages.ts";
import { changeStatus } from "./status.ts";
import { loadBilling } from "./views.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const BASE = "/api/v1/admin/event_billings";
const QUOTE = `${BASE}/quote`;

/** Opens the sandbox page of a payment_url and answers its HTML, and how to press its buttons. */
async function sandboxPage(paymentUrl: string) {
  const page = await t.client().get<string>(paymentUrl);
  expect(page.status).toBe(200);
  const url = new URL(paymentUrl, "http://x");
  const id = url.pathname.split("/").at(-1)!;
  const token = url.searchParams.get("token")!;
  return {
    html: page.body,
    press: async (action: "pay" | "decline") => (await formPost(t, `/api/v1/payments/sandbox/${id}/${action}`, { token })).status,
  };
}

const pay = async (paymentUrl: string) => expect(await (await sandboxPage(paymentUrl)).press("pay")).toBe(303);
const sandboxStatus = async (id: string) =>
  (await t.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)))[0].status;
const verify = (client: TestClient, id: string | null) => client.post(`${BASE}/verify_payment`, { connect_pay_id: id });
const paymentsOf = (billingId: number) => t.database.db.select().from(payments).where(eq(payments.eventBillingId, billingId));
const appliedPaymentsOf = (billingId: number) =>
  t.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.eventBillingId, billingId), isNull(payments.refusedReason)));
const changeTo = (owner: TestClient, id: number, status: string) => owner.put(`${BASE}/${id}/change_status`, { status });

describe("a form nobody can apply to cannot be paid for", () => {
  const passDeadline = (formId: number) =>
    t.database.db
      .update(eventForms)
      .set({ applicationDeadline: new Date(Date.now() - 60_000) })
      .where(eq(eventForms.id, formId));
  const fill = async (formId: number) => {
    await t.database.db.update(eventForms).set({ capacity: 1 }).where(eq(eventForms.id, formId));
    await insertApplication(t, formId, "pending");
  };

  for (const [what, close, reason] of [
    ["past its deadline", passDeadline, DEADLINE_PASSED],
    ["full (capacity reached)", fill, FULL],
  ] as const) {
    it(`refuses create, update and quote when the event is ${what}`, async () => {
      const { form } = await paidEventForm(t, "20", "USD");
      const early = await payer(t);
      const { event_billing } = await createBilling(early.client, form.id);
      await close(form.id);

      const late = await payer(t);
      const created = await late.client.post(BASE, billingFields(form.id));
      expect(created.status).toBe(422);
      expect(created.body.errors).toEqual({ event_form_id: [reason] });
      expect(await t.database.db.select().from(eventBillings).where(eq(eventBillings.userId, late.id))).toHaveLength(0);

      const quoted = await late.client.post(QUOTE, { event_form_id: form.id });
      expect(quoted.status).toBe(422);
      expect(quoted.body.errors).toEqual({ event_form_id: [reason] });

      const updated = await early.client.put(`${BASE}/${event_billing.id}`, billingFields(form.id, { name: "Still here" }));
      expect(updated.status).toBe(422);
      expect(updated.body.errors).toEqual({ event_form_id: [reason] });
      const requoted = await early.client.post(QUOTE, { event_form_id: form.id, event_billing_id: event_billing.id });
      expect(requoted.status).toBe(422);
      expect(requoted.body.errors).toEqual({ event_form_id: [reason] });
      // Nothing changed: the old checkout is still the billing's.
      const seen = (await early.client.get(`${BASE}/${event_billing.id}`)).body.event_billing;
      expect(seen).toMatchObject({ name: "Ada Lovelace", connect_pay_id: event_billing.connect_pay_id });
    });
  }
});

describe("old checkouts stop being payable", () => {
  it("editing a billing closes its old sandbox checkout: declined page, Pay does nothing, the billing stays Pending", async () => {
    const { form } = await paidEventForm(t, "20", "USD");
    const p = await payer(t);
    const first = await createBilling(p.client, form.id);
    const oldId = first.event_billing.connect_pay_id!;
    const edit = await p.client.put(`${BASE}/${first.event_billing.id}`, billingFields(form.id, { name: "Ada L." }));
    expect(edit.status).toBe(200);
    expect(edit.body.event_billing.connect_pay_id).not.toBe(oldId);
    expect(await sandboxStatus(oldId)).toBe("failed");
    const page = await sandboxPage(first.payment_url!);
    expect(page.html).toContain("This test payment is already declined.");
    expect(page.html).not.toMatch(/<button[^>]*>Pay<\/button>/);
    await page.press("pay");
    expect(await sandboxStatus(oldId)).toBe("failed");
    // A declined old checkout says so, and does not fail the billing: its current checkout is still payable.
    const res = await verify(p.client, oldId);
    expect(res.body).toMatchObject({ payment_status: "Failed", event_billing: { id: first.event_billing.id, payment_status: "Pending" } });
    expect(res.body.message).toMatch(/declined/);
    expect(await sandboxStatus(edit.body.event_billing.connect_pay_id)).toBe("unpaid");
  });

  for (const status of ["Successful", "Cancelled", "Refunded"] as const) {
    it(`the owner moving a billing to ${status} closes its open checkout`, async () => {
      const { owner, form } = await paidEventForm(t, "20", "USD");
      const p = await payer(t);
      const { event_billing, payment_url } = await createBilling(p.client, form.id);
      expect((await changeTo(owner.client, event_billing.id, status)).status).toBe(200);
      expect(await sandboxStatus(event_billing.connect_pay_id!)).toBe("failed");
      await (await sandboxPage(payment_url!)).press("pay");
      expect(await sandboxStatus(event_billing.connect_pay_id!)).toBe("failed");
      expect(await paymentsOf(event_billing.id)).toHaveLength(0);
    });
  }

  it("moving a billing to Pending or Failed leaves its checkout open", async () => {
    const { owner, form } = await paidEventForm(t, "20", "USD");
    const p = await payer(t);
    const { event_billing } = await createBilling(p.client, form.id);
    await changeTo(owner.client, event_billing.id, "Failed");
    await changeTo(owner.client, event_billing.id, "Pending");
    expect(await sandboxStatus(event_billing.connect_pay_id!)).toBe("unpaid");
  });

  it("a provider that cannot expire the checkout does not undo the status change: it is logged", async () => {
    const { form } = await paidEventForm(t, "20", "USD");
    const p = await payer(t);
    const { event_billing } = await createBilling(p.client, form.id);
    const billing = (await loadBilling(t.database.db, event_billing.id))!;
    const failing = new StripeProvider({
      secretKey: "sk_test_x",
      fetch: async () => new Response(JSON.stringify({ error: { message: "Internal" } }), { status: 500 }),
    });
    const log = vi.fn();
    const changed = await changeStatus(
      t.database.db,
      failing,
      everyForm(billing.startupId),
      { id: billing.user_id, name: "Owner" },
      billing.id,
      "Cancelled",
      log,
    );
    expect(changed.payment_status).toBe("Cancelled");
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0][0]).toBe(`Could not expire checkout ${event_billing.connect_pay_id} at stripe`);
    expect((await loadBilling(t.database.db, billing.id))!.payment_status).toBe("Cancelled");
  });
});

describe("money taken for a refused payment is kept, and verify answers from the billing as it is now", () => {
  it("a paid checkout of a billing the owner Cancelled is refused once, recorded for a refund (BILLING_CLOSED)", async () => {
    const { owner, form } = await paidEventForm(t, "25", "USD");
    const p = await payer(t);
    const { event_billing, payment_url } = await createBilling(p.client, form.id);
    await pay(payment_url!);
    await changeTo(owner.client, event_billing.id, "Cancelled");
    const expected = {
      payment_status: "Failed",
      message: `${BILLING_CLOSED} ${RECORDED_FOR_REFUND}`,
      event_billing: { id: event_billing.id, event_form_id: form.id, payment_status: "Cancelled" },
    };
    const answers = await Promise.all([verify(p.client, event_billing.connect_pay_id), verify(p.client, event_billing.connect_pay_id)]);
    for (const a of answers) expect(a.body).toEqual(expected);
    expect((await verify(p.client, event_billing.connect_pay_id)).body).toEqual(expected);
    const rows = await paymentsOf(event_billing.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: "sandbox", amount: "25.00", currency: "USD", refusedReason: BILLING_CLOSED });
    expect(await appliedPaymentsOf(event_billing.id)).toHaveLength(0);
    const history = (await owner.client.get(`${BASE}/${event_billing.id}/single`)).body.event_billing.status_changes;
    expect(history.map((c: { from_status: string; to_status: string }) => [c.from_status, c.to_status])).toEqual([
      [null, "Pending"],
      ["Pending", "Cancelled"],
      ["Cancelled", "Cancelled"],
    ]);
    expect(history[2]).toMatchObject({
      changed_by: null,
      reason: `Payment ${event_billing.connect_pay_id} of USD 25.00 was taken by sandbox but not applied: ${BILLING_CLOSED} Refund it.`,
    });
    // Reopened, the billing still does not take that payment: the same refusal, nothing more recorded.
    await changeTo(owner.client, event_billing.id, "Pending");
    expect((await verify(p.client, event_billing.connect_pay_id)).body).toMatchObject({
      payment_status: "Failed",
      message: expected.message,
    });
    expect(await paymentsOf(event_billing.id)).toHaveLength(1);
    expect((await loadBilling(t.database.db, event_billing.id))!.payment_status).toBe("Pending");
  });

  it("a second paid checkout of a billing already paid is refused and recorded (ALREADY_PAID)", async () => {
    const { owner, form } = await paidEventForm(t, "25", "USD");
    const p = await payer(t);
    const first = await createBilling(p.client, form.id);
    await pay(first.payment_url!);
    // The payer edits before the first payment is verified, and pays the new checkout too.
    const edit = await p.client.put(`${BASE}/${first.event_billing.id}`, billingFields(form.id, { name: "Ada L." }));
    await pay(edit.body.payment_url);
    expect((await verify(p.client, edit.body.event_billing.connect_pay_id)).body.payment_status).toBe("Successful");
    const res = await verify(p.client, first.event_billing.connect_pay_id);
    expect(res.body).toEqual({
      payment_status: "Failed",
      message: `${ALREADY_PAID} ${RECORDED_FOR_REFUND}`,
      event_billing: { id: first.event_billing.id, event_form_id: form.id, payment_status: "Successful" },
    });
    const rows = await paymentsOf(first.event_billing.id);
    expect(rows.map((r) => [r.providerPaymentId, r.refusedReason]).sort()).toEqual(
      [
        [edit.body.event_billing.connect_pay_id, null],
        [first.event_billing.connect_pay_id, ALREADY_PAID],
      ].sort(),
    );
    const history = (await owner.client.get(`${BASE}/${first.event_billing.id}/single`)).body.event_billing.status_changes;
    expect(history.at(-1)).toMatchObject({ from_status: "Successful", to_status: "Successful", changed_by: null });
    // The owner's list still counts one payment's worth collected.
    const list = await owner.client.get(`${BASE}/${form.id}/all`);
    expect(list.body.totals).toMatchObject({ successful: 1, amount_collected: "25.00" });
  });

  it("an old declined checkout of a billing now Successful answers Successful", async () => {
    const { form } = await paidEventForm(t, "25", "USD");
    const p = await payer(t);
    const first = await createBilling(p.client, form.id);
    expect(await (await sandboxPage(first.payment_url!)).press("decline")).toBe(303);
    expect((await verify(p.client, first.event_billing.connect_pay_id)).body.payment_status).toBe("Failed");
    const edit = await p.client.put(`${BASE}/${first.event_billing.id}`, billingFields(form.id));
    await pay(edit.body.payment_url);
    expect((await verify(p.client, edit.body.event_billing.connect_pay_id)).body.payment_status).toBe("Successful");
    const old = await verify(p.client, first.event_billing.connect_pay_id);
    expect(old.body).toEqual({
      payment_status: "Successful",
      message: ALREADY_PAID,
      event_billing: { id: first.event_billing.id, event_form_id: form.id, payment_status: "Successful" },
    });
  });

  for (const [status, word] of [
    ["Refunded", "refunded"],
    ["Cancelled", "cancelled"],
  ] as const) {
    it(`an applied payment of a billing the owner has since ${status} answers ${status}`, async () => {
      const { owner, form } = await paidEventForm(t, "25", "USD");
      const p = await payer(t);
      const { event_billing, payment_url } = await createBilling(p.client, form.id);
      await pay(payment_url!);
      expect((await verify(p.client, event_billing.connect_pay_id)).body.payment_status).toBe("Successful");
      await changeTo(owner.client, event_billing.id, status);
      const res = await verify(p.client, event_billing.connect_pay_id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        payment_status: status,
        message: `This billing was ${word} by the organiser.`,
        event_billing: { id: event_billing.id, event_form_id: form.id, payment_status: status },
      });
      expect(await paymentsOf(event_billing.id)).toHaveLength(1);
      expect(await appliedPaymentsOf(event_billing.id)).toHaveLength(1);
    });
  }

  it("a Stripe payment id is not found when Stripe is not configured", async () => {
    const p = await payer(t);
    const res = await verify(p.client, "cs_test_abcdef");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Payment not found" });
  });
});
