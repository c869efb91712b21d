import { isPaid } from "#schemas/billing";
import { redirect } from "react-router";
import { EventSummary } from "~/components/event-page/event-summary";
import { Card } from "~/components/ui/layout";
import { apiContext } from "~/lib/contexts";
import { formatEventTime } from "~/lib/event-format";
import { API } from "#schemas/contract/index";
import type { Route } from "./+types/billing-new";
import { BillingForm } from "./billing-form";
import { billingAction, loadQuote, newBillingDefaults } from "./billing.server";
import { billingEditPath, formPath } from "./paths";
import { loadSiteForm } from "./site-form.server";

/**
 * The billing step's guard: someone who already has a billing for the form edits that one (or,
 * once it is paid, goes on to the form); a free form, or one nobody can apply to now, is the form's page.
 */
async function guard(args: Route.LoaderArgs | Route.ActionArgs) {
  const view = await loadSiteForm(args);
  const form = view.event_form;
  if (view.my_billing) throw redirect(isPaid(view.my_billing.payment_status) ? formPath(form.id) : billingEditPath(view.my_billing.id));
  // A full event with a line sells its places only to the one a place is offered to.
  if (form.type_of_event !== "paid" || !view.can_apply || (view.joins_waitlist && !view.my_offer_expires_at))
    throw redirect(formPath(form.id));
  return view;
}

export async function loader(args: Route.LoaderArgs) {
  const { event_form: form, places_left: placesLeft } = await guard(args);
  const [quote, countries] = await Promise.all([loadQuote(args, form.id), args.context.get(apiContext).answer(API.listCountries, {})]);
  return { form, placesLeft, quote, countries: countries.data, defaults: newBillingDefaults(args, form.id) };
}

export async function action(args: Route.ActionArgs) {
  const { event_form: form } = await guard(args);
  return billingAction(args, form.id, null);
}

export default function NewBilling({ loaderData, actionData }: Route.ComponentProps) {
  const { form, placesLeft, quote, countries, defaults } = loaderData;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Card>
        <p className="text-sm text-slate-500">Step 1 of 2 · Payment</p>
        <h1 className="text-2xl font-bold">{form.title}</h1>
        <p className="text-slate-700">{formatEventTime(form.starts_at, form.ends_at, form.timezone)}</p>
        <p className="mt-2 text-sm text-slate-600">This is a paid event: pay first, then fill in the application form.</p>
      </Card>
      <BillingForm
        quote={quote}
        countries={countries}
        defaultValue={defaults}
        actionData={actionData}
        event={<EventSummary event={form} placesLeft={placesLeft} />}
      />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Pay for ${data?.form.title ?? "the event"} · Launchpad` }];
