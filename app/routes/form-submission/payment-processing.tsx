import { useEffect, useRef, useState } from "react";
import { API } from "#schemas/contract/index";
import { data, redirect, useLocation, useRevalidator, Link } from "react-router";
import { PAYMENT_STATUS_CHANGED_EVENT, userChannel } from "#schemas/realtime";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/layout";
import { apiContext } from "~/lib/contexts";
import { useCurrentUserId } from "~/lib/realtime/use-live-revalidate";
import { useChannel } from "~/lib/realtime/realtime";
import type { Route } from "./+types/payment-processing";
import { billingEditPath, successPath } from "./paths";
import { InAppLink } from "~/components/ui/in-app-link";

/** How often a page waiting for a payment in another tab asks again, and for how long before it stops. */
const FOLLOW_INTERVAL_MS = 2000;
const FOLLOW_FOR_MS = 10 * 60_000;

/**
 * Where every checkout returns (`?connect_pay_id=`), and where the billing page waits while the checkout is
 * open in another tab. Asking the API verifies the payment with the provider; a paid one goes on.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const connectPayId = url.searchParams.get("connect_pay_id");
  if (!connectPayId) throw data("Payment not found", { status: 404 });
  const result = await context.get(apiContext).request(API.verifyPayment, { body: { connect_pay_id: connectPayId } });
  if (!result.ok) throw data(Object.values(result.body.errors ?? {}).flat()[0] ?? result.body.message, { status: result.status });
  const verification = result.body;
  if (verification.payment_status === "Successful") throw redirect(successPath(verification.event_billing.event_form_id));
  // The provider's "back" link: the payer left the checkout without paying.
  const left = verification.payment_status === "Pending" && url.searchParams.get("cancelled") === "1";
  return left
    ? { ...verification, payment_status: "Failed" as const, message: "You left the payment page before paying. No money was taken." }
    : verification;
}

export default function PaymentProcessing({ loaderData }: Route.ComponentProps) {
  const { payment_status: status, message, event_billing: billing } = loaderData;
  const revalidator = useRevalidator();
  const location = useLocation();
  const paymentUrl = (location.state as { paymentUrl?: string } | null)?.paymentUrl;
  const waiting = status === "Pending";
  // An abandoned tab stops asking the payment provider after a while; "Check again" starts it anew.
  const deadline = useRef<number | null>(null);
  const [stopped, setStopped] = useState(false);
  useEffect(() => {
    if (!waiting || stopped) return;
    deadline.current ??= Date.now() + FOLLOW_FOR_MS;
    const timer = window.setInterval(() => {
      if (Date.now() > (deadline.current ?? 0)) setStopped(true);
      else if (revalidator.state === "idle") void revalidator.revalidate();
    }, FOLLOW_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [waiting, stopped, revalidator]);
  // The payer's channel says at once when this payment settles; the polling above stays as the fallback.
  const userId = useCurrentUserId();
  useChannel(waiting && userId ? userChannel(userId) : null, PAYMENT_STATUS_CHANGED_EVENT, (event) => {
    if (event.billing_id === billing.id && revalidator.state === "idle") void revalidator.revalidate();
  });
  const followAgain = () => {
    deadline.current = null;
    setStopped(false);
  };
  return (
    <Card className="mx-auto max-w-lg space-y-4 text-center">
      {waiting ? (
        <>
          <div className="mx-auto size-10 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600" aria-hidden />
          <h1 className="text-xl font-semibold">Waiting for your payment</h1>
          <p className="text-slate-700" role="status">
            {message} {paymentUrl && !stopped ? "Finish it in the payment tab; this page moves on by itself." : null}
          </p>
        </>
      ) : (
        <>
          <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-red-100 text-2xl text-red-700" aria-hidden>
            !
          </div>
          <h1 className="text-xl font-semibold">Payment not completed</h1>
          <p className="text-slate-700" role="alert">
            {message}
          </p>
        </>
      )}
      <div className="flex flex-wrap justify-center gap-3">
        {waiting && paymentUrl ? (
          <a href={paymentUrl} target="_blank" rel="noreferrer" className={buttonClass("secondary")}>
            Open the payment page
          </a>
        ) : null}
        {waiting ? (
          <Link
            to={`${location.pathname}${location.search}`}
            replace
            state={location.state}
            onClick={followAgain}
            className={buttonClass("secondary")}
          >
            Check again
          </Link>
        ) : null}
        <InAppLink to={billingEditPath(billing.id)} className={buttonClass(waiting ? "secondary" : "primary")}>
          Pay again
        </InAppLink>
      </div>
    </Card>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Payment · Launchpad" }];
