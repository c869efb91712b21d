import type { Browser, BrowserContext } from "@playwright/test";
import { apiCall, expect, registerUser } from "./fixtures";

export const PHONE = "+234 801 234 5678";

/** A payer in their own browser context who starts a billing for the form (Pending until paid). */
export async function payerWithBilling(
  browser: Browser,
  baseURL: string,
  formId: number,
  name: string,
  extra: { coupon_code?: string } = {},
) {
  const payer = await browser.newContext({ baseURL });
  const user = await registerUser(payer, name);
  const { event_billing, payment_url } = await apiCall(payer, "POST", "/api/v1/admin/event_billings", {
    event_form_id: formId,
    name,
    email: user.email,
    phone: PHONE,
    address: "12 Herbert Macaulay Way, Yaba",
    country: "Nigeria",
    city: "Lagos",
    ...extra,
  });
  return { payer, user, billing: event_billing as { id: number }, paymentUrl: payment_url as string };
}

/** The sandbox checkout's Pay button, pressed: the provider has the money, nothing is applied yet. */
export async function takenBySandbox(payer: BrowserContext, paymentUrl: string): Promise<string> {
  const url = new URL(paymentUrl, "http://checkout.invalid"); // only its path and token are used
  const response = await payer.request.post(`${url.pathname}/pay`, { form: { token: url.searchParams.get("token")! }, maxRedirects: 0 });
  expect(response.status()).toBe(303);
  return url.pathname.split("/").pop()!;
}

/** Pays on the sandbox's hosted checkout and lets the payer's verification fulfil it (the provider's change). */
export async function payInSandbox(payer: BrowserContext, paymentUrl: string) {
  const paymentId = await takenBySandbox(payer, paymentUrl);
  const answer = await apiCall(payer, "POST", "/api/v1/admin/event_billings/verify_payment", { connect_pay_id: paymentId });
  expect(answer.payment_status).toBe("Successful");
}
