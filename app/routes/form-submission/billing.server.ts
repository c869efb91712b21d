import type { SubmissionResult } from "@conform-to/react";
import { parseSubmission } from "~/lib/submission.server";
import { data, redirect } from "react-router";
import { billingSchema, type BillingQuote, type EventBillingView } from "#schemas/billing";
import { API } from "#schemas/contract/index";
import { apiContext, userContext } from "~/lib/contexts";
import { toConformName } from "~/lib/forms.server";
import type { ApiErrorBody } from "#schemas/answers";
import { INVALID_FIELDS } from "./billing-form";
import { successPath } from "./paths";
import type { RouteArgs } from "./site-form.server";

/** The fields the billing step shows; an error on any other (event_form_id, payment_status) is said above the form. */
const VISIBLE_FIELDS = new Set(["name", "email", "phone", "address", "country", "city", "coupon_code"]);

/** Applying a coupon looks only at the form and the code; the payer's details are checked when paying. */
const couponSchema = billingSchema.pick({ event_form_id: true, coupon_code: true });

/** The price, discount and total for a form (and coupon), as the server computes them. */
export async function loadQuote({ context }: RouteArgs, eventFormId: number): Promise<BillingQuote> {
  const result = await context.get(apiContext).request(API.quoteBilling, { body: { event_form_id: eventFormId } });
  if (!result.ok) throw data(Object.values(result.body.errors ?? {}).flat()[0] ?? result.body.message, { status: result.status });
  return result.body.quote;
}

/** A billing's own figures, shown the same way as a quote. */
export const quoteOf = (billing: EventBillingView): BillingQuote => ({
  event_form: billing.event_form,
  amount: billing.amount,
  discount: billing.discount,
  total: billing.total,
  currency: billing.currency,
  coupon_code: billing.coupon_code,
});

/** The details a new billing starts with: the account's name and email. */
export function newBillingDefaults({ context }: RouteArgs, eventFormId: number) {
  const user = context.get(userContext);
  return {
    event_form_id: String(eventFormId),
    name: user.name,
    email: user.email,
    phone: "",
    address: "",
    country: "",
    city: "",
    coupon_code: "",
  };
}

/** A refused quote or billing as the form shows it: errors next to their fields, the rest in words. */
function refusal(
  submission: { reply: (o: { fieldErrors: Record<string, string[]> }) => SubmissionResult<string[]> },
  status: number,
  body: ApiErrorBody,
  summary: string | null = INVALID_FIELDS,
) {
  const errors = body.errors ?? {};
  const fieldErrors = Object.fromEntries(Object.entries(errors).map(([key, value]) => [toConformName(key), value]));
  // Errors of fields the page has no input for (the form closed, the billing was paid) are said in words.
  const hidden = Object.entries(errors)
    .filter(([key]) => !VISIBLE_FIELDS.has(key))
    .flatMap(([, value]) => value);
  const messages = status === 422 ? [summary, ...hidden].filter((m): m is string => m !== null) : [body.message];
  return { result: submission.reply({ fieldErrors }), message: messages.length ? messages.join(" ") : null, quote: null, checkout: null };
}

/**
 * The billing step's action, for a new billing or the caller's unpaid one. "quote" prices a coupon; "pay"
 * saves the billing and goes to the checkout: with JavaScript the page opens it in a new tab (the browser
 * says `js=1`), without it the browser is redirected there. A fully discounted billing needs no checkout.
 */
export async function billingAction({ request, context }: RouteArgs, eventFormId: number, billing: EventBillingView | null) {
  const api = context.get(apiContext);
  const formData = await request.formData();
  // The form the page's guard checked, whatever the request says.
  formData.set("event_form_id", String(eventFormId));
  if (formData.get("intent") === "quote") {
    const submission = parseSubmission(formData, { schema: couponSchema });
    if (submission.status !== "success")
      return data({ result: submission.reply(), message: null, quote: null, checkout: null }, { status: 422 });
    const result = await api.request(API.quoteBilling, { body: { ...submission.value, event_billing_id: billing?.id } });
    if (!result.ok) return data(refusal(submission, result.status, result.body, null), { status: result.status });
    return { result: submission.reply(), message: null, quote: result.body.quote, checkout: null };
  }
  const submission = parseSubmission(formData, { schema: billingSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), message: INVALID_FIELDS, quote: null, checkout: null }, { status: 422 });
  const result = billing
    ? await api.request(API.updateBilling, { params: { id: billing.id }, body: submission.value })
    : await api.request(API.createBilling, { body: submission.value });
  if (!result.ok) return data(refusal(submission, result.status, result.body), { status: result.status });
  const { event_billing: saved, payment_url } = result.body;
  if (!payment_url) throw redirect(successPath(saved.event_form_id));
  if (formData.get("js") !== "1") throw redirect(payment_url);
  const checkout = { payment_url, connect_pay_id: saved.connect_pay_id ?? "" };
  return { result: submission.reply(), message: null, quote: quoteOf(saved), checkout };
}
