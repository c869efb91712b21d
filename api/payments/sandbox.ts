import { createHmac, randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { sandboxPayments, sandboxRefunds } from "../db/billing-schema.ts";
import { safeEqual } from "../lib/tokens.ts";
import { escapeMarkup } from "../lib/escape-markup.ts";
import {
  processingUrl,
  RefundRefused,
  SANDBOX_ID_PREFIX,
  toCents,
  type RefundRequest,
  type Checkout,
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderPayment,
} from "./provider.ts";

/**
 * The embedded default provider. Its payments live in the `sandbox_payments` table (not in the billing
 * row), so it behaves like an outside provider: billing only keeps the payment id. Its hosted checkout is a
 * plain HTML page served by this API (see routes.ts): GET /api/v1/payments/sandbox/{id}?token=…
 *
 * Token scheme: token = base64url(HMAC-SHA256(secret, "sandbox-checkout:" + paymentId)). It is part of the
 * payment_url handed only to the payer, is required to view the page, and is posted back by the Pay and
 * Decline buttons. These POSTs are exempt from the cookie CSRF check (a plain HTML form cannot send the
 * X-XSRF-TOKEN header); the per-checkout token protects them instead, since a cross-site attacker cannot
 * know it.
 */
export const SANDBOX_PREFIX = "/api/v1/payments/sandbox/";

/** The sandbox's refund ids start with this. */
export const SANDBOX_REFUND_PREFIX = "sbxre_";

export function sandboxToken(secret: string, paymentId: string): string {
  return createHmac("sha256", secret).update(`sandbox-checkout:${paymentId}`).digest("base64url");
}

export function checkSandboxToken(secret: string, paymentId: string, token: unknown): boolean {
  return typeof token === "string" && token.length > 0 && safeEqual(token, sandboxToken(secret, paymentId));
}

export class SandboxProvider implements PaymentProvider {
  readonly name = "sandbox";

  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const paymentId = `${SANDBOX_ID_PREFIX}${randomBytes(16).toString("hex")}`;
    await this.db.insert(sandboxPayments).values({
      id: paymentId,
      billingId: request.billingId,
      amount: request.amount,
      currency: request.currency,
      description: request.description,
      returnUrl: request.returnUrl,
    });
    return { paymentId, url: `${SANDBOX_PREFIX}${paymentId}?token=${sandboxToken(this.secret, paymentId)}` };
  }

  async retrieve(paymentId: string): Promise<ProviderPayment | null> {
    const [row] = await this.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentId));
    if (!row) return null;
    return { status: row.status, amount: Number(row.amount).toFixed(2), currency: row.currency, billingId: row.billingId };
  }

  /** Closes an unpaid checkout as failed: its page shows it declined and Pay no longer works. */
  async expire(paymentId: string): Promise<void> {
    await this.db
      .update(sandboxPayments)
      .set({ status: "failed", updatedAt: sql`now()` })
      .where(sql`${sandboxPayments.id} = ${paymentId} and ${sandboxPayments.status} = 'unpaid'`);
  }

  /**
   * A refund of a paid payment, at most what is left of it; one per idempotency key (a repeat answers the
   * first). The payment's row is locked while it is counted, as a provider serialises refunds of a charge.
   */
  async refund(request: RefundRequest): Promise<{ refundId: string }> {
    return this.db.transaction(async (tx) => {
      const [payment] = await tx.select().from(sandboxPayments).where(eq(sandboxPayments.id, request.paymentId)).for("update");
      if (!payment) throw new RefundRefused(`No such payment: ${request.paymentId}.`);
      const [earlier] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, request.idempotencyKey));
      if (earlier) {
        if (earlier.paymentId !== request.paymentId || toCents(earlier.amount) !== toCents(request.amount)) {
          throw new RefundRefused("This idempotency key was used for another refund.");
        }
        return { refundId: earlier.id };
      }
      if (payment.status !== "paid") throw new RefundRefused("Only a paid payment can be refunded.");
      if (toCents(payment.refunded) + toCents(request.amount) > toCents(payment.amount)) {
        throw new RefundRefused(
          `The refund is more than the ${payment.currency} ${(Number(payment.amount) - Number(payment.refunded)).toFixed(2)} left of this payment.`,
        );
      }
      const refundId = `${SANDBOX_REFUND_PREFIX}${randomBytes(16).toString("hex")}`;
      await tx
        .insert(sandboxRefunds)
        .values({ id: refundId, paymentId: payment.id, amount: request.amount, idempotencyKey: request.idempotencyKey });
      await tx
        .update(sandboxPayments)
        .set({ refunded: sql`${sandboxPayments.refunded} + ${request.amount}`, updatedAt: sql`now()` })
        .where(eq(sandboxPayments.id, payment.id));
      return { refundId };
    });
  }

  /** Pay or Decline: only an unpaid payment changes; either way the payer goes back to the panel. */
  async settle(paymentId: string, outcome: "paid" | "failed"): Promise<string | null> {
    const [row] = await this.db.select({ id: sandboxPayments.id }).from(sandboxPayments).where(eq(sandboxPayments.id, paymentId));
    if (!row) return null;
    await this.db
      .update(sandboxPayments)
      .set({ status: outcome, updatedAt: sql`now()` })
      .where(sql`${sandboxPayments.id} = ${paymentId} and ${sandboxPayments.status} = 'unpaid'`);
    return processingUrl(paymentId);
  }

  async find(paymentId: string) {
    const [row] = await this.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentId));
    return row ?? null;
  }
}

/** The hosted checkout page: no scripts, two plain forms. */
export function sandboxPage(p: {
  id: string;
  amount: string;
  currency: string;
  description: string;
  status: string;
  token: string;
}): string {
  const action = (what: string) => `${SANDBOX_PREFIX}${encodeURIComponent(p.id)}/${what}`;
  const done = p.status !== "unpaid";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test payment — no money moves</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#111}
.banner{background:#fff3cd;border:1px solid #e0c36a;padding:.75rem 1rem;border-radius:.5rem}
button{font-size:1rem;padding:.6rem 1.4rem;margin-right:.75rem;border-radius:.4rem;border:1px solid #333;cursor:pointer}
.pay{background:#166534;color:#fff}
form{display:inline-block}</style>
</head>
<body>
<main>
<p class="banner"><strong>Test payment — no money moves.</strong> This is the sandbox payment provider; nothing is charged.</p>
<h1>Pay ${escapeMarkup(p.currency)} ${escapeMarkup(p.amount)}</h1>
<p>For: ${escapeMarkup(p.description)}</p>
${
  done
    ? `<p>This test payment is already ${p.status === "paid" ? "paid" : "declined"}.</p>`
    : `<form method="post" action="${action("pay")}"><input type="hidden" name="token" value="${escapeMarkup(p.token)}">` +
      `<button class="pay" type="submit">Pay</button></form>\n` +
      `<form method="post" action="${action("decline")}"><input type="hidden" name="token" value="${escapeMarkup(p.token)}">` +
      `<button type="submit">Decline</button></form>`
}
</main>
</body>
</html>`;
}

/** No scripts at all; forms may only post back to this origin. */
export const SANDBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
