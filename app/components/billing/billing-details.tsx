import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useNavigation, Link } from "react-router";
import {
  BILLING_STATUSES,
  changeStatusSchema,
  SETTABLE_BILLING_STATUSES,
  type BillingStatus,
  type EventBillingDetail,
  type RefundInput,
} from "#schemas/billing";
import { Button, buttonClass } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { ChoiceField } from "~/components/ui/form-fields";
import { CountryName } from "~/components/places/flag";
import { formatMoney } from "~/lib/event-format";
import { useZodForm } from "~/lib/use-zod-form";
import { BillingStatusBadge } from "./status-badge";
import { RefundConfirmation } from "./refund-confirmation";
import { REFUND_INTENT, RefundForm, RefundHistory } from "./refunds";
import { REFUND_UNAPPLIED_INTENT, UnappliedPayments } from "./unapplied-payments";
import { useDates } from "~/lib/dates";

export const CHANGE_STATUS_INTENT = "change-status";

/**
 * One billing opened from the payments list: the payer's details, every status change (who, when, why)
 * and, for owners who may write billings, the status picker. Server-rendered from `?billing={id}`.
 */
export function BillingDetails({
  billing,
  closeHref,
  canWrite,
  refundKey,
  lastResult,
  lastIntent,
  refundToConfirm,
  selfHref,
}: {
  billing: EventBillingDetail;
  closeHref: string;
  canWrite: boolean;
  /** This page view's refund key (see RefundForm). */
  refundKey: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** Which of the forms `lastResult` answers. */
  lastIntent: string | undefined;
  /** A refund asked for and not yet confirmed: the amount and reason to say yes to. */
  refundToConfirm: RefundInput | undefined;
  /** This page as it is, billing open: where a refund not confirmed goes back to. */
  selfHref: string;
}) {
  const dates = useDates();
  const headingId = `billing-${billing.id}-heading`;
  return (
    <section aria-labelledby={headingId} className="space-y-5 bg-slate-50 p-5" data-testid="billing-details">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            Payment details: {billing.name}
          </h2>
          <p className="text-sm text-slate-500">
            Billing #{billing.id} · <BillingStatusBadge status={billing.payment_status} />
          </p>
        </div>
        <Link to={closeHref} className={buttonClass("ghost", "sm")} preventScrollReset>
          Close details
        </Link>
      </div>
      {refundToConfirm && lastIntent ? (
        <RefundConfirmation billing={billing} refund={refundToConfirm} intent={lastIntent} cancelHref={selfHref} />
      ) : null}
      <div className="grid gap-5 lg:grid-cols-2">
        <div>
          <h3 className="mb-2 text-sm font-semibold uppercase text-slate-500">Payer</h3>
          <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-1 text-sm">
            <Item label="Name">{billing.name}</Item>
            <Item label="Email">
              <a className="text-brand-600 hover:underline" href={`mailto:${billing.email}`}>
                {billing.email}
              </a>
            </Item>
            <Item label="Phone">{billing.phone}</Item>
            <Item label="Address">
              <span className="whitespace-pre-line">{billing.address}</span>
            </Item>
            <Item label="City">{billing.city}</Item>
            <Item label="Country">
              <CountryName code={billing.country} />
            </Item>
          </dl>
        </div>
        <div>
          <h3 className="mb-2 text-sm font-semibold uppercase text-slate-500">Payment</h3>
          <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-1 text-sm">
            <Item label="Amount">{formatMoney(billing.amount, billing.currency)}</Item>
            <Item label="Coupon">{billing.coupon_code ? <span className="font-mono">{billing.coupon_code.code}</span> : "—"}</Item>
            <Item label="Discount">{formatMoney(billing.discount, billing.currency)}</Item>
            <Item label="Total">{formatMoney(billing.total, billing.currency)}</Item>
            {Number(billing.refunded) > 0 ? <Item label="Refunded">{formatMoney(billing.refunded, billing.currency)}</Item> : null}
            <Item label="Provider">{billing.provider}</Item>
            <Item label="Reference">
              {billing.connect_pay_id ? <span className="break-all font-mono text-xs">{billing.connect_pay_id}</span> : "—"}
            </Item>
            <Item label="Created">{dates.dayTime(billing.created_at)}</Item>
            <Item label="Paid at">{dates.dayTime(billing.paid_at)}</Item>
          </dl>
        </div>
      </div>
      {canWrite ? (
        <div className="flex flex-wrap items-start gap-4">
          <StatusChangeForm
            key={`${billing.id}:${billing.payment_status}`}
            billing={billing}
            lastResult={lastIntent === CHANGE_STATUS_INTENT ? lastResult : undefined}
          />
          {Number(billing.refundable) > 0 ? (
            <RefundForm
              key={refundKey}
              billing={billing}
              refundKey={refundKey}
              lastResult={lastIntent === REFUND_INTENT ? lastResult : undefined}
            />
          ) : null}
        </div>
      ) : null}
      <UnappliedPayments
        billing={billing}
        canWrite={canWrite}
        refundKey={refundKey}
        lastResult={lastIntent === REFUND_UNAPPLIED_INTENT ? lastResult : undefined}
      />
      <RefundHistory refunds={billing.refunds} />
      <div>
        <h3 className="mb-2 text-sm font-semibold uppercase text-slate-500">Status history</h3>
        {billing.status_changes.length === 0 ? (
          <p className="text-sm text-slate-600">No status changes yet.</p>
        ) : (
          <ol className="space-y-2 text-sm" aria-label="Status history">
            {billing.status_changes.map((change) => (
              <li key={change.id} className="rounded-md border border-slate-200 bg-white px-3 py-2" data-testid="status-change">
                <p className="font-medium text-slate-800">
                  {change.from_status ?? "New"} → {change.to_status}
                </p>
                <p className="text-slate-600">
                  {change.changed_by ? change.changed_by.name : "Payment provider"} · {dates.dayTime(change.created_at)}
                </p>
                {change.reason ? <p className="text-slate-500">{change.reason}</p> : null}
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </>
  );
}

const settable = (status: BillingStatus) => (SETTABLE_BILLING_STATUSES as readonly BillingStatus[]).includes(status);
/** The statuses no one sets by hand (a partial refund: the provider knows how much went back). */
const REFUND_ONLY = BILLING_STATUSES.filter((status) => !settable(status));
/** Every status a billing can have, so its current one always shows; those no one may set are there, disabled. */
const STATUS_CHOICES = BILLING_STATUSES.map((status) => (settable(status) ? status : { value: status, label: status, disabled: true }));

/** A plain POST (works without JavaScript); the server answers with a toast or the field's 422 error. */
function StatusChangeForm({
  billing,
  lastResult,
}: {
  billing: EventBillingDetail;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const navigation = useNavigation();
  const [form, fields] = useZodForm(changeStatusSchema, {
    id: `billing-status-${billing.id}`,
    lastResult,
    defaultValue: { status: billing.payment_status },
  });
  const pending =
    navigation.state === "submitting" &&
    navigation.formData?.get("billing_id") === String(billing.id) &&
    navigation.formData.get("intent") === CHANGE_STATUS_INTENT;
  return (
    <Form
      method="post"
      preventScrollReset
      className="max-w-md space-y-3 rounded-md border border-slate-200 bg-white p-4"
      aria-label="Change payment status"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value={CHANGE_STATUS_INTENT} />
      <input type="hidden" name="billing_id" value={billing.id} />
      <FormErrors errors={form.errors} />
      <div className="flex items-end gap-3">
        <div className="flex-1">
          <ChoiceField
            field={fields.status}
            label="Payment status"
            placeholder="Choose a status"
            options={STATUS_CHOICES}
            hint={`${REFUND_ONLY.join(", ")}: only a refund through the provider sets it.`}
          />
        </div>
        <Button type="submit" pending={pending}>
          Save
        </Button>
      </div>
      <p className="text-xs text-slate-500">The change is kept in the history below with your name.</p>
    </Form>
  );
}
