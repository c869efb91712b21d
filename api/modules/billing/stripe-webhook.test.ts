import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../../server/config.ts";
import { startFakeStripe, type FakeStripe } from "../../../tests/fakes/stripe.ts";
import { createApi } from "../../app.ts";
import { billingStatusChanges, payments } from "../../db/schema.ts";
import { signStripePayload } from "../../payments/stripe.ts";
import { createBilling, paidEventForm, payer } from "../../testing/billing-fixtures.ts";
import { createTestApi, type TestApi } from "../../testing/harness.ts";

const WEBHOOK = "/api/v1/payments/stripe/webhook";
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
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8", "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)" };
  if (signature !== null) headers["stripe-signature"] = signature;
  const res = await api.fetch(new Request(`http://localhost${WEBHOOK}`, { method: "POST", headers, body }), { clientIp: "198.51.100.20" });
  return { status: res.status, body: (await res.json()) as { received?: boolean; message?: string } };
}

/** Stripe's event, pretty-printed as Stripe sends it: a route that re-serialised the JSON would break the signature. */
const completed = (sessionId: string, type = "checkout.session.completed") =>
  JSON.stringify({ id: `evt_${sessionId.slice(-8)}`, object: "event", type, data: { object: { id: sessionId, object: "checkout.session" } } }, null, 2);

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
    const bare = createApi({ db: t.database.db, config: { ...t.config, stripeSecretKey: undefined, stripeWebhookSecret: undefined }, log: () => {} });
    const keyOnly = createApi({ db: t.database.db, config: { ...t.config, stripeWebhookSecret: undefined }, log: () => {} });
    const secretOnly = createApi({ db: t.database.db, config: { ...t.config, stripeSecretKey: undefined }, log: () => {} });
    for (const api of [bare, keyOnly, secretOnly]) {
      const body = completed("cs_test_nothing");
      const res = await deliver(api, body, signStripePayload(body, WEBHOOK_SECRET));
      expect(res).toEqual({ status: 404, body: { message: "Stripe webhooks are not configured." } });
    }
  });
});

describe("Stripe settings", () => {
  it("are read from STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_API_BASE", () => {
    const config = readConfig({ STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x", STRIPE_API_BASE: "http://127.0.0.1:12111/" });
    expect(config.api).toMatchObject({ stripeSecretKey: "sk_live_x", stripeWebhookSecret: "whsec_x", stripeApiBase: "http://127.0.0.1:12111" });
  });

  it("default to the sandbox provider and Stripe's own API address", () => {
    const config = readConfig({ STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "" });
    expect(config.api.stripeSecretKey).toBeUndefined();
    expect(config.api.stripeWebhookSecret).toBeUndefined();
    expect(config.api.stripeApiBase).toBe("https://api.stripe.com");
  });
});
