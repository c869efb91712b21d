import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { refundSchema, type EventBillingDetail, type UnappliedPayment } from "#schemas/billing";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { TextareaField } from "~/components/ui/form-fields";
import { Badge } from "~/components/ui/layout";
import { formatMoney } from "~/lib/event-format";
import { useDates } from "~/lib/dates";
import { useZodForm } from "~/lib/use-zod-form";
import { REFUND_TONES } from "./refunds";

export const REFUND_UNAPPLIED_INTENT = "refund-unapplied";

const REFUND_LABELS = { pending: "refund on its way", succeeded: "refunded", failed: "refund failed" } as const;

/**
 * Money the provider took that this billing did not accept (paid twice, after it closed, or after the event
 * filled): why, and for owners who may write billings, a form to give it back whole. Plain POSTs, so they
 * work without JavaScript; each payment's form keeps its own key for this page view, so a resent form
 * refunds once.
 */
export function UnappliedPayments({
  billing,
  canWrite,
  refundKey,
  lastResult,
}: {
  billing: EventBillingDetail;
  canWrite: boolean;
  refundKey: string;
  /** The last answer to one of these forms: shown on the payment it was for. */
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const dates = useDates();
  if (billing.unapplied_payments.length === 0) return null;
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold uppercase text-slate-500">Payments not applied</h3>
      <ul className="space-y-3 text-sm" aria-label="Payments not applied">
        {billing.unapplied_payments.map((payment) => (
          <li key={payment.id} className="space-y-2 rounded-md border border-amber-300 bg-white px-3 py-2" data-testid="unapplied-payment">
            <p className="font-medium text-slate-800">
              {formatMoney(payment.amount, payment.currency)} through {payment.provider} · {dates.dayTime(payment.created_at)}{" "}
              {payment.refund_status ? (
                <Badge tone={REFUND_TONES[payment.refund_status]}>{REFUND_LABELS[payment.refund_status]}</Badge>
              ) : null}
            </p>
            <p className="break-all font-mono text-xs text-slate-600">{payment.provider_payment_id}</p>
            <p className="text-slate-700">{payment.reason}</p>
            {canWrite && payment.refund_status !== "succeeded" && payment.refund_status !== "pending" ? (
              <UnappliedRefundForm
                billingId={billing.id}
                payment={payment}
                refundKey={`${refundKey}-${payment.id}`}
                lastResult={lastResult?.initialValue?.payment_id === String(payment.id) ? lastResult : undefined}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function UnappliedRefundForm({
  billingId,
  payment,
  refundKey,
  lastResult,
}: {
  billingId: number;
  payment: UnappliedPayment;
  refundKey: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const [form, fields] = useZodForm(refundSchema, {
    id: `unapplied-refund-${payment.id}`,
    lastResult,
    defaultValue: { reason: payment.reason },
  });
  const pending = navigation.state === "submitting" && navigation.formData?.get("payment_id") === String(payment.id);
  const amount = formatMoney(payment.amount, payment.currency);
  return (
    <Form method="post" preventScrollReset className="max-w-md space-y-2" aria-label={`Refund ${amount}`} {...getFormProps(form)}>
      <input type="hidden" name="intent" value={REFUND_UNAPPLIED_INTENT} />
      <input type="hidden" name="billing_id" value={billingId} />
      <input type="hidden" name="payment_id" value={payment.id} />
      <input type="hidden" name="idempotency_key" value={refundKey} />
      <FormErrors errors={[...(form.errors ?? []), ...(fields.payment_id.errors ?? []), ...(fields.amount.errors ?? [])]} />
      <TextareaField field={fields.reason} label="Reason" hint="Kept in the history; the payer is told their payment was refunded." />
      <Button type="submit" variant="secondary" pending={pending}>
        Refund {amount}
      </Button>
    </Form>
  );
}
