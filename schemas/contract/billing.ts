/**
 * Billing for paid events: a payer's billing and its checkout, a quote, checking a payment on return, and an
 * organization's billings of a form with their statuses.
 */
import { z } from "zod";
import { listQuery } from "./list-query.ts";
import { apiPart, apiRoute, fileAnswer } from "./route.ts";
import {
  BILLING_STATUSES,
  billingListPage,
  billingQuote,
  billingSchema,
  changeStatusSchema,
  checkoutOpened,
  eventBillingDetail,
  eventBillingView,
  quoteSchema,
  refundMade,
  refundSchema,
  verifyPaymentSchema,
  paymentVerification,
} from "../billing.ts";

/** A form's billings: by payment status (an unknown one is no filter), newest first unless asked otherwise. */
export const billingListQuery = listQuery.extend({ payment_status: z.enum(BILLING_STATUSES).optional().catch(undefined) });
export type BillingListQuery = z.output<typeof billingListQuery>;

const readsBillings = { feature: "event billing read", organization: "money" } as const;
const writesBillings = { feature: "event billing write", organization: "money" } as const;

export const billingRoutes = apiPart("Billing", {
  createBilling: apiRoute({
    method: "POST",
    path: "/api/v1/admin/event_billings",
    summary: "Fill in the caller's billing for a paid form and open its checkout (the price is the server's, with the coupon)",
    access: "user",
    body: billingSchema,
    answer: checkoutOpened,
    status: 201,
    refusals: [404, 409, 429],
  }),
  quoteBilling: apiRoute({
    method: "POST",
    path: "/api/v1/admin/event_billings/quote",
    summary: "Price a billing for a form with a coupon code, as the server would charge it",
    access: "user",
    body: quoteSchema,
    answer: z.object({ quote: billingQuote }),
    refusals: [404, 429],
  }),
  verifyPayment: apiRoute({
    method: "POST",
    path: "/api/v1/admin/event_billings/verify_payment",
    summary: "Ask what became of the caller's payment on their return from the checkout",
    access: "user",
    body: verifyPaymentSchema,
    answer: paymentVerification,
    refusals: [404],
  }),
  updateBilling: apiRoute({
    method: "PUT",
    path: "/api/v1/admin/event_billings/{id}",
    summary: "Change the caller's unpaid billing and open a new checkout for it",
    access: "user",
    body: billingSchema,
    answer: checkoutOpened,
    refusals: [404, 409, 429],
  }),
  showBilling: apiRoute({
    method: "GET",
    path: "/api/v1/admin/event_billings/{id}",
    summary: "Show a billing: the caller's own, or one of a form their organization handles the money of",
    access: "user",
    answer: z.object({ event_billing: eventBillingView }),
    refusals: [404],
  }),
  showBillingDetail: apiRoute({
    method: "GET",
    path: "/api/v1/admin/event_billings/{id}/single",
    summary: "Show a billing with its status changes, refunds, what may still be refunded and payments it did not accept",
    access: "user",
    answer: z.object({ event_billing: eventBillingDetail }),
    refusals: [404],
  }),
  listBillings: apiRoute({
    method: "GET",
    path: "/api/v1/admin/event_billings/{id}/all",
    summary: "List a form's billings (the id is the form's), newest first, with the form's totals and the form",
    access: readsBillings,
    query: billingListQuery,
    answer: billingListPage,
    refusals: [404],
  }),
  billingsCsv: apiRoute({
    method: "GET",
    path: "/api/v1/admin/event_billings/{id}/all.csv",
    summary: "Download a form's billings as CSV (the id is the form's), filtered and sorted as the list",
    access: readsBillings,
    query: billingListQuery,
    answer: fileAnswer("text/csv", "The form's billings, one row each"),
    refusals: [404],
  }),
  changeBillingStatus: apiRoute({
    method: "PUT",
    path: "/api/v1/admin/event_billings/{id}/change_status",
    summary: "Set a billing's payment status by hand (a checkout still open is closed; the payer is told)",
    access: writesBillings,
    body: changeStatusSchema,
    answer: z.object({ event_billing: eventBillingView }),
    refusals: [404, 409],
  }),
  refundBilling: apiRoute({
    method: "POST",
    path: "/api/v1/admin/event_billings/{id}/refund",
    summary:
      "Refund a billing's payment through the provider (all that is left unless an amount is given), or a payment it did not accept (payment_id, whole): 201 with the refund made, 200 with the one the same idempotency key (field or Idempotency-Key header) made before",
    // The organization's "money" is checked after the billing id and the body, as it always was: the
    // handler checks it, so that the refusals keep their order.
    access: { feature: "event billing write" },
    body: refundSchema,
    answer: refundMade,
    status: [201, 200],
    refusals: [404],
  }),
});
