import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import { toast } from "react-toastify";
import { useHydrated } from "remix-utils/use-hydrated";
import { billingSchema, type BillingQuote } from "#schemas/billing";
import { CityCombobox } from "~/components/places/city-combobox";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { ChoiceField, InputField } from "~/components/ui/form-fields";
import { Card } from "~/components/ui/layout";
import { formatMoney } from "~/lib/event-format";
import type { Country } from "#schemas/countries";
import { useZodForm } from "~/lib/use-zod-form";
import { processingPath } from "./paths";

/** What a refused billing says, whatever the field. */
export const INVALID_FIELDS = "Some of the fields are invalid. Check the errors in each step.";

export interface BillingActionData {
  result: SubmissionResult<string[]>;
  message: string | null;
  quote: BillingQuote | null;
  checkout: { payment_url: string; connect_pay_id: string } | null;
}

interface Props {
  quote: BillingQuote;
  countries: Country[];
  defaultValue: Record<string, string>;
  actionData: BillingActionData | undefined;
  /** What is being paid for (components/event-page/event-summary), above the order. */
  event?: ReactNode;
}

/**
 * Opens the checkout. A tab opened after the server answers would be blocked as a pop-up, so a blank one
 * is opened on the click and sent to the payment page when the answer comes; if none could be opened the
 * page itself goes there. A tab the answer has no use for (refused, nothing to pay, page left) is closed.
 */
function useCheckoutTab(actionData: BillingActionData | undefined, total: string) {
  const tab = useRef<Window | null>(null);
  const navigate = useNavigate();
  const navigation = useNavigation();
  const closeTab = () => {
    tab.current?.close();
    tab.current = null;
  };
  useEffect(() => {
    if (!actionData?.checkout) return;
    const opened = tab.current;
    tab.current = null;
    const url = new URL(actionData.checkout.payment_url, window.location.href).href;
    if (opened && !opened.closed) opened.location.href = url;
    else if (!window.open(url, "_blank")) {
      window.location.assign(url);
      return;
    }
    navigate(processingPath(actionData.checkout.connect_pay_id), { state: { paymentUrl: url } });
  }, [actionData, navigate]);
  // Runs after the effect above: whatever it did not use, once the submission is over, is closed.
  useEffect(() => {
    if (navigation.state === "idle") closeTab();
  }, [navigation.state, actionData]);
  useEffect(() => closeTab, []);
  return (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (event.defaultPrevented || submitter?.getAttribute("value") !== "pay" || Number(total) === 0) return;
    tab.current = window.open("", "_blank");
    // The checkout has no business with this page.
    if (tab.current) tab.current.opener = null;
  };
}

/** The billing step: the payer's details, a coupon, and the server's price, discount and total. */
export function BillingForm({ quote: loaded, countries, defaultValue, actionData, event }: Props) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(billingSchema, {
    id: "billing",
    lastResult: actionData?.result,
    defaultValue,
    onInvalidSubmit: () => toast.error(INVALID_FIELDS, { toastId: INVALID_FIELDS }),
  });
  const quote = actionData?.quote ?? loaded;
  const onCheckoutSubmit = useCheckoutTab(actionData, quote.total);
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  useEffect(() => {
    if (actionData?.message) toast.error(actionData.message, { toastId: actionData.message });
  }, [actionData]);
  const formProps = getFormProps(form);
  const free = Number(quote.total) === 0;
  return (
    <Form
      method="post"
      className="grid gap-6 md:grid-cols-[1fr_20rem]"
      {...formProps}
      onSubmit={(event) => {
        formProps.onSubmit(event);
        onCheckoutSubmit(event);
      }}
      aria-label="Billing"
    >
      <input {...getInputProps(fields.event_form_id, { type: "hidden" })} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <Card className="space-y-4">
        <h2 className="text-lg font-semibold">Billing details</h2>
        {actionData?.message ? <FormErrors errors={[actionData.message]} /> : null}
        <InputField field={fields.name} type="text" label="Full name" autoComplete="name" />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField field={fields.email} type="email" label="Email" autoComplete="email" />
          <InputField field={fields.phone} type="tel" label="Phone" autoComplete="tel" placeholder="+234 801 234 5678" />
        </div>
        <InputField field={fields.address} type="text" label="Address" autoComplete="street-address" />
        <div className="grid gap-4 sm:grid-cols-2">
          <ChoiceField field={fields.country} label="Country" placeholder="Choose a country" options={countries.map((c) => c.name)} />
          <CityCombobox field={fields.city} label="City" countryCodeOf={(name) => countries.find((c) => c.name === name)?.code} />
        </div>
      </Card>
      <div className="h-fit space-y-4">
        {event}
        <Card className="space-y-4">
          <h2 className="text-lg font-semibold">Order summary</h2>
          <p className="text-sm text-slate-600">{quote.event_form.title}</p>
          <div className="flex items-end gap-2">
            <div className="flex-1">
              <InputField field={fields.coupon_code} type="text" label="Coupon code" autoComplete="off" />
            </div>
            <Button type="submit" name="intent" value="quote" variant="secondary" formNoValidate pending={busy("quote")}>
              Apply
            </Button>
          </div>
          <dl className="space-y-1 text-sm" data-testid="billing-summary">
            <div className="flex justify-between">
              <dt>Price</dt>
              <dd>{formatMoney(quote.amount, quote.currency)}</dd>
            </div>
            <div className="flex justify-between text-green-700">
              <dt>Discount{quote.coupon_code ? ` (${quote.coupon_code.code})` : ""}</dt>
              <dd>−{formatMoney(quote.discount, quote.currency)}</dd>
            </div>
            <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold">
              <dt>Total</dt>
              <dd data-testid="billing-total">{formatMoney(quote.total, quote.currency)}</dd>
            </div>
          </dl>
          <Button type="submit" name="intent" value="pay" className="w-full" pending={busy("pay")}>
            {free ? "Confirm (nothing to pay)" : `Pay ${formatMoney(quote.total, quote.currency)}`}
          </Button>
          <p className="text-xs text-slate-500">
            {free
              ? "Your coupon covers the whole price: no payment page opens."
              : hydrated
                ? "The payment page opens in a new tab; this page follows it."
                : "You will be taken to the payment page."}
          </p>
        </Card>
      </div>
    </Form>
  );
}
