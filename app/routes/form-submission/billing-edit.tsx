import { data, redirect } from "react-router";
import { API } from "#schemas/contract/index";
import { requireId } from "~/lib/route-params.server";
import { Card } from "~/components/ui/layout";
import { apiContext, userContext } from "~/lib/contexts";
import { isPaid, type EventBillingView } from "#schemas/billing";
import type { Route } from "./+types/billing-edit";
import { EventSummary } from "~/components/event-page/event-summary";
import { BillingForm } from "./billing-form";
import { billingAction, quoteOf } from "./billing.server";
import { formPath } from "./paths";
import { loadSiteForm } from "./site-form.server";

const NOT_FOUND = "Event billing not found";
const CLOSED = new Set(["Refunded", "Cancelled"]);

/** Only the payer's own billing (404 otherwise); a Successful one goes on to the form. */
async function ownBilling({ params, context }: Route.LoaderArgs | Route.ActionArgs): Promise<EventBillingView> {
  const id = requireId(params.id, NOT_FOUND);
  const result = await context.get(apiContext).request(API.showBilling, { params: { id } });
  if (result.status === 404) throw data(NOT_FOUND, { status: 404 });
  if (!result.ok) throw data(result.body.message, { status: result.status });
  const billing = result.body.event_billing;
  // The form's owner may read it too, but this page is the payer's.
  if (billing.user_id !== context.get(userContext).id) throw data(NOT_FOUND, { status: 404 });
  if (isPaid(billing.payment_status)) throw redirect(formPath(billing.event_form_id));
  return billing;
}

export async function loader(args: Route.LoaderArgs) {
  const billing = await ownBilling(args);
  const [view, countries] = await Promise.all([
    loadSiteForm(args, billing.event_form_id),
    args.context.get(apiContext).answer(API.listCountries, {}),
  ]);
  const { id: _id, event_form_id, name, email, phone, address, country, city, coupon_code } = billing;
  const defaults = {
    event_form_id: String(event_form_id),
    name,
    email,
    phone,
    address,
    country,
    city,
    coupon_code: coupon_code?.code ?? "",
  };
  // Paying for an event nobody can apply to any more would take money for nothing.
  return {
    billing,
    quote: quoteOf(billing),
    countries: countries.data,
    defaults,
    closedReason: view.can_apply ? null : view.closed_reason,
    event: view.event_form,
    placesLeft: view.places_left,
  };
}

export async function action(args: Route.ActionArgs) {
  const billing = await ownBilling(args);
  return billingAction(args, billing.event_form_id, billing);
}

const STATUS_NOTES: Partial<Record<EventBillingView["payment_status"], string>> = {
  Pending: "Your payment has not been completed yet. Check your details and pay again.",
  Failed: "Your last payment did not go through. No money was taken; you can pay again.",
};

export default function EditBilling({ loaderData, actionData }: Route.ComponentProps) {
  const { billing, quote, countries, defaults, closedReason, event, placesLeft } = loaderData;
  const closed = CLOSED.has(billing.payment_status);
  const note = closed
    ? `This billing was ${billing.payment_status.toLowerCase()} by the organiser and can no longer be paid. Contact them if you think this is a mistake.`
    : (closedReason ?? STATUS_NOTES[billing.payment_status]);
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Card>
        <p className="text-sm text-slate-500">Step 1 of 2 · Payment</p>
        <h1 className="text-2xl font-bold">{billing.event_form.title}</h1>
        <p className="mt-2 text-sm text-slate-600" data-testid="billing-status">
          {note}
        </p>
      </Card>
      {closed || closedReason ? null : (
        <BillingForm
          quote={quote}
          countries={countries}
          defaultValue={defaults}
          actionData={actionData}
          event={<EventSummary event={event} placesLeft={placesLeft} />}
        />
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Pay for ${data?.billing.event_form.title ?? "the event"} · Launchpad` }];
