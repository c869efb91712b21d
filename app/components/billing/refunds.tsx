import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { refundSchema, type EventBillingDetail } from "#schemas/billing";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { InputField, TextareaField } from "~/components/ui/form-fields";
import { Badge } from "~/components/ui/layout";
import { formatMoney } from "~/lib/event-format";
import { useDates } from "~/lib/dates";
import { useZodForm } from "~/lib/use-zod-form";

export const REFUND_INTENT = "refund";

export const REFUND_TONES = { pending: "blue", succeeded: "slate", failed: "red" } as const;

/**
 * The owner's refund through the provider: an amount (everything left when blank) and a reason. A plain
 * POST, so it works without JavaScript. The key is drawn by the loader for this page view: a double click
 * or a resent form carries the same one, and the API makes one refund of it.
 */
export function RefundForm({
  billing,
  refundKey,
  lastResult,
}: {
  billing: EventBillingDetail;
  refundKey: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const navigation = useNavigation();
  const [form, fields] = useZodForm(refundSchema, { id: `billing-refund-${billing.id}`, lastResult });
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === REFUND_INTENT;
  const left = formatMoney(billing.refundable, billing.currency);
  return (
    <Form
      method="post"
      preventScrollReset
      className="max-w-md space-y-3 rounded-md border border-slate-200 bg-white p-4"
      aria-label="Refund this payment"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value={REFUND_INTENT} />
      <input type="hidden" name="billing_id" value={billing.id} />
      <input type="hidden" name="idempotency_key" value={refundKey} />
      <FormErrors errors={form.errors} />
      <InputField
        field={fields.amount}
        label={`Amount to refund (${billing.currency})`}
        hint={`Up to ${left}; leave it blank to refund all of it.`}
        type="text"
        inputMode="decimal"
        autoComplete="off"
      />
      <TextareaField field={fields.reason} label="Reason" hint="Kept in the history; the payer is told their payment was refunded." />
      <Button type="submit" variant="secondary" pending={pending}>
        Refund through {billing.provider}
      </Button>
    </Form>
  );
}

/** What was given back, newest first: amount, outcome, who asked and why. */
export function RefundHistory({ refunds }: { refunds: EventBillingDetail["refunds"] }) {
  const dates = useDates();
  if (refunds.length === 0) return null;
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold uppercase text-slate-500">Refunds</h3>
      <ol className="space-y-2 text-sm" aria-label="Refunds">
        {refunds.map((refund) => (
          <li key={refund.id} className="rounded-md border border-slate-200 bg-white px-3 py-2" data-testid="refund">
            <p className="font-medium text-slate-800">
              {formatMoney(refund.amount, refund.currency)} <Badge tone={REFUND_TONES[refund.status]}>{refund.status}</Badge>
            </p>
            <p className="text-slate-600">
              {refund.requested_by?.name ?? "Someone no longer here"} · {dates.dayTime(refund.created_at)}
            </p>
            <p className="text-slate-500">{refund.reason}</p>
            {refund.failure_reason ? <p className="text-red-700">{refund.failure_reason}</p> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
