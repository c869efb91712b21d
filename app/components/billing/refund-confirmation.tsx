import { useEffect, useId, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { EventBillingDetail, RefundInput } from "#schemas/billing";
import { Button, buttonClass } from "~/components/ui/button";
import { formatMoney } from "~/lib/event-format";

/** The form field that says the owner saw the amount and said yes: without it, a refund form only asks. */
export const REFUND_CONFIRMED_FIELD = "confirmed";

/**
 * The second step of a refund: the amount it gives back (what is left, when the owner left the amount blank;
 * the whole payment for one the billing did not accept), to whom and why, and a Yes that sends the same
 * refund again, confirmed, with the same key. It is a dialog in the page: shown as it is without JavaScript,
 * made modal once the page runs; Cancel goes back to the billing without refunding.
 */
export function RefundConfirmation({
  billing,
  refund,
  intent,
  cancelHref,
}: {
  billing: EventBillingDetail;
  refund: RefundInput;
  intent: string;
  cancelHref: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLAnchorElement>(null);
  const headingId = useId();
  const navigation = useNavigation();
  const unapplied = refund.payment_id ? billing.unapplied_payments.find((payment) => payment.id === refund.payment_id) : undefined;
  // A refund of a payment not applied is always whole; the billing's own, the amount asked or all that is left.
  const amount = unapplied ? unapplied.amount : (refund.amount ?? billing.refundable);
  const money = formatMoney(amount, billing.currency);
  useEffect(() => {
    const element = dialog.current;
    if (!element || element.matches(":modal")) return;
    element.close();
    element.showModal();
    // The step that gives nothing away has the focus: Enter or a stray click does not send money back.
    cancel.current?.focus();
  }, []);
  return (
    <dialog
      ref={dialog}
      open
      aria-labelledby={headingId}
      // Without JavaScript it stands in the page's flow, above the billing's details; made modal, it is centred.
      className="max-w-md space-y-3 rounded-md border border-slate-300 bg-white p-4 text-slate-900 shadow-lg backdrop:bg-slate-900/50 [&:not(:modal)]:static [&:not(:modal)]:m-0"
      data-testid="refund-confirmation"
    >
      <h3 id={headingId} className="font-semibold">
        Refund {money} to {billing.name}?
      </h3>
      <p className="text-sm text-slate-700">
        {money} goes back through {unapplied?.provider ?? billing.provider}. This cannot be undone.
      </p>
      <p className="text-sm text-slate-600">Reason: {refund.reason}</p>
      <Form method="post" preventScrollReset className="flex flex-wrap gap-3">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="billing_id" value={billing.id} />
        {refund.payment_id ? <input type="hidden" name="payment_id" value={refund.payment_id} /> : null}
        {/* The amount said here is the amount sent: "all that is left" cannot grow into more than was shown. */}
        {unapplied ? null : <input type="hidden" name="amount" value={amount} />}
        <input type="hidden" name="reason" value={refund.reason} />
        {refund.idempotency_key ? <input type="hidden" name="idempotency_key" value={refund.idempotency_key} /> : null}
        <input type="hidden" name={REFUND_CONFIRMED_FIELD} value="yes" />
        <Button type="submit" variant="danger" pending={navigation.state === "submitting"}>
          Yes, refund {money}
        </Button>
        <Link ref={cancel} to={cancelHref} className={buttonClass("secondary")} preventScrollReset>
          Cancel
        </Link>
      </Form>
    </dialog>
  );
}
