/**
 * The payment providers' side: Stripe's webhook, and the sandbox provider's own checkout page with its Pay
 * and Decline buttons (used when no Stripe key is set). None needs a login: Stripe signs its calls, and each
 * sandbox checkout carries its own signed token.
 */
import { z } from "zod";
import { apiPart, apiRoute, fileAnswer } from "./route.ts";

/** The sandbox checkout's token, in its address and in its Pay/Decline forms; anything but text is no token. */
export const sandboxTokenSchema = z.object({ token: z.string().max(200).optional().catch(undefined) });

const settled = fileAnswer("text/html", "Back to the app's payment page, which asks what became of the payment");

export const paymentRoutes = apiPart("Payments", {
  stripeWebhook: apiRoute({
    method: "POST",
    path: "/api/v1/payments/stripe/webhook",
    summary: "Stripe's events about checkouts and refunds, signed (Stripe-Signature) over the raw body; 400 for a bad signature",
    access: "public",
    answer: z.object({ received: z.literal(true), message: z.string().optional() }),
    refusals: [400, 404],
    // Stripe reads `received` in both: a bad signature is "not received", with why.
    refusalAnswers: { 400: z.object({ received: z.literal(false), message: z.string() }) },
  }),
  sandboxCheckout: apiRoute({
    method: "GET",
    path: "/api/v1/payments/sandbox/{id}",
    summary: "The sandbox provider's checkout page for one payment (with its token), to pay or decline",
    access: "public",
    query: sandboxTokenSchema,
    answer: fileAnswer("text/html", "The checkout page"),
    refusals: [404],
  }),
  sandboxPay: apiRoute({
    method: "POST",
    path: "/api/v1/payments/sandbox/{id}/pay",
    summary: "Pay a sandbox checkout, then go back to the app",
    access: "public",
    body: sandboxTokenSchema,
    answer: settled,
    status: 303,
    refusals: [404],
  }),
  sandboxDecline: apiRoute({
    method: "POST",
    path: "/api/v1/payments/sandbox/{id}/decline",
    summary: "Decline a sandbox checkout, then go back to the app",
    access: "public",
    body: sandboxTokenSchema,
    answer: settled,
    status: 303,
    refusals: [404],
  }),
});
