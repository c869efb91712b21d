import type { BrowserContext } from "@playwright/test";
import { apiCall, expect } from "./fixtures";

/** Pays on the sandbox's hosted checkout and lets the payer's verification fulfil it (the provider's change). */
export async function payInSandbox(payer: BrowserContext, paymentUrl: string) {
  const url = new URL(paymentUrl, "http://checkout.invalid"); // only its path and token are used
  const paymentId = url.pathname.split("/").pop()!;
  const response = await payer.request.post(`${url.pathname}/pay`, { form: { token: url.searchParams.get("token")! }, maxRedirects: 0 });
  expect(response.status()).toBe(303);
  const answer = await apiCall(payer, "POST", "/api/v1/admin/event_billings/verify_payment", { connect_pay_id: paymentId });
  expect(answer.payment_status).toBe("Successful");
}
