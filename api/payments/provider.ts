/**
 * A payment provider (DESIGN.md, Contracts: Payments). Billing knows only this interface: it opens a hosted
 * checkout for a billing and later asks the provider what became of the payment. Amounts are decimal text
 * with two places ("50.00"); currencies are upper-case ISO codes.
 */
export interface CheckoutRequest {
  billingId: number;
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

export interface PaymentProvider {
  readonly name: string;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** The payment, or null when the provider knows no payment with this id. */
  retrieve(paymentId: string): Promise<ProviderPayment | null>;
}

/** "50" or "50.5" as whole cents. */
export function toCents(amount: string | number): number {
  return Math.round(Number(amount) * 100);
}

export const fromCents = (cents: number) => (cents / 100).toFixed(2);

/** Where the payer lands after a checkout, with the provider's payment id. */
export const PAYMENT_PROCESSING_PATH = "/form-submission/payment-processing";
export const processingUrl = (paymentId: string, base = PAYMENT_PROCESSING_PATH) => `${base}?connect_pay_id=${encodeURIComponent(paymentId)}`;
