import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingStatusChanges, couponCodes, eventBillings, payments } from "#api/db/billing-schema.ts";
import {
  billingFields,
  createBilling,
  createCoupon,
  formWithRefusedCoupons,
  formPost,
  paidEventForm,
  payer,
  paidThroughSandbox,
  pressSandboxButton,
} from "#api/testing/billing-fixtures.ts";
import { createEventForm, ownerWithCollection, setEventFormStatus } from "#api/testing/event-fixtures.ts";
import { parseCsv } from "#api/testing/csv.ts";
import { registered } from "#api/testing/fixtures.ts";
import { createTestApi, expectEveryCallRefused, type Call, type TestApi, type TestClient } from "#api/testing/harness.ts";
import { COUPON_REFUSALS } from "../coupons/service.ts";
import { ALREADY_BILLED, COUPON_USED_UP_ON_REOPEN, FORM_NOT_PAYABLE, PAYMENT_MISMATCH, RECORDED_FOR_REFUND } from "./messages.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const BASE = "/api/v1/admin/event_billings";

/** Follows the sandbox payment_url: the page, then the Pay or Decline button. */
const sandboxSettle = async (client: TestClient, paymentUrl: string, action: "pay" | "decline") =>
  (await pressSandboxButton(t, client, paymentUrl, action)).answer;

describe("creating a billing", () => {
  it("answers 401 without a login", async () => {
    const calls: Call[] = [
      ["POST", BASE, billingFields(1)],
      ["PUT", `${BASE}/1`, {}],
      ["POST", `${BASE}/verify_payment`, {}],
      ["GET", `${BASE}/1`],
      ["GET", `${BASE}/1/single`],
      ["GET", `${BASE}/1/all`],
      ["PUT", `${BASE}/1/change_status`, {}],
    ];
    await expectEveryCallRefused(t.client(), calls, 401, { message: "Unauthenticated." });
  });

  it("computes the price on the server and opens a sandbox checkout", async () => {
    const { form } = await paidEventForm(t, "50", "USD");
    const p = await payer(t);
    const res = await p.client.post(BASE, billingFields(form.id, { amount: "1", total: "0", discount: "50" }));
    expect(res.status).toBe(201);
    expect(res.body.event_billing).toMatchObject({
      event_form_id: form.id,
      user_id: p.id,
      amount: "50.00",
      discount: "0.00",
      total: "50.00",
      currency: "USD",
      payment_status: "Pending",
      provider: "sandbox",
      coupon_code: null,
    });
    expect(res.body.event_billing.connect_pay_id).toMatch(/^sbx_/);
    expect(res.body.payment_url).toBe(
      `/api/v1/payments/sandbox/${res.body.event_billing.connect_pay_id}?token=${res.body.payment_url.split("token=")[1]}`,
    );
  });

  it("takes a city only from the country's list, stored as the list spells it", async () => {
    const { form } = await paidEventForm(t);
    const p = await payer(t);
    const unknown = await p.client.post(BASE, billingFields(form.id, { city: "Atlantis" }));
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.city[0]).toMatch(/^The city is not one we know in Nigeria\./);
    const typo = await p.client.post(BASE, billingFields(form.id, { city: "Lagoss" }));
    expect(typo.body.errors.city).toEqual(["The city is not one we know in Nigeria. Did you mean Lagos?"]);
    const lower = await p.client.post(BASE, billingFields(form.id, { city: "lagos" }));
    expect(lower.status).toBe(201);
    expect(lower.body.event_billing.city).toBe("Lagos");
  });

  it("refuses a second billing for the same form", async () => {
    const { form } = await paidEventForm(t);
    const p = await payer(t);
    await createBilling(p.client, form.id);
    const res = await p.client.post(BASE, billingFields(form.id));
    expect(res.status).toBe(422);
    expect(res.body.errors.event_form_id).toEqual([ALREADY_BILLED]);
  });

  it("refuses a form that is not published or not paid", async () => {
    const { form: draft } = await paidEventForm(t, "50", "USD", "draft");
    const owner = await ownerWithCollection(t);
    const free = await setEventFormStatus(owner.client, (await createEventForm(owner.client, owner.collection.id)).id, "published");
    const p = await payer(t);
    for (const id of [draft.id, free.id, 999999]) {
      const res = await p.client.post(BASE, billingFields(id));
      expect(res.status).toBe(422);
      expect(res.body.errors.event_form_id).toEqual([FORM_NOT_PAYABLE]);
    }
  });

  it("validates the fields with Laravel-style messages", async () => {
    const p = await payer(t);
    const res = await p.client.post(BASE, { email: "nope", phone: "x" });
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatchObject({
      event_form_id: ["The event form id field is required."],
      name: ["The name field is required."],
      email: ["The email field must be a valid email address."],
      phone: ["The phone field must be a valid phone number."],
      address: ["The address field is required."],
    });
  });
});

describe("coupons", () => {
  it("applies percentage and fixed coupons, never above the price, and counts the use", async () => {
    const { owner, form } = await paidEventForm(t, "40", "USD");
    const pct = await createCoupon(owner.client, { value: 25 });
    const fixed = await createCoupon(owner.client, { discount_type: "fixed", value: 100, currency: "USD" });
    const a = await payer(t);
    const b = await payer(t);
    const one = await createBilling(a.client, form.id, { coupon_code: pct.code.toLowerCase() });
    expect(one.event_billing).toMatchObject({ discount: "10.00", total: "30.00", payment_status: "Pending" });
    const two = await createBilling(b.client, form.id, { coupon_code: fixed.code });
    // 100 off a 40 price: free, Successful at once, no payment.
    expect(two.event_billing).toMatchObject({ discount: "40.00", total: "0.00", payment_status: "Successful", connect_pay_id: null });
    expect(two.payment_url).toBeNull();
    const [row] = await t.database.db.select().from(couponCodes).where(eq(couponCodes.id, pct.id));
    expect(row.usesCount).toBe(1);
  });

  it("editing a billing to another coupon moves the counted use", async () => {
    const { owner, form } = await paidEventForm(t, "40", "USD");
    const first = await createCoupon(owner.client, { value: 10, max_uses: 5 });
    const second = await createCoupon(owner.client, { value: 50 });
    const p = await payer(t);
    const { event_billing } = await createBilling(p.client, form.id, { coupon_code: first.code });
    const same = await p.client.put(`${BASE}/${event_billing.id}`, billingFields(form.id, { coupon_code: first.code }));
    expect(same.body.event_billing.total).toBe("36.00");
    const uses = async (id: number) => (await t.database.db.select().from(couponCodes).where(eq(couponCodes.id, id)))[0].usesCount;
    expect(await uses(first.id)).toBe(1);
    const moved = await p.client.put(`${BASE}/${event_billing.id}`, billingFields(form.id, { coupon_code: second.code }));
    expect(moved.status).toBe(200);
    expect(moved.body.event_billing).toMatchObject({ discount: "20.00", total: "20.00", coupon_code: { id: second.id } });
    expect(await uses(first.id)).toBe(0);
    expect(await uses(second.id)).toBe(1);
    const dropped = await p.client.put(`${BASE}/${event_billing.id}`, billingFields(form.id));
    expect(dropped.body.event_billing).toMatchObject({ discount: "0.00", total: "40.00", coupon_code: null });
    expect(await uses(second.id)).toBe(0);
  });

  it("two billings swapping coupons at the same time never deadlock, and each use is counted once", async () => {
    const { owner, form } = await paidEventForm(t, "40", "USD");
    const x = await createCoupon(owner.client, { value: 10 });
    const y = await createCoupon(owner.client, { value: 20 });
    const a = await payer(t);
    const b = await payer(t);
    const billingA = (await createBilling(a.client, form.id, { coupon_code: x.code })).event_billing;
    const billingB = (await createBilling(b.client, form.id, { coupon_code: y.code })).event_billing;
    let [codeA, codeB] = [x.code, y.code];
    for (let round = 0; round < 8; round++) {
      [codeA, codeB] = [codeB, codeA];
      const results = await Promise.all([
        a.client.put(`${BASE}/${billingA.id}`, billingFields(form.id, { coupon_code: codeA })),
        b.client.put(`${BASE}/${billingB.id}`, billingFields(form.id, { coupon_code: codeB })),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200]);
    }
    const uses = async (id: number) => (await t.database.db.select().from(couponCodes).where(eq(couponCodes.id, id)))[0].usesCount;
    expect([await uses(x.id), await uses(y.id)]).toEqual([1, 1]);
  });

  it("a 100% coupon makes the billing Successful with no payment", async () => {
    const { owner, form } = await paidEventForm(t, "75", "EUR");
    const full = await createCoupon(owner.client, { value: 100 });
    const p = await payer(t);
    const res = await createBilling(p.client, form.id, { coupon_code: full.code });
    expect(res.payment_url).toBeNull();
    expect(res.event_billing).toMatchObject({ total: "0.00", payment_status: "Successful" });
    const rows = await t.database.db.select().from(payments).where(eq(payments.eventBillingId, res.event_billing.id));
    expect(rows).toHaveLength(0);
  });

  it("refuses expired, inactive, unknown and out-of-scope coupons with their messages", async () => {
    const { form, refused } = await formWithRefusedCoupons(t);
    const p = await payer(t);
    for (const [c, message] of refused) {
      const res = await p.client.post(BASE, billingFields(form.id, { coupon_code: c }));
      expect(res.status).toBe(422);
      expect(res.body.errors.coupon_code).toEqual([message]);
    }
    expect(await t.database.db.select().from(eventBillings).where(eq(eventBillings.userId, p.id))).toHaveLength(0);
  });

  it("50 parallel billings on a coupon with 10 uses give exactly 10 discounted", async () => {
    const { owner, form } = await paidEventForm(t, "20", "USD");
    const limited = await createCoupon(owner.client, { value: 50, max_uses: 10 });
    const payers: Awaited<ReturnType<typeof registered>>[] = [];
    for (let i = 0; i < 5; i++) payers.push(...(await Promise.all(Array.from({ length: 10 }, () => registered(t, "Racer")))));
    await Promise.all(payers.map((p) => p.client.prime()));
    const results = await Promise.all(payers.map((p) => p.client.post(BASE, billingFields(form.id, { coupon_code: limited.code }))));
    const ok = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 422);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.body.errors.coupon_code).toEqual([COUPON_REFUSALS.usedUp]);
    const [row] = await t.database.db.select().from(couponCodes).where(eq(couponCodes.id, limited.id));
    expect(row.usesCount).toBe(10);
    const discounted = await t.database.db.select().from(eventBillings).where(eq(eventBillings.couponCodeId, limited.id));
    expect(discounted).toHaveLength(10);
  });
});

describe("sandbox checkout and verification", () => {
  it("serves a plain test page with Pay and Decline, requires the token, and redirects back", async () => {
    const { form } = await paidEventForm(t, "12.5", "USD");
    const p = await payer(t);
    const { event_billing, payment_url } = await createBilling(p.client, form.id);
    const page = await t.client().get(payment_url!);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(page.body).toContain("Test payment — no money moves");
    expect(page.body).toContain("USD 12.50");
    expect(page.body).toContain("Paid summit");
    expect(page.body).toMatch(/<button[^>]*>Pay<\/button>/);
    expect(page.body).toMatch(/<button[^>]*>Decline<\/button>/);
    expect(page.body).not.toMatch(/<script/i);

    const id = event_billing.connect_pay_id!;
    expect((await t.client().get(`/api/v1/payments/sandbox/${id}`)).status).toBe(404);
    expect((await t.client().get(`/api/v1/payments/sandbox/${id}?token=wrong`)).status).toBe(404);
    expect((await formPost(t, `/api/v1/payments/sandbox/${id}/pay`, { token: "wrong" })).status).toBe(404);
    expect((await formPost(t, `/api/v1/payments/sandbox/${id}/decline`, {})).status).toBe(404);

    const pending = await p.client.post(`${BASE}/verify_payment`, { connect_pay_id: id });
    expect(pending.body).toEqual({
      payment_status: "Pending",
      message: "The payment has not been completed yet.",
      event_billing: { id: event_billing.id, event_form_id: form.id, payment_status: "Pending" },
    });

    const res = await sandboxSettle(p.client, payment_url!, "pay");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/form-submission/payment-processing?connect_pay_id=${id}`);
    const verified = await p.client.post(`${BASE}/verify_payment`, { connect_pay_id: id });
    expect(verified.status).toBe(200);
    expect(verified.body.payment_status).toBe("Successful");
    const got = await p.client.get(`${BASE}/${event_billing.id}`);
    expect(got.body.event_billing.payment_status).toBe("Successful");
    expect(got.body.event_billing.paid_at).not.toBeNull();
    // A paid billing cannot be edited.
    const edit = await p.client.put(`${BASE}/${event_billing.id}`, billingFields(form.id));
    expect(edit.status).toBe(422);
  });

  it("Decline marks the billing Failed, and editing it opens a new checkout", async () => {
    const { form } = await paidEventForm(t);
    const p = await payer(t);
    const { event_billing, payment_url } = await createBilling(p.client, form.id);
    const res = await sandboxSettle(p.client, payment_url!, "decline");
    expect(res.status).toBe(303);
    const verified = await p.client.post(`${BASE}/verify_payment`, { connect_pay_id: event_billing.connect_pay_id });
    expect(verified.body.payment_status).toBe("Failed");
    expect(verified.body.message).toMatch(/declined/);
    expect(verified.body.event_billing).toEqual({ id: event_billing.id, event_form_id: form.id, payment_status: "Failed" });
    const edit = await p.client.put(`${BASE}/${event_billing.id}`, billingFields(form.id, { name: "Ada L." }));
    expect(edit.status).toBe(200);
    expect(edit.body.event_billing).toMatchObject({ name: "Ada L.", payment_status: "Pending" });
    expect(edit.body.payment_url).toMatch(/^\/api\/v1\/payments\/sandbox\/sbx_/);
    expect(edit.body.event_billing.connect_pay_id).not.toBe(event_billing.connect_pay_id);
  });

  it("verifying the same payment 20 times in parallel records exactly one payment", async () => {
    const { form } = await paidEventForm(t);
    const p = await payer(t);
    const { event_billing, payment_url } = await createBilling(p.client, form.id);
    await sandboxSettle(p.client, payment_url!, "pay");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => p.client.post(`${BASE}/verify_payment`, { connect_pay_id: event_billing.connect_pay_id })),
    );
    for (const a of answers) expect(a.body.payment_status).toBe("Successful");
    const rows = await t.database.db.select().from(payments).where(eq(payments.eventBillingId, event_billing.id));
    expect(rows).toHaveLength(1);
    const changes = await t.database.db
      .select()
      .from(billingStatusChanges)
      .where(eq(billingStatusChanges.eventBillingId, event_billing.id));
    expect(changes.filter((c) => c.toStatus === "Successful")).toHaveLength(1);
  });

  it("refuses a payment for a billing that changed after the checkout, and keeps it for a refund", async () => {
    const { owner, form } = await paidEventForm(t, "50");
    const pct = await createCoupon(owner.client, { value: 20 });
    const p = await payer(t);
    const { event_billing, payment_url } = await createBilling(p.client, form.id);
    // Paid on the provider's page, then the billing is edited before the payment is verified.
    await sandboxSettle(p.client, payment_url!, "pay");
    const edit = await p.client.put(`${BASE}/${event_billing.id}`, billingFields(form.id, { coupon_code: pct.code }));
    expect(edit.body.event_billing.total).toBe("40.00");
    const expected = {
      payment_status: "Failed",
      message: `${PAYMENT_MISMATCH} ${RECORDED_FOR_REFUND}`,
      event_billing: { id: event_billing.id, event_form_id: form.id, payment_status: "Pending" },
    };
    const res = await p.client.post(`${BASE}/verify_payment`, { connect_pay_id: event_billing.connect_pay_id });
    // Refused, with the reason and the billing to pay again; the billing stays unpaid.
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expected);
    // The money taken is kept as a refused payment, with one line in the billing's history.
    const rows = await t.database.db.select().from(payments).where(eq(payments.eventBillingId, event_billing.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      providerPaymentId: event_billing.connect_pay_id,
      amount: "50.00",
      currency: "USD",
      refusedReason: PAYMENT_MISMATCH,
    });
    // A later verify answers the same, and records nothing more.
    expect((await p.client.post(`${BASE}/verify_payment`, { connect_pay_id: event_billing.connect_pay_id })).body).toEqual(expected);
    expect(await t.database.db.select().from(payments).where(eq(payments.eventBillingId, event_billing.id))).toHaveLength(1);
    const single = await owner.client.get(`${BASE}/${event_billing.id}/single`);
    const refusals = single.body.event_billing.status_changes.filter((c: { reason: string }) => c.reason.includes("not applied"));
    expect(refusals).toEqual([
      expect.objectContaining({
        from_status: "Pending",
        to_status: "Pending",
        changed_by: null,
        reason: `Payment ${event_billing.connect_pay_id} of USD 50.00 was taken by sandbox but not applied: ${PAYMENT_MISMATCH} Refund it.`,
      }),
    ]);
    expect(single.body.event_billing.payment_status).toBe("Pending");
  });

  it("answers 404 for an unknown payment or another user's", async () => {
    const { form } = await paidEventForm(t);
    const p = await payer(t);
    const other = await payer(t);
    const { event_billing } = await createBilling(p.client, form.id);
    expect((await p.client.post(`${BASE}/verify_payment`, { connect_pay_id: "sbx_nothing" })).status).toBe(404);
    expect((await other.client.post(`${BASE}/verify_payment`, { connect_pay_id: event_billing.connect_pay_id })).status).toBe(404);
    const empty = await p.client.post(`${BASE}/verify_payment`, {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors.connect_pay_id).toEqual(["The connect pay id field is required."]);
  });
});

describe("reading and managing billings", () => {
  it("shows a billing to its payer and the form owner only", async () => {
    const { owner, form } = await paidEventForm(t);
    const p = await payer(t);
    const stranger = await payer(t);
    const { event_billing } = await createBilling(p.client, form.id);
    expect((await p.client.get(`${BASE}/${event_billing.id}`)).status).toBe(200);
    expect((await owner.client.get(`${BASE}/${event_billing.id}`)).status).toBe(200);
    const single = await owner.client.get(`${BASE}/${event_billing.id}/single`);
    expect(single.status).toBe(200);
    expect(single.body.event_billing.status_changes).toHaveLength(1);
    for (const path of [`${BASE}/${event_billing.id}`, `${BASE}/${event_billing.id}/single`, `${BASE}/99999999`, `${BASE}/abc`]) {
      const res = await stranger.client.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ message: "Event billing not found" });
    }
    const otherOwner = await ownerWithCollection(t);
    expect((await otherOwner.client.get(`${BASE}/${event_billing.id}`)).status).toBe(404);
    expect((await stranger.client.put(`${BASE}/${event_billing.id}`, billingFields(form.id))).status).toBe(404);
  });

  it("a billing waiting for payment carries its payment_url in every answer; none once paid or closed", async () => {
    const { owner, form } = await paidEventForm(t);
    const [paying, leaving] = [await payer(t), await payer(t)];
    const paid = await createBilling(paying.client, form.id);
    const closed = await createBilling(leaving.client, form.id);
    /** The billing's payment_url as its payer reads it, as its owner opens it, and in the owner's list. */
    const urls = async (id: number, payerClient: TestClient) => {
      const list = (await owner.client.get(`${BASE}/${form.id}/all`)).body.data as { id: number; payment_url: string | null }[];
      return [
        (await payerClient.get(`${BASE}/${id}`)).body.event_billing.payment_url,
        (await owner.client.get(`${BASE}/${id}/single`)).body.event_billing.payment_url,
        list.find((row) => row.id === id)!.payment_url,
      ];
    };
    expect(paid.payment_url).toMatch(/^\/api\/v1\/payments\/sandbox\/sbx_/);
    expect(paid.event_billing.payment_url).toBe(paid.payment_url);
    expect(await urls(paid.event_billing.id, paying.client)).toEqual(Array(3).fill(paid.payment_url));
    expect(await urls(closed.event_billing.id, leaving.client)).toEqual(Array(3).fill(closed.payment_url));

    await paidThroughSandbox(t, paying.client, paid.payment_url!);
    expect(await urls(paid.event_billing.id, paying.client)).toEqual([null, null, null]);
    const cancel = await owner.client.put(`${BASE}/${closed.event_billing.id}/change_status`, { status: "Cancelled" });
    expect(cancel.body.event_billing.payment_url).toBeNull();
    expect(await urls(closed.event_billing.id, leaving.client)).toEqual([null, null, null]);
  });

  it("lists a form's billings for its owner with filters and totals", async () => {
    const { owner, form } = await paidEventForm(t, "30");
    const full = await createCoupon(owner.client, { value: 100 });
    const tenth = await createCoupon(owner.client, { value: 10 });
    const a = await registered(t, "Alice Payer");
    const b = await registered(t, "Bob Payer");
    await createBilling(a.client, form.id, { name: "Alice Payer", coupon_code: tenth.code });
    await createBilling(b.client, form.id, { name: "Bob Payer", coupon_code: full.code });
    const all = await owner.client.get(`${BASE}/${form.id}/all`);
    expect(all.status).toBe(200);
    expect(all.body.meta.total).toBe(2);
    // Like the amount collected, discounts count only Successful billings: Alice's pending 3.00 is not given yet.
    expect(all.body.totals).toMatchObject({ billings: 2, successful: 1, pending: 1, amount_collected: "0.00", discounts: "30.00" });
    // The form it lists, so the payments screen needs no second call.
    expect(all.body.event_form).toMatchObject({
      id: form.id,
      title: form.title,
      type_of_event: "paid",
      paid_event_information: { price: "30" },
    });
    const pending = await owner.client.get(`${BASE}/${form.id}/all?payment_status=Pending`);
    expect(pending.body.data.map((d: { name: string }) => d.name)).toEqual(["Alice Payer"]);
    // Each row's own money, never the list's row count (both are "totals" of a kind).
    expect(pending.body.data[0]).toMatchObject({ amount: "30.00", discount: "3.00", total: "27.00" });
    const search = await owner.client.get(`${BASE}/${form.id}/all?search=bob`);
    expect(search.body.data.map((d: { name: string }) => d.name)).toEqual(["Bob Payer"]);
    const otherOwner = await ownerWithCollection(t);
    const foreign = await otherOwner.client.get(`${BASE}/${form.id}/all`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: "Event form not found" });
    expect((await a.client.get(`${BASE}/${form.id}/all`)).status).toBe(403);
  });

  it("lets the owner change a status and keeps who, when, from and to", async () => {
    const { owner, form } = await paidEventForm(t);
    const p = await payer(t);
    const { event_billing } = await createBilling(p.client, form.id);
    const bad = await owner.client.put(`${BASE}/${event_billing.id}/change_status`, { status: "Paid" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.status).toEqual(["The selected status is invalid."]);
    const res = await owner.client.put(`${BASE}/${event_billing.id}/change_status`, { status: "Cancelled" });
    expect(res.status).toBe(200);
    expect(res.body.event_billing.payment_status).toBe("Cancelled");
    const single = await owner.client.get(`${BASE}/${event_billing.id}/single`);
    const last = single.body.event_billing.status_changes.at(-1);
    expect(last).toMatchObject({ from_status: "Pending", to_status: "Cancelled", changed_by: { id: owner.id } });
    expect(last.created_at).toMatch(/^\d{4}-/);
    expect((await p.client.put(`${BASE}/${event_billing.id}/change_status`, { status: "Successful" })).status).toBe(403);
    const otherOwner = await ownerWithCollection(t);
    expect((await otherOwner.client.put(`${BASE}/${event_billing.id}/change_status`, { status: "Successful" })).status).toBe(404);
  });
});

describe("deleting what has been billed", () => {
  it("a paid form with a billing is closed, not deleted: a clear 422 instead of a database error", async () => {
    const owner = await ownerWithCollection(t);
    const form = await createEventForm(owner.client, owner.collection.id, {
      type_of_event: "paid",
      paid_event_information: { price: "10.00", currency: "USD" },
    });
    await setEventFormStatus(owner.client, form.id, "published");
    const payer = await registered(t);
    const billing = await payer.client.post("/api/v1/admin/event_billings", {
      event_form_id: form.id,
      name: "Pat Payer",
      email: "pat@example.com",
      phone: "+234 801 234 5678",
      address: "1 Main Street",
      country: "NG",
      city: "Lagos",
    });
    expect(billing.status).toBe(201);
    const refused = await owner.client.delete(`/api/v1/admin/event_forms/${form.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.event_form).toEqual(["This form has billings. Close it instead of deleting it."]);
    const collection = await owner.client.request("DELETE", `/api/v1/admin/collections/${owner.collection.id}`, { forms_action: "delete" });
    expect(collection.status).toBe(422);
    expect(collection.body.errors.forms_action).toEqual(["Some of these forms have billings. Move them to another collection instead."]);
  });
});

describe("exporting a form's billings as CSV", () => {
  const csvOf = (client: TestClient, formId: number, query = "") => client.get<string>(`${BASE}/${formId}/all.csv${query}`);

  it("answers every matching billing with the list's filters, one row each, formula-safe", async () => {
    const { owner, form } = await paidEventForm(t, "30", "USD");
    const pct = await createCoupon(owner.client, { value: 10 });
    const full = await createCoupon(owner.client, { value: 100 });
    const alice = await registered(t, "Alice Payer");
    const mallory = await registered(t, "Mallory");
    const bob = await registered(t, "Bob Payer");
    const a = await createBilling(alice.client, form.id, {
      name: "Alice Payer",
      email: "alice@example.com",
      phone: "+234 803 123 4567",
      address: "12 Allen Avenue, Ikeja",
      city: "Lagos",
      country: "Nigeria",
      coupon_code: pct.code,
    });
    const m = await createBilling(mallory.client, form.id, {
      name: '=HYPERLINK("http://evil.example","click")',
      email: "mallory@example.com",
      coupon_code: full.code,
    });
    await createBilling(bob.client, form.id, { name: "Bob Payer", email: "bob@example.com" });

    const res = await csvOf(owner.client, form.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="billings-${form.id}.csv"`);
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([
      "ID",
      "Name",
      "Email",
      "Phone",
      "Address",
      "City",
      "Country",
      "Coupon",
      "Amount",
      "Discount",
      "Total",
      "Refunded",
      "Net",
      "Currency",
      "Status",
      "Paid at",
      "Created at",
    ]);
    expect(rows).toHaveLength(4);
    // Newest first, like the list.
    expect(rows.slice(1).map((r) => r[2])).toEqual(["bob@example.com", "mallory@example.com", "alice@example.com"]);
    const single = (await owner.client.get(`${BASE}/${a.event_billing.id}`)).body.event_billing;
    expect(rows[3]).toEqual([
      String(a.event_billing.id),
      "Alice Payer",
      "alice@example.com",
      // Formula-safe: a leading "+" is neutralised like "=", "-" and "@".
      "'+234 803 123 4567",
      "12 Allen Avenue, Ikeja",
      "Lagos",
      "Nigeria",
      pct.code,
      "30.00",
      "3.00",
      "27.00",
      "0.00",
      // Nothing came in yet.
      "0.00",
      "USD",
      "Pending",
      "",
      single.created_at,
    ]);
    // A name a spreadsheet would run as a formula is neutralised.
    expect(rows[2][1]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(rows[2].slice(8, 16)).toEqual([
      "30.00",
      "30.00",
      "0.00",
      "0.00",
      "0.00",
      "USD",
      "Successful",
      (await owner.client.get(`${BASE}/${m.event_billing.id}`)).body.event_billing.paid_at,
    ]);
    // The raw text has it quoted, never starting a cell with "=".
    expect(res.body).not.toMatch(/(^|,)=HYPERLINK/m);

    const successful = parseCsv((await csvOf(owner.client, form.id, "?payment_status=Successful")).body);
    expect(successful.slice(1).map((r) => r[2])).toEqual(["mallory@example.com"]);
    const searched = parseCsv((await csvOf(owner.client, form.id, "?search=bob")).body);
    expect(searched.slice(1).map((r) => r[2])).toEqual(["bob@example.com"]);
    const byName = parseCsv((await csvOf(owner.client, form.id, "?sort_by=name&sort_order=asc")).body);
    expect(byName.slice(1).map((r) => r[2])).toEqual(["mallory@example.com", "alice@example.com", "bob@example.com"]);
    // Not paged: page and per_page are ignored.
    const unpaged = parseCsv((await csvOf(owner.client, form.id, "?per_page=1&page=2")).body);
    expect(unpaged).toHaveLength(4);
    const none = parseCsv((await csvOf(owner.client, form.id, "?search=nobody-at-all")).body);
    expect(none).toHaveLength(1);
  });

  it("is only for the form's owner with the billing read permission", async () => {
    const { form } = await paidEventForm(t);
    const p = await payer(t);
    await createBilling(p.client, form.id);
    const otherOwner = await ownerWithCollection(t);
    const foreign = await csvOf(otherOwner.client, form.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: "Event form not found" });
    for (const id of [99999999, "abc"]) {
      const missing = await otherOwner.client.get(`${BASE}/${id}/all.csv`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: "Event form not found" });
    }
    const forbidden = await csvOf(p.client, form.id);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ message: "Access Forbidden" });
    expect((await t.client().get(`${BASE}/${form.id}/all.csv`)).status).toBe(401);
  });
});

describe("changing a status gives back or takes again a coupon use", () => {
  const usesOf = async (id: number) => (await t.database.db.select().from(couponCodes).where(eq(couponCodes.id, id)))[0].usesCount;
  const changeTo = (owner: TestClient, id: number, status: string) => owner.put(`${BASE}/${id}/change_status`, { status });

  it("cancelling frees the use, and reopening counts it again", async () => {
    const { owner, form } = await paidEventForm(t, "40", "USD");
    const limited = await createCoupon(owner.client, { value: 25, max_uses: 5 });
    const p = await payer(t);
    const { event_billing } = await createBilling(p.client, form.id, { coupon_code: limited.code });
    expect(await usesOf(limited.id)).toBe(1);

    expect((await changeTo(owner.client, event_billing.id, "Cancelled")).body.event_billing.payment_status).toBe("Cancelled");
    expect(await usesOf(limited.id)).toBe(0);
    // Cancelling twice changes nothing more.
    expect((await changeTo(owner.client, event_billing.id, "Cancelled")).status).toBe(200);
    expect(await usesOf(limited.id)).toBe(0);

    expect((await changeTo(owner.client, event_billing.id, "Pending")).body.event_billing.payment_status).toBe("Pending");
    expect(await usesOf(limited.id)).toBe(1);
    // Between other statuses the use stays counted once.
    await changeTo(owner.client, event_billing.id, "Successful");
    await changeTo(owner.client, event_billing.id, "Refunded");
    expect(await usesOf(limited.id)).toBe(1);
    await changeTo(owner.client, event_billing.id, "Cancelled");
    expect(await usesOf(limited.id)).toBe(0);
  });

  it("a billing without a coupon changes status without touching any coupon", async () => {
    const { owner, form } = await paidEventForm(t, "40", "USD");
    const other = await createCoupon(owner.client, { value: 25 });
    const user = await payer(t);
    await createBilling(user.client, form.id, { coupon_code: other.code });
    const p = await payer(t);
    const { event_billing } = await createBilling(p.client, form.id);
    await changeTo(owner.client, event_billing.id, "Cancelled");
    await changeTo(owner.client, event_billing.id, "Pending");
    expect(await usesOf(other.id)).toBe(1);
  });

  it("refuses to reopen a cancelled billing whose coupon has been used up meanwhile", async () => {
    const { owner, form } = await paidEventForm(t, "40", "USD");
    const single = await createCoupon(owner.client, { value: 50, max_uses: 1 });
    const first = await payer(t);
    const { event_billing } = await createBilling(first.client, form.id, { coupon_code: single.code });
    await changeTo(owner.client, event_billing.id, "Cancelled");
    const second = await payer(t);
    await createBilling(second.client, form.id, { coupon_code: single.code });
    expect(await usesOf(single.id)).toBe(1);
    const res = await changeTo(owner.client, event_billing.id, "Pending");
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ status: [COUPON_USED_UP_ON_REOPEN] });
    expect((await owner.client.get(`${BASE}/${event_billing.id}`)).body.event_billing.payment_status).toBe("Cancelled");
    expect(await usesOf(single.id)).toBe(1);
  });
});
