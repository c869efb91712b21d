/** A checkout whose request is lost in transit is sent once more with the same Idempotency-Key. */
import { describe, expect, it } from "vitest";
import { StripeProvider } from "./stripe.ts";

const request = {
  billingId: 7,
  attemptId: "billing-7-v1",
  amount: "25.00",
  currency: "USD",
  description: "Workshop",
  returnUrl: "http://localhost/form-submission/payment-processing",
};
const session = () => Response.json({ id: "cs_test_1", url: "https://checkout.example/cs_test_1" });

/** A fetch that fails the first call in the given way, then answers; it records every key it was sent. */
function flaky(failure: () => Promise<Response>) {
  const keys: (string | null)[] = [];
  const fetch = async (_url: string | URL | Request, init?: RequestInit) => {
    keys.push(new Headers(init?.headers).get("idempotency-key"));
    return keys.length === 1 ? failure() : session();
  };
  return {
    keys,
    provider: new StripeProvider({ secretKey: "sk_test_x", apiBase: "http://127.0.0.1:1", fetch: fetch as typeof globalThis.fetch }),
  };
}

describe("Stripe checkout retries", () => {
  it("after a network error or a 5xx, once, with the same key", async () => {
    for (const failure of [
      () => Promise.reject(new TypeError("fetch failed")),
      async () => Response.json({ error: {} }, { status: 502 }),
    ]) {
      const { keys, provider } = flaky(failure);
      expect(await provider.createCheckout(request)).toEqual({ paymentId: "cs_test_1", url: "https://checkout.example/cs_test_1" });
      expect(keys).toEqual(["checkout-billing-7-v1", "checkout-billing-7-v1"]);
    }
  });

  it("not after a refusal (4xx): that answer is final", async () => {
    const { keys, provider } = flaky(async () => Response.json({ error: { type: "invalid_request_error" } }, { status: 400 }));
    await expect(provider.createCheckout(request)).rejects.toThrow("Stripe refused the checkout (400).");
    expect(keys).toHaveLength(1);
  });
});
