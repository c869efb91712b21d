import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeStripe, type FakeStripe } from "../../tests/fakes/stripe.ts";
import { fromCents, toCents, type CheckoutRequest } from "./provider.ts";
import { checkSandboxToken, sandboxPage, sandboxToken } from "./sandbox.ts";
import { signStripePayload, STRIPE_API_VERSION, StripeError, StripeProvider, verifyStripeSignature } from "./stripe.ts";

/** A checkout request for billing `billingId` (its first attempt unless told), as the billing service makes one. */
const checkoutRequest = (billingId: number, fields: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  billingId,
  attemptId: `billing-${billingId}-1`,
  amount: "10",
  currency: "USD",
  description: "x",
  returnUrl: "http://a/b",
  ...fields,
});

describe("money", () => {
  it("converts decimal text to cents and back", () => {
    expect(toCents("50")).toBe(5000);
    expect(toCents("19.99")).toBe(1999);
    expect(fromCents(1999)).toBe("19.99");
    expect(fromCents(0)).toBe("0.00");
  });
});

describe("Stripe webhook signature", () => {
  const secret = "whsec_test";
  const body = JSON.stringify({ id: "evt_1", type: "checkout.session.completed" });
  const now = Date.UTC(2030, 0, 1);
  const t = Math.floor(now / 1000);

  it("accepts a valid signature", () => {
    expect(verifyStripeSignature(body, signStripePayload(body, secret, t), secret, { now })).toEqual({ ok: true });
  });
  it("accepts when one of several v1 signatures matches", () => {
    const header = `${signStripePayload(body, secret, t)},v1=${"0".repeat(64)}`;
    expect(verifyStripeSignature(body, header, secret, { now })).toEqual({ ok: true });
  });
  it("refuses a signature made with another secret or over another body", () => {
    expect(verifyStripeSignature(body, signStripePayload(body, "whsec_other", t), secret, { now })).toEqual({
      ok: false,
      reason: "mismatch",
    });
    expect(verifyStripeSignature(`${body} `, signStripePayload(body, secret, t), secret, { now })).toEqual({
      ok: false,
      reason: "mismatch",
    });
  });
  it("refuses a stale signature (more than 300 s old)", () => {
    expect(verifyStripeSignature(body, signStripePayload(body, secret, t - 301), secret, { now })).toEqual({ ok: false, reason: "stale" });
    expect(verifyStripeSignature(body, signStripePayload(body, secret, t - 299), secret, { now })).toEqual({ ok: true });
  });
  it("refuses a malformed or missing header", () => {
    expect(verifyStripeSignature(body, undefined, secret, { now })).toEqual({ ok: false, reason: "malformed" });
    expect(verifyStripeSignature(body, "v1=abc", secret, { now })).toEqual({ ok: false, reason: "malformed" });
    expect(verifyStripeSignature(body, `t=${t}`, secret, { now })).toEqual({ ok: false, reason: "malformed" });
  });
});

describe("sandbox token and page", () => {
  it("signs per payment id", () => {
    const token = sandboxToken("secret", "sbx_1");
    expect(checkSandboxToken("secret", "sbx_1", token)).toBe(true);
    expect(checkSandboxToken("secret", "sbx_2", token)).toBe(false);
    expect(checkSandboxToken("other", "sbx_1", token)).toBe(false);
    expect(checkSandboxToken("secret", "sbx_1", undefined)).toBe(false);
  });
  it("escapes what it shows and has no script", () => {
    const html = sandboxPage({
      id: "sbx_1",
      amount: "5.00",
      currency: "USD",
      description: "<script>x</script>",
      status: "unpaid",
      token: "t",
    });
    expect(html).toContain("Test payment — no money moves");
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toMatch(/<script/i);
  });
});

describe("Stripe Checkout adapter against the loopback fake", () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe("sk_test_123");
  });
  afterAll(() => fake.close());

  it("creates a checkout session and retrieves it as unpaid, then paid", async () => {
    const stripe = new StripeProvider({ secretKey: "sk_test_123", apiBase: fake.url });
    const checkout = await stripe.createCheckout(
      checkoutRequest(42, {
        amount: "45.50",
        description: "Paid summit",
        returnUrl: "http://localhost:3000/form-submission/payment-processing",
      }),
    );
    expect(checkout.paymentId).toMatch(/^cs_test_/);
    expect(checkout.url).toContain(checkout.paymentId);
    const sent = fake.requests.at(-1)!;
    expect(sent.form).toMatchObject({
      mode: "payment",
      "line_items[0][price_data][unit_amount]": "4550",
      "line_items[0][price_data][currency]": "usd",
      "metadata[billing_id]": "42",
      success_url: "http://localhost:3000/form-submission/payment-processing?connect_pay_id={CHECKOUT_SESSION_ID}",
      // Leaving Stripe's page comes back marked, so the panel can say the payer left it.
      cancel_url: "http://localhost:3000/form-submission/payment-processing?connect_pay_id={CHECKOUT_SESSION_ID}&cancelled=1",
    });
    expect(fake.sessions.get(checkout.paymentId)!.cancel_url).toBe(
      `http://localhost:3000/form-submission/payment-processing?connect_pay_id=${checkout.paymentId}&cancelled=1`,
    );
    expect(await stripe.retrieve(checkout.paymentId)).toEqual({ status: "unpaid", amount: "45.50", currency: "USD", billingId: 42 });
    fake.markPaid(checkout.paymentId);
    expect(await stripe.retrieve(checkout.paymentId)).toEqual({ status: "paid", amount: "45.50", currency: "USD", billingId: 42 });
  });

  it("reports an expired session as failed and an unknown one as missing", async () => {
    const stripe = new StripeProvider({ secretKey: "sk_test_123", apiBase: fake.url });
    const checkout = await stripe.createCheckout(checkoutRequest(7, { currency: "EUR" }));
    fake.expire(checkout.paymentId);
    expect((await stripe.retrieve(checkout.paymentId))?.status).toBe("failed");
    expect(await stripe.retrieve("cs_test_nothing")).toBeNull();
  });

  it("expires an open session; a complete, expired or unknown one is left as it is", async () => {
    const stripe = new StripeProvider({ secretKey: "sk_test_123", apiBase: fake.url });
    const open = await stripe.createCheckout(checkoutRequest(8));
    await stripe.expire(open.paymentId);
    expect(fake.requests.at(-1)).toMatchObject({ method: "POST", path: `/v1/checkout/sessions/${open.paymentId}/expire` });
    expect(fake.sessions.get(open.paymentId)!.status).toBe("expired");
    expect((await stripe.retrieve(open.paymentId))?.status).toBe("failed");
    // Again: Stripe refuses with 400 (not open any more), which is nothing to do.
    await expect(stripe.expire(open.paymentId)).resolves.toBeUndefined();
    const paid = await stripe.createCheckout(checkoutRequest(9));
    fake.markPaid(paid.paymentId);
    await expect(stripe.expire(paid.paymentId)).resolves.toBeUndefined();
    expect(fake.sessions.get(paid.paymentId)).toMatchObject({ status: "complete", payment_status: "paid" });
    await expect(stripe.expire("cs_test_nothing")).resolves.toBeUndefined();
  });

  it("fails clearly when a session cannot be expired for another reason", async () => {
    const wrongKey = new StripeProvider({ secretKey: "sk_test_wrong", apiBase: fake.url });
    await expect(wrongKey.expire("cs_test_anything")).rejects.toBeInstanceOf(StripeError);
    const otherRefusal = new StripeProvider({
      secretKey: "sk_test_123",
      fetch: async () =>
        new Response(JSON.stringify({ error: { type: "invalid_request_error", message: "Something else." } }), { status: 400 }),
    });
    await expect(otherRefusal.expire("cs_test_anything")).rejects.toBeInstanceOf(StripeError);
  });

  it("fails clearly with a wrong key", async () => {
    const stripe = new StripeProvider({ secretKey: "sk_test_wrong", apiBase: fake.url });
    await expect(stripe.createCheckout(checkoutRequest(1))).rejects.toBeInstanceOf(StripeError);
  });

  it("sends the pinned Stripe-Version on every call, and an Idempotency-Key naming the attempt only when opening a checkout", async () => {
    expect(STRIPE_API_VERSION).toBe("2024-06-20");
    const stripe = new StripeProvider({ secretKey: "sk_test_123", apiBase: fake.url });
    const from = fake.requests.length;
    const checkout = await stripe.createCheckout(checkoutRequest(10, { attemptId: "billing-10-1700000000123456" }));
    await stripe.retrieve(checkout.paymentId);
    await stripe.expire(checkout.paymentId);
    const sent = fake.requests.slice(from);
    expect(sent.map((r) => [r.method, r.path, r.stripeVersion, r.idempotencyKey])).toEqual([
      ["POST", "/v1/checkout/sessions", "2024-06-20", "checkout-billing-10-1700000000123456"],
      ["GET", `/v1/checkout/sessions/${checkout.paymentId}`, "2024-06-20", undefined],
      ["POST", `/v1/checkout/sessions/${checkout.paymentId}/expire`, "2024-06-20", undefined],
    ]);
  });

  it("a checkout request sent again for the same attempt opens no second session; a new attempt opens one", async () => {
    const stripe = new StripeProvider({ secretKey: "sk_test_123", apiBase: fake.url });
    const sessionsBefore = fake.sessions.size;
    const first = await stripe.createCheckout(checkoutRequest(11));
    const again = await stripe.createCheckout(checkoutRequest(11));
    expect(again).toEqual(first);
    expect(fake.sessions.size).toBe(sessionsBefore + 1);
    const next = await stripe.createCheckout(checkoutRequest(11, { attemptId: "billing-11-2" }));
    expect(next.paymentId).not.toBe(first.paymentId);
    expect(fake.sessions.size).toBe(sessionsBefore + 2);
    // The same attempt with other terms is a bug, not a retry: Stripe refuses it, and so does the adapter.
    await expect(stripe.createCheckout(checkoutRequest(11, { amount: "12" }))).rejects.toBeInstanceOf(StripeError);
  });

  it("a session whose metadata names no billing id is not a payment of this app", async () => {
    const stripe = new StripeProvider({ secretKey: "sk_test_123", apiBase: fake.url });
    const checkout = await stripe.createCheckout(checkoutRequest(12));
    for (const billingId of ["", "0", "1.5", "1e3", "99999999999"]) {
      fake.sessions.get(checkout.paymentId)!.metadata.billing_id = billingId;
      expect(await stripe.retrieve(checkout.paymentId)).toBeNull();
    }
  });
});
