import type { Db } from "#api/db/client.ts";
import { HttpError } from "#api/lib/errors.ts";
import { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { SANDBOX_ID_PREFIX, type PaymentProvider } from "#api/payments/provider.ts";
import { verifyStripeSignature } from "#api/payments/stripe.ts";
import { fulfil } from "./fulfilment.ts";

const PAID_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

export interface WebhookAnswer {
  status: 200 | 400;
  body: { received: boolean; message?: string };
}

/**
 * Stripe's webhook, called with the raw body and the Stripe-Signature header by the route
 * `POST /api/v1/payments/stripe/webhook` (api/modules/billing/routes.ts; mounted when STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET are set, 404 otherwise). A POST from Stripe carries no XSRF cookie, so that path is
 * exempt from the CSRF check (api/modules/auth/middleware.ts; the path is STRIPE_WEBHOOK_PATH in
 * api/payments/stripe.ts); the signature, an HMAC of the raw body with the webhook secret, replaces it.
 * Only the session id is taken from the event; the session itself is asked of Stripe,
 * and the same idempotent `fulfil` as verify_payment records the payment once. A payment that cannot be
 * fulfilled for good (changed billing) is acknowledged with 200 so Stripe does not retry it forever.
 */
export async function handleStripeWebhook(
  db: Db,
  provider: PaymentProvider,
  rawBody: string,
  signature: string | null | undefined,
  webhookSecret: string,
  now?: number,
  queue: BroadcastQueue = new BroadcastQueue(),
): Promise<WebhookAnswer> {
  const check = verifyStripeSignature(rawBody, signature, webhookSecret, { now });
  if (!check.ok) return { status: 400, body: { received: false, message: "Invalid signature." } };
  let event: { type?: unknown; data?: { object?: { id?: unknown } } };
  try {
    event = JSON.parse(rawBody) as typeof event;
  } catch {
    return { status: 400, body: { received: false, message: "Invalid payload." } };
  }
  const sessionId = event.data?.object?.id;
  // Only Stripe's own sessions: a sandbox payment id is never asked of Stripe.
  if (
    typeof event.type !== "string" ||
    !PAID_EVENTS.has(event.type) ||
    typeof sessionId !== "string" ||
    sessionId.startsWith(SANDBOX_ID_PREFIX)
  ) {
    return { status: 200, body: { received: true } };
  }
  const payment = await provider.retrieve(sessionId);
  if (!payment || payment.status !== "paid") return { status: 200, body: { received: true } };
  try {
    await fulfil(
      db,
      {
        billingId: payment.billingId,
        provider: provider.name,
        providerPaymentId: sessionId,
        amount: payment.amount,
        currency: payment.currency,
      },
      queue,
    );
  } catch (error) {
    if (error instanceof HttpError && error.status === 422) return { status: 200, body: { received: true, message: error.message } };
    throw error;
  }
  return { status: 200, body: { received: true } };
}
