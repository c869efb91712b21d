/**
 * A payment provider (docs/architecture.md, Payments). Billing knows only this interface: it opens a hosted
 * checkout for a billing and later asks the provider what became of the payment. Amounts are decimal text
 * with two places ("50.00"); currencies are upper-case ISO codes.
 */
export interface CheckoutRequest {
  billingId: number;
  /**
   * Names this checkout attempt, the same however often its request is sent: a provider that can (Stripe)
   * opens one session per attempt. A new checkout of the same billing comes with a new attempt id.
   */
  attemptId: string;
  amount: string;
  currency: string;
  /** What the payer is paying for, shown on the checkout page. */
  description: string;
  /** An absolute URL of the panel's payment-processing page, without a query. */
  returnUrl: string;
}

export interface Checkout {
  /** The provider's payment id (the billing's `connect_pay_id`). */
  paymentId: string;
  /** Where to send the payer. */
  url: string;
}

export type ProviderPaymentStatus = "paid" | "unpaid" | "failed";

export interface ProviderPayment {
  status: ProviderPaymentStatus;
  amount: string;
  currency: string;
  billingId: number;
}

export interface RefundRequest {
  /** The provider's payment id the money was taken with. */
  paymentId: string;
  amount: string;
  currency: string;
  /** The owner's reason, kept with the refund at the provider. */
  reason: string;
  /** The same for every try of one refund: the provider makes it once however often it is asked. */
  idempotencyKey: string;
}

/** Thrown when the provider answered and refused a refund (as opposed to not answering at all). */
export class RefundRefused extends Error {}

export interface PaymentProvider {
  readonly name: string;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** The payment, or null when the provider knows no payment with this id. */
  retrieve(paymentId: string): Promise<ProviderPayment | null>;
  /**
   * Closes a checkout so it can no longer be paid. A checkout that is already paid, expired or unknown
   * is left as it is (nothing to do); only a failure to reach the provider throws.
   */
  expire(paymentId: string): Promise<void>;
  /**
   * Gives `amount` of a paid payment back to the payer and answers the provider's refund id. Asked again
   * with the same idempotency key, it answers the same refund instead of making another. A refusal (more
   * than is left, not paid) throws RefundRefused; a failure to reach the provider throws anything else.
   */
  refund(request: RefundRequest): Promise<{ refundId: string }>;
}

/**
 * The providers a billing works with: new checkouts open on the configured one; a payment is always
 * asked of (and closed by) the provider that made it, found by its id.
 */
export interface PaymentProviders {
  checkout: PaymentProvider;
  /** The provider that made this payment, or null when none configured here could have. */
  forPayment(paymentId: string): PaymentProvider | null;
}

/** One provider for everything (tests, and a service called with a single provider). */
export function providersOf(choice: PaymentProvider | PaymentProviders): PaymentProviders {
  if ("checkout" in choice && "forPayment" in choice) return choice;
  const only = choice as PaymentProvider;
  return { checkout: only, forPayment: () => only };
}

/** Sandbox payment ids start with this; every other id is Stripe's. */
export const SANDBOX_ID_PREFIX = "sbx_";

/** "50" or "50.5" as whole cents. */
export function toCents(amount: string | number): number {
  return Math.round(Number(amount) * 100);
}

export const fromCents = (cents: number) => (cents / 100).toFixed(2);

/** Where the payer lands after a checkout, with the provider's payment id. */
export const PAYMENT_PROCESSING_PATH = "/form-submission/payment-processing";
export const processingUrl = (paymentId: string, base = PAYMENT_PROCESSING_PATH) =>
  `${base}?connect_pay_id=${encodeURIComponent(paymentId)}`;
