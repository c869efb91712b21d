import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig, SANDBOX_IN_PRODUCTION_WARNING, startupWarnings } from "#server/config.ts";
import { startFakeStripe, type FakeStripe } from "../../../tests/fakes/stripe.ts";
import { createApi } from "#api/app.ts";
import { billingStatusChanges, payments } from "#api/db/billing-schema.ts";
import { appKey } from "#api/db/settings.ts";
import { PAYMENT_PROCESSING_PATH } from "#api/payments/provider.ts";
import { SandboxProvider } from "#api/payments/sandbox.ts";
import { signStripePayload, STRIPE_WEBHOOK_PATH } from "#api/payments/stripe.ts";
import { billingFields, createBilling, paidEventForm, payer } from "#api/testing/billing-fixtures.ts";
import { checkedFetch, createTestApi, type TestApi } from "#api/testing/harness.ts";
import { billingSchema } from "#schemas/billing.ts";
import { createBilling as createBillingWith } from "./checkout.ts";

const WEBHOOK = STRIPE_WEBHOOK_PATH;
const SECRET_KEY = "sk_test_webhook_route";
const WEBHOOK_SECRET = "whsec_test_webhook_route";

let t: TestApi;
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe(SECRET_KEY);
  t = await createTestApi({ stripeSecretKey: SECRET_KEY, stripeWebhookSecret: WEBHOOK_SECRET, stripeApiBase: fake.url });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** A POST as Stripe sends it: no cookie, no XSRF header, the signature over the exact body text. */
async function deliver(api: TestApi["api"], body: string, signature: string | null) {
  const headers: Record<string, string> = {
    "content-type": "application/json; charset=utf-8",
    "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
  };
  if (signature !== null) headers["stripe-signature"] = signature;
  const res = await checkedFetch(api, new Request(`http://localhost${WEBHOOK}`, { method: "POST", headers, body }), {
    clientIp: "198.51.100.20",
  });
  return { status: res.status, body: (await res.json()) as { received?: boolean; message?: string } };
}

/** Stripe's event, pretty-printed as Stripe sends it: a route that re-serialised the JSON would break the signature. */
const completed = (sessionId: string, type = "checkout.session.completed") =>
  JSON.stringify(
    { id: `evt_${sessionId.slice(-8)}`, object: "event", type, data: { object: { id: sessionId, object: "checkout.session" } } },
    null,
    2,
  );

async function stripeBilling() {
  const { owner, form } = await paidEventForm(t, "25", "USD");
  const p = await payer(t);
  const { event_billing, payment_url } = await createBilling(p.client, form.id);
  expect(event_billing).toMatchObject({ payment_status: "Pending", total: "25.00" });
  expect(payment_url).toContain("https://checkout.stripe.test/");
  return { owner, p, billing: event_billing, sessionId: event_billing.connect_pay_id! };
}

const paymentsOf = (billingId: number) => t.database.db.select().from(payments).where(eq(payments.eventBillingId, billingId));

describe("POST /api/v1/payments/stripe/webhook", () => {
  it("opens Stripe checkouts when Stripe is configured", async () => {
    const { sessionId } = await stripeBilling();
    expect(sessionId).toMatch(/^cs_test_/);
    expect(fake.sessions.get(sessionId)).toMatchObject({ amount_total: 2500, currency: "usd" });
  });

  it("with a valid signature and no cookies at all, marks the billing Successful with exactly one payment", async () => {
    const { p, billing, sessionId } = await stripeBilling();
    fake.markPaid(sessionId);
    const body = completed(sessionId);
    const res = await deliver(t.api, body, signStripePayload(body, WEBHOOK_SECRET));
    expect(res).toEqual({ status: 200, body: { received: true } });
    const seen = await p.client.get(`/api/v1/admin/event_billings/${billing.id}`);
    expect(seen.body.event_billing).toMatchObject({ payment_status: "Successful", provider: "stripe" });
    expect(seen.body.event_billing.paid_at).toMatch(/^\d{4}-/);
    const rows = await paymentsOf(billing.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: "stripe", providerPaymentId: sessionId, amount: "25.00", currency: "USD" });
  });

  it("a replayed event (Stripe retries) still leaves one payment and one status change", async () => {
    const { billing, sessionId } = await stripeBilling();
    fake.markPaid(sessionId);
    const body = completed(sessionId, "checkout.session.async_payment_succeeded");
    for (let i = 0; i < 3; i++) {
      expect(await deliver(t.api, body, signStripePayload(body, WEBHOOK_SECRET))).toEqual({ status: 200, body: { received: true } });
    }
    expect(await paymentsOf(billing.id)).toHaveLength(1);
    const changes = await t.database.db.select().from(billingStatusChanges).where(eq(billingStatusChanges.eventBillingId, billing.id));
    expect(changes.map((c) => c.toStatus)).toEqual(["Pending", "Successful"]);
  });

  it("refuses an invalid, missing or stale signature with 400 and changes nothing", async () => {
    const { p, billing, sessionId } = await stripeBilling();
    fake.markPaid(sessionId);
    const body = completed(sessionId);
    const wrongSecret = await deliver(t.api, body, signStripePayload(body, "whsec_someone_else"));
    expect(wrongSecret).toEqual({ status: 400, body: { received: false, message: "Invalid signature." } });
    // Signed over a different text of the same JSON: only the raw bytes count.
    const reformatted = await deliver(t.api, body, signStripePayload(JSON.stringify(JSON.parse(body)), WEBHOOK_SECRET));
    expect(reformatted.status).toBe(400);
    expect((await deliver(t.api, body, null)).status).toBe(400);
    const stale = await deliver(t.api, body, signStripePayload(body, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600));
    expect(stale.status).toBe(400);
    expect((await p.client.get(`/api/v1/admin/event_billings/${billing.id}`)).body.event_billing.payment_status).toBe("Pending");
    expect(await paymentsOf(billing.id)).toHaveLength(0);
  });

  it("acknowledges an unpaid session or another event type without recording anything", async () => {
    const { billing, sessionId } = await stripeBilling();
    const unpaid = completed(sessionId);
    expect(await deliver(t.api, unpaid, signStripePayload(unpaid, WEBHOOK_SECRET))).toEqual({ status: 200, body: { received: true } });
    const expired = completed(sessionId, "checkout.session.expired");
    expect(await deliver(t.api, expired, signStripePayload(expired, WEBHOOK_SECRET))).toEqual({ status: 200, body: { received: true } });
    expect(await paymentsOf(billing.id)).toHaveLength(0);
  });

  it("is the only exemption: other mutating calls from a browser still need the XSRF header", async () => {
    const { p } = await stripeBilling();
    p.client.sendXsrf = false;
    const res = await p.client.post("/api/v1/admin/event_billings/quote", { event_form_id: 1 });
    expect(res.status).toBe(419);
    expect(res.body).toEqual({ message: "CSRF token mismatch." });
  });

  it("answers 404 when Stripe webhooks are not configured", async () => {
    // The same database, served with other settings.
    const bare = createApi({
      db: t.database.db,
      config: { ...t.config, stripeSecretKey: undefined, stripeWebhookSecret: undefined },
      log: () => {},
    });
    const keyOnly = createApi({ db: t.database.db, config: { ...t.config, stripeWebhookSecret: undefined }, log: () => {} });
    const secretOnly = createApi({ db: t.database.db, config: { ...t.config, stripeSecretKey: undefined }, log: () => {} });
    for (const api of [bare, keyOnly, secretOnly]) {
      const body = completed("cs_test_nothing");
      const res = await deliver(api, body, signStripePayload(body, WEBHOOK_SECRET));
      expect(res).toEqual({ status: 404, body: { message: "Stripe webhooks are not configured." } });
    }
  });
});

describe("each payment is asked of the provider that made it", () => {
  /** A billing whose checkout the sandbox opened (before Stripe was configured), paid on the sandbox page. */
  async function sandboxPaidBilling() {
    const { form } = await paidEventForm(t, "25", "USD");
    const p = await payer(t);
    const sandbox = new SandboxProvider(t.database.db, await appKey(t.database.db));
    const { event_billing } = await createBillingWith(
      t.database.db,
      sandbox,
      p.id,
      billingSchema.parse(billingFields(form.id)),
      PAYMENT_PROCESSING_PATH,
    );
    expect(event_billing.connect_pay_id).toMatch(/^sbx_/);
    await sandbox.settle(event_billing.connect_pay_id!, "paid");
    return { p, form, billing: event_billing, paymentId: event_billing.connect_pay_id! };
  }

  it("verifies a sandbox payment with the sandbox while Stripe is configured, recording it as the sandbox's", async () => {
    const { p, form, billing, paymentId } = await sandboxPaidBilling();
    const before = fake.requests.length;
    const res = await p.client.post("/api/v1/admin/event_billings/verify_payment", { connect_pay_id: paymentId });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      payment_status: "Successful",
      message: "Your payment was successful.",
      event_billing: { id: billing.id, event_form_id: form.id, payment_status: "Successful" },
    });
    // Stripe was never asked about a sandbox payment.
    expect(fake.requests.slice(before)).toEqual([]);
    const rows = await paymentsOf(billing.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: "sandbox", providerPaymentId: paymentId });
  });

  it("still opens new checkouts on Stripe, and expires an old sandbox checkout with the sandbox", async () => {
    const { form } = await paidEventForm(t, "25", "USD");
    const p = await payer(t);
    const sandbox = new SandboxProvider(t.database.db, await appKey(t.database.db));
    const { event_billing } = await createBillingWith(
      t.database.db,
      sandbox,
      p.id,
      billingSchema.parse(billingFields(form.id)),
      PAYMENT_PROCESSING_PATH,
    );
    const before = fake.requests.length;
    const edit = await p.client.put(`/api/v1/admin/event_billings/${event_billing.id}`, billingFields(form.id, { name: "Ada L." }));
    expect(edit.status).toBe(200);
    expect(edit.body.event_billing).toMatchObject({ provider: "stripe" });
    expect(edit.body.event_billing.connect_pay_id).toMatch(/^cs_test_/);
    expect((await sandbox.find(event_billing.connect_pay_id!))?.status).toBe("failed");
    expect(fake.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual(["POST /v1/checkout/sessions"]);
  });

  it("the webhook ignores a sandbox payment id without asking Stripe", async () => {
    const { billing, paymentId } = await sandboxPaidBilling();
    const before = fake.requests.length;
    const body = completed(paymentId);
    expect(await deliver(t.api, body, signStripePayload(body, WEBHOOK_SECRET))).toEqual({ status: 200, body: { received: true } });
    expect(fake.requests.slice(before)).toEqual([]);
    expect(await paymentsOf(billing.id)).toHaveLength(0);
  });
});

describe("Stripe settings", () => {
  it("warn at startup when the app is served over https with the sandbox provider", () => {
    const warnings = startupWarnings(readConfig({ APP_URL: "https://launchpad.example.com", STRIPE_SECRET_KEY: "" }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(SANDBOX_IN_PRODUCTION_WARNING);
    expect(warnings[0]).not.toContain("\n");
    expect(SANDBOX_IN_PRODUCTION_WARNING).toBe("payments use the sandbox provider: anyone can mark their own billing paid");
    expect(startupWarnings(readConfig({ APP_URL: "https://launchpad.example.com", STRIPE_SECRET_KEY: "sk_live_x" }))).toEqual([]);
    expect(startupWarnings(readConfig({ APP_URL: "http://localhost:3000" }))).toEqual([]);
  });

  it("are read from STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_API_BASE", () => {
    const config = readConfig({
      STRIPE_SECRET_KEY: "sk_live_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      STRIPE_API_BASE: "http://127.0.0.1:12111/",
    });
    expect(config.api).toMatchObject({
      stripeSecretKey: "sk_live_x",
      stripeWebhookSecret: "whsec_x",
      stripeApiBase: "http://127.0.0.1:12111",
    });
  });

  it("default to the sandbox provider and Stripe's own API address", () => {
    const config = readConfig({ STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "" });
    expect(config.api.stripeSecretKey).toBeUndefined();
    expect(config.api.stripeWebhookSecret).toBeUndefined();
    expect(config.api.stripeApiBase).toBe("https://api.stripe.com");
  });
});
