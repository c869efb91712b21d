import { createHmac } from "node:crypto";
import { parseId } from "#schemas/ids.ts";
import { safeEqual } from "../lib/tokens.ts";
import {
  fromCents,
  RefundRefused,
  toCents,
  type Checkout,
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderPayment,
  type RefundRequest,
} from "./provider.ts";

export interface StripeOptions {
  secretKey: string;
  /** Default https://api.stripe.com; tests point it at tests/fakes/stripe.ts. */
  apiBase?: string;
  fetch?: typeof fetch;
}

export class StripeError extends Error {}

/**
 * Stripe's webhook (see api/modules/billing/webhook.ts). Stripe calls it server to server with no cookie, so
 * it is exempt from the CSRF check (api/modules/auth/middleware.ts); its signature authenticates it.
 */
export const STRIPE_WEBHOOK_PATH = "/api/v1/payments/stripe/webhook";

/**
 * The API version this adapter was written against. Sent on every call, so the answers keep the shape it
 * reads even when the account's default version is upgraded on Stripe's side.
 */
export const STRIPE_API_VERSION = "2024-06-20";

/** Stripe's answer when a session that is not open any more (complete or expired) is asked to expire. */
const NOT_OPEN_ANY_MORE = /status in \[\s*"open"\s*\] can be expired|status of `?(complete|expired)`?/i;

/** The message of a Stripe error answer, when it has one. */
const errorMessage = (body: Record<string, unknown> | null) => {
  const error = (body?.error ?? {}) as { message?: unknown };
  return typeof error.message === "string" ? error.message : null;
};

/** Stripe Checkout over its REST API (form-encoded requests, JSON answers). */
export class StripeProvider implements PaymentProvider {
  readonly name = "stripe";
  private readonly base: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: StripeOptions) {
    this.base = (options.apiBase ?? "https://api.stripe.com").replace(/\/+$/, "");
    this.fetch = options.fetch ?? fetch;
  }

  /**
   * With an Idempotency-Key, a call that failed in transit or with a 5xx is sent once more with the same
   * key: if Stripe did create the session the first time, the retry answers that session instead of
   * opening a second one. That retry is what the key is for.
   */
  private async call(method: "GET" | "POST", path: string, form?: URLSearchParams, idempotencyKey?: string) {
    const send = async () => {
      const res = await this.fetch(`${this.base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${this.options.secretKey}`,
          "Stripe-Version": STRIPE_API_VERSION,
          ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
          ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
        },
        body: form?.toString(),
      });
      const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
      return { status: res.status, body };
    };
    if (!idempotencyKey) return send();
    try {
      const first = await send();
      if (first.status < 500) return first;
    } catch {
      /* lost in transit: the retry below says what happened */
    }
    return send();
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const sep = request.returnUrl.includes("?") ? "&" : "?";
    const form = new URLSearchParams({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": request.currency.toLowerCase(),
      "line_items[0][price_data][unit_amount]": String(toCents(request.amount)),
      "line_items[0][price_data][product_data][name]": request.description,
      success_url: `${request.returnUrl}${sep}connect_pay_id={CHECKOUT_SESSION_ID}`,
      // The payer left Stripe's page without paying: the panel says so instead of "not completed yet".
      cancel_url: `${request.returnUrl}${sep}connect_pay_id={CHECKOUT_SESSION_ID}&cancelled=1`,
      client_reference_id: String(request.billingId),
      "metadata[billing_id]": String(request.billingId),
    });
    // One session per checkout attempt: Stripe answers a repeated key with the session it already opened.
    const { status, body } = await this.call("POST", "/v1/checkout/sessions", form, `checkout-${request.attemptId}`);
    if (status !== 200 || !body || typeof body.id !== "string" || typeof body.url !== "string") {
      throw new StripeError(`Stripe refused the checkout (${status}).`);
    }
    return { paymentId: body.id, url: body.url };
  }

  async retrieve(paymentId: string): Promise<ProviderPayment | null> {
    if (!/^[A-Za-z0-9_]+$/.test(paymentId)) return null;
    const { status, body } = await this.call("GET", `/v1/checkout/sessions/${paymentId}`);
    if (status === 404) return null;
    if (status !== 200 || !body) throw new StripeError(`Stripe could not be asked about the payment (${status}).`);
    const metadata = (body.metadata ?? {}) as Record<string, unknown>;
    const billingId = parseId(metadata.billing_id);
    if (billingId === undefined) return null;
    const paid = body.payment_status === "paid";
    return {
      status: paid ? "paid" : body.status === "expired" ? "failed" : "unpaid",
      amount: fromCents(Number(body.amount_total ?? 0)),
      currency: String(body.currency ?? "").toUpperCase(),
      billingId,
    };
  }

  /**
   * POST /v1/checkout/sessions/{id}/expire. Stripe refuses (400) to expire a session that is complete or
   * already expired: nothing is left to do then, as for a session it does not know (404).
   */
  async expire(paymentId: string): Promise<void> {
    if (!/^[A-Za-z0-9_]+$/.test(paymentId)) return;
    const { status, body } = await this.call("POST", `/v1/checkout/sessions/${paymentId}/expire`, new URLSearchParams());
    if (status === 200 || status === 404) return;
    const message = errorMessage(body);
    if (status === 400 && message !== null && NOT_OPEN_ANY_MORE.test(message)) return;
    throw new StripeError(`Stripe could not expire the checkout (${status}).`);
  }

  /**
   * A Checkout Session's money belongs to its payment intent, which Stripe's Refunds API refunds
   * (POST /v1/refunds). The owner's reason goes in the refund's metadata: Stripe's own `reason` takes
   * only its three codes.
   */
  async refund(request: RefundRequest): Promise<{ refundId: string }> {
    if (!/^[A-Za-z0-9_]+$/.test(request.paymentId)) throw new RefundRefused("Stripe knows no such payment.");
    const session = await this.call("GET", `/v1/checkout/sessions/${request.paymentId}`);
    if (session.status === 404) throw new RefundRefused("Stripe knows no such payment.");
    if (session.status !== 200 || !session.body) throw new StripeError(`Stripe could not be asked about the payment (${session.status}).`);
    const intent = session.body.payment_intent as string | { id?: unknown } | null | undefined;
    const paymentIntent = typeof intent === "string" ? intent : typeof intent?.id === "string" ? intent.id : null;
    if (!paymentIntent) throw new RefundRefused("Stripe took no payment with this checkout.");
    const form = new URLSearchParams({
      payment_intent: paymentIntent,
      amount: String(toCents(request.amount)),
      "metadata[reason]": request.reason,
    });
    const { status, body } = await this.call("POST", "/v1/refunds", form, `refund-${request.idempotencyKey}`);
    if (status === 200 && body && typeof body.id === "string" && body.status !== "failed" && body.status !== "canceled") {
      return { refundId: body.id };
    }
    if (status === 200 || (status >= 400 && status < 500 && status !== 401 && status !== 429)) {
      throw new RefundRefused(errorMessage(body) ?? "Stripe refused the refund.");
    }
    throw new StripeError(`Stripe could not make the refund (${status}).`);
  }
}

export type WebhookCheck = { ok: true } | { ok: false; reason: "malformed" | "stale" | "mismatch" };

/**
 * Stripe's webhook signature: header `Stripe-Signature: t=<unix seconds>,v1=<hex>[,v1=…]`, where v1 is
 * HMAC-SHA256(secret, `${t}.${rawBody}`). Refused when no v1 matches or t is more than `toleranceSeconds` away.
 */
export function verifyStripeSignature(
  rawBody: string,
  header: string | null | undefined,
  secret: string,
  options: { toleranceSeconds?: number; now?: number } = {},
): WebhookCheck {
  const tolerance = options.toleranceSeconds ?? 300;
  const now = Math.floor((options.now ?? Date.now()) / 1000);
  if (!header) return { ok: false, reason: "malformed" };
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [key, ...rest] = part.trim().split("=");
    const value = rest.join("=");
    if (key === "t" && /^\d+$/.test(value)) timestamp = Number(value);
    else if (key === "v1" && value) signatures.push(value);
  }
  if (timestamp === null || !signatures.length) return { ok: false, reason: "malformed" };
  const expected = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
  if (!signatures.some((s) => safeEqual(s, expected))) return { ok: false, reason: "mismatch" };
  if (Math.abs(now - timestamp) > tolerance) return { ok: false, reason: "stale" };
  return { ok: true };
}

/** A header as Stripe would send it (for tests and the loopback fake). */
export function signStripePayload(rawBody: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
  return `t=${timestamp},v1=${v1}`;
}
