import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { couponCodes } from "#api/db/billing-schema.ts";
import { billingFields, createBilling, createCoupon, formWithRefusedCoupons, paidEventForm, payer } from "#api/testing/billing-fixtures.ts";
import { createEventForm, ownerWithCollection, setEventFormStatus } from "#api/testing/event-fixtures.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import { COUPON_REFUSALS } from "../coupons/service.ts";
import { ALREADY_PAID, BILLING_CLOSED, FORM_CANNOT_CHANGE, FORM_NOT_PAYABLE } from "./messages.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const QUOTE = "/api/v1/admin/event_billings/quote";

const usesOf = async (id: number) => (await t.database.db.select().from(couponCodes).where(eq(couponCodes.id, id)))[0].usesCount;

describe("POST /api/v1/admin/event_billings/quote", () => {
  it("needs a login", async () => {
    const guest = t.client();
    const res = await guest.post(QUOTE, { event_form_id: 1 });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Unauthenticated." });
  });

  it("prices a form without a coupon", async () => {
    const { form } = await paidEventForm(t, "25", "USD");
    const p = await payer(t);
    const res = await p.client.post(QUOTE, { event_form_id: form.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      quote: {
        event_form: { id: form.id, title: "Paid summit" },
        amount: "25.00",
        discount: "0.00",
        total: "25.00",
        currency: "USD",
        coupon_code: null,
      },
    });
  });

  it("applies a coupon as typed, ignoring case and spaces, and never counts a use", async () => {
    const { owner, form } = await paidEventForm(t, "25", "USD");
    const pct = await createCoupon(owner.client, { value: 20, max_uses: 1 });
    const p = await payer(t);
    for (let i = 0; i < 3; i++) {
      // The whole billing form may be sent along; only the form and the code matter.
      const res = await p.client.post(QUOTE, { ...billingFields(form.id), coupon_code: `  ${pct.code.toLowerCase()} ` });
      expect(res.status).toBe(200);
      expect(res.body.quote).toEqual({
        event_form: { id: form.id, title: "Paid summit" },
        amount: "25.00",
        discount: "5.00",
        total: "20.00",
        currency: "USD",
        coupon_code: { id: pct.id, code: pct.code },
      });
    }
    expect(await usesOf(pct.id)).toBe(0);
    // Quoting left the single use free for a real billing.
    const billed = await createBilling(p.client, form.id, { coupon_code: pct.code });
    expect(billed.event_billing.total).toBe("20.00");
    expect(await usesOf(pct.id)).toBe(1);
  });

  it("a fixed coupon never takes the total below zero", async () => {
    const { owner, form } = await paidEventForm(t, "40", "EUR");
    const fixed = await createCoupon(owner.client, { discount_type: "fixed", value: 100, currency: "EUR" });
    const p = await payer(t);
    const res = await p.client.post(QUOTE, { event_form_id: form.id, coupon_code: fixed.code });
    expect(res.body.quote).toMatchObject({ amount: "40.00", discount: "40.00", total: "0.00", currency: "EUR" });
  });

  it("refuses coupons with the same messages as creating a billing", async () => {
    const { owner, form, refused } = await formWithRefusedCoupons(t);
    const usedUp = await createCoupon(owner.client, { max_uses: 1 });
    await createBilling((await payer(t)).client, form.id, { coupon_code: usedUp.code });
    const p = await payer(t);
    for (const [c, message] of [...refused, [usedUp.code, COUPON_REFUSALS.usedUp]]) {
      const quoted = await p.client.post(QUOTE, { event_form_id: form.id, coupon_code: c });
      expect(quoted.status, c).toBe(422);
      expect(quoted.body.errors).toEqual({ coupon_code: [message] });
      const created = await p.client.post("/api/v1/admin/event_billings", billingFields(form.id, { coupon_code: c }));
      expect(created.body.errors.coupon_code).toEqual(quoted.body.errors.coupon_code);
    }
  });

  it("refuses a form that is not published and paid, and a missing form id", async () => {
    const { form: draft } = await paidEventForm(t, "50", "USD", "draft");
    const owner = await ownerWithCollection(t);
    const free = await setEventFormStatus(owner.client, (await createEventForm(owner.client, owner.collection.id)).id, "published");
    const p = await payer(t);
    for (const id of [draft.id, free.id, 999999]) {
      const res = await p.client.post(QUOTE, { event_form_id: id });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message: FORM_NOT_PAYABLE, errors: { event_form_id: [FORM_NOT_PAYABLE] } });
    }
    const missing = await p.client.post(QUOTE, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors.event_form_id).toEqual(["The event form id field is required."]);
  });

  it("with event_billing_id, keeps that billing's own coupon even when no one else could use it now", async () => {
    const { owner, form } = await paidEventForm(t, "30", "USD");
    const single = await createCoupon(owner.client, { value: 50, max_uses: 1 });
    const p = await payer(t);
    const { event_billing } = await createBilling(p.client, form.id, { coupon_code: single.code });
    // Used up, and then switched off by the owner.
    await t.database.db.update(couponCodes).set({ isActive: false }).where(eq(couponCodes.id, single.id));

    const withoutBilling = await p.client.post(QUOTE, { event_form_id: form.id, coupon_code: single.code });
    expect(withoutBilling.body.errors.coupon_code).toEqual([COUPON_REFUSALS.inactive]);
    const kept = await p.client.post(QUOTE, { event_form_id: form.id, coupon_code: single.code, event_billing_id: event_billing.id });
    expect(kept.status).toBe(200);
    expect(kept.body.quote).toMatchObject({ discount: "15.00", total: "15.00", coupon_code: { id: single.id } });
    // The same as what saving the billing answers.
    const saved = await p.client.put(
      `/api/v1/admin/event_billings/${event_billing.id}`,
      billingFields(form.id, { coupon_code: single.code }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.event_billing).toMatchObject({ discount: "15.00", total: "15.00" });
    // Dropping the coupon is quoted at full price, and nothing is counted either way.
    const dropped = await p.client.post(QUOTE, { event_form_id: form.id, event_billing_id: event_billing.id });
    expect(dropped.body.quote).toMatchObject({ discount: "0.00", total: "30.00", coupon_code: null });
    expect(await usesOf(single.id)).toBe(1);
  });

  it("with event_billing_id, counts the payer's other billings against a per-user limit, not this one", async () => {
    const { owner, form } = await paidEventForm(t, "30", "USD");
    const second = await createEventForm(owner.client, owner.collection.id, {
      title: "Second",
      type_of_event: "paid",
      paid_event_information: { price: "10", currency: "USD" },
    });
    await setEventFormStatus(owner.client, second.id, "published");
    const once = await createCoupon(owner.client, { value: 10, uses_per_user: 1 });
    const p = await payer(t);
    const { event_billing } = await createBilling(p.client, form.id, { coupon_code: once.code });
    const here = await p.client.post(QUOTE, { event_form_id: form.id, coupon_code: once.code, event_billing_id: event_billing.id });
    expect(here.status).toBe(200);
    expect(here.body.quote.total).toBe("27.00");
    const elsewhere = await p.client.post(QUOTE, { event_form_id: second.id, coupon_code: once.code });
    expect(elsewhere.body.errors.coupon_code).toEqual([COUPON_REFUSALS.usedUpByUser]);
    const someoneElse = await payer(t);
    expect((await someoneElse.client.post(QUOTE, { event_form_id: second.id, coupon_code: once.code })).status).toBe(200);
  });

  it("with event_billing_id, answers 404 for another user's billing and follows the editing rules", async () => {
    const { owner, form } = await paidEventForm(t, "30", "USD");
    const full = await createCoupon(owner.client, { value: 100 });
    const p = await payer(t);
    const stranger = await payer(t);
    const { event_billing } = await createBilling(p.client, form.id);
    for (const id of [event_billing.id, 99999999]) {
      const res = await stranger.client.post(QUOTE, { event_form_id: form.id, event_billing_id: id });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Event billing not found" });
    }
    const { form: otherForm } = await paidEventForm(t, "10", "USD");
    const moved = await p.client.post(QUOTE, { event_form_id: otherForm.id, event_billing_id: event_billing.id });
    expect(moved.body.errors).toEqual({ event_form_id: [FORM_CANNOT_CHANGE] });

    const paid = await createBilling(stranger.client, form.id, { coupon_code: full.code });
    expect(paid.event_billing.payment_status).toBe("Successful");
    const paidQuote = await stranger.client.post(QUOTE, { event_form_id: form.id, event_billing_id: paid.event_billing.id });
    expect(paidQuote.body.errors).toEqual({ payment_status: [ALREADY_PAID] });

    await owner.client.put(`/api/v1/admin/event_billings/${event_billing.id}/change_status`, { status: "Cancelled" });
    const cancelled = await p.client.post(QUOTE, { event_form_id: form.id, event_billing_id: event_billing.id });
    expect(cancelled.body.errors).toEqual({ payment_status: [BILLING_CLOSED] });
  });
});
