import type { BillingListPage } from "#schemas/billing";
import { formatMoney } from "~/lib/event-format";

/** The form's payment totals (over every billing, whatever the list's filters), in the form's currency. */
export function BillingTotals({ totals, currency }: { totals: BillingListPage["totals"]; currency: string }) {
  const items = [
    { label: "Billings", value: String(totals.billings) },
    { label: "Successful", value: String(totals.successful) },
    { label: "Pending", value: String(totals.pending) },
    { label: "Amount collected", value: formatMoney(totals.amount_collected, currency) },
    { label: "Refunded", value: formatMoney(totals.refunded, currency) },
    { label: "Discounts given", value: formatMoney(totals.discounts, currency) },
  ];
  return (
    <dl className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 2xl:grid-cols-6" aria-label="Payment totals">
      {items.map((item) => (
        <div
          key={item.label}
          className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
          data-testid={`total-${item.label.toLowerCase().replace(/ /g, "-")}`}
        >
          <dt className="text-xs font-medium uppercase text-slate-500">{item.label}</dt>
          <dd className="mt-1 text-xl font-semibold text-slate-900">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
