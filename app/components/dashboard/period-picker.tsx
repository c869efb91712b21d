import { Form } from "react-router";
import type { DashboardForm } from "#schemas/dashboard";
import { DASHBOARD_PERIODS } from "#schemas/dashboard-periods";
import { buttonClass } from "~/components/ui/button";

/** A plain GET form: the choice is in the address, so it works without JavaScript and can be bookmarked. */
export function PeriodPicker({ period, formId, forms }: { period: number; formId: number | null; forms: DashboardForm[] | null }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Choose the period">
      <div className="text-sm">
        <label htmlFor="dashboard-period" className="block font-medium text-slate-700">
          Period
        </label>
        <select
          id="dashboard-period"
          name="period"
          defaultValue={String(period)}
          className="mt-1 rounded-md border border-slate-300 px-2 py-1.5"
        >
          {DASHBOARD_PERIODS.map((p) => (
            <option key={p} value={p}>
              Last {p} days
            </option>
          ))}
        </select>
      </div>
      {forms && forms.length > 0 ? (
        <div className="text-sm">
          <label htmlFor="dashboard-form" className="block font-medium text-slate-700">
            Event form
          </label>
          <select
            id="dashboard-form"
            name="form_id"
            defaultValue={formId ? String(formId) : ""}
            className="mt-1 max-w-xs rounded-md border border-slate-300 px-2 py-1.5"
          >
            <option value="">All forms</option>
            {forms.map((form) => (
              <option key={form.id} value={form.id}>
                {form.title}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <button type="submit" className={buttonClass("secondary", "sm")}>
        Show
      </button>
    </Form>
  );
}
