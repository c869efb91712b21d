import { isPaid } from "#schemas/billing";
import { redirect } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/layout";
import { formatMoney } from "~/lib/event-format";
import type { Route } from "./+types/payment-success";
import { billingPath, formPath } from "./paths";
import { loadSiteForm } from "./site-form.server";
import { InAppLink } from "~/components/ui/in-app-link";

/** After a Successful payment (or a coupon that covers the price): on to the application form. */
export async function loader(args: Route.LoaderArgs) {
  const view = await loadSiteForm(args);
  const billing = view.my_billing;
  // Only a billing the API says is paid earns this page.
  if (!billing || !isPaid(billing.payment_status)) throw redirect(billingPath(view.event_form.id));
  return { form: { id: view.event_form.id, title: view.event_form.title }, billing };
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const { form, billing } = loaderData;
  const nothingOwed = Number(billing.total) === 0;
  return (
    <Card className="mx-auto max-w-lg space-y-4 text-center">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-green-100 text-2xl text-green-700" aria-hidden>
        ✓
      </div>
      <h1 className="text-xl font-semibold" role="status">
        {nothingOwed ? "You're all set" : "Payment successful"}
      </h1>
      <p className="text-slate-700">
        {nothingOwed
          ? `Your coupon covers the whole price of ${form.title}: there is nothing to pay.`
          : `You paid ${formatMoney(billing.total, billing.currency)} for ${form.title}.`}{" "}
        Next, fill in the application form.
      </p>
      <InAppLink to={formPath(form.id)} className={buttonClass()}>
        Continue to the application form
      </InAppLink>
    </Card>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Payment successful · Launchpad" }];
