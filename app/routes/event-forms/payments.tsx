import { parseSubmission } from "~/lib/submission.server";
import { data, useSearchParams, Link } from "react-router";
import { BILLING_STATUSES, changeStatusSchema, refundSchema, type ChangeStatusInput, type RefundInput } from "#schemas/billing";
import { API } from "#schemas/contract/index";
import { pathTo, type AnswerOf } from "#schemas/contract/route";
import { parseId } from "#schemas/ids";
import { eventFormChannel, PAYMENT_STATUS_CHANGED_EVENT } from "#schemas/realtime";
import { requireId } from "~/lib/route-params.server";
import { BillingDetails, CHANGE_STATUS_INTENT } from "~/components/billing/billing-details";
import { BillingTotals } from "~/components/billing/billing-totals";
import { BillingStatusBadge } from "~/components/billing/status-badge";
import { REFUND_CONFIRMED_FIELD } from "~/components/billing/refund-confirmation";
import { REFUND_INTENT } from "~/components/billing/refunds";
import { REFUND_UNAPPLIED_INTENT } from "~/components/billing/unapplied-payments";
import { buttonClass } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { Card, PageHeader } from "~/components/ui/layout";
import { ListSearch } from "~/components/ui/list-controls";
import { Pagination } from "~/components/ui/pagination";
import type { ApiResult } from "~/lib/api.server";
import { apiContext } from "~/lib/contexts";
import { listQueryOf } from "~/lib/list-query.server";
import { formatMoney, price } from "~/lib/event-format";
import { redirectWithToast } from "~/lib/flash.server";
import { replyWithApiErrors } from "~/lib/forms.server";
import { requirePermission, canInOrganization } from "~/lib/guards.server";
import { requestEnvContext } from "~/lib/request-env";
import { useLiveRevalidate } from "~/lib/realtime/use-live-revalidate";
import type { Route } from "./+types/payments";
import { useDates } from "~/lib/dates";
import { InAppLink } from "~/components/ui/in-app-link";

const FORM_NOT_FOUND = "Event form not found";
const BILLING_NOT_FOUND = "Event billing not found";
const LIST_KEYS = ["page", "search", "payment_status", "sort_by", "sort_order"] as const;

/** The form's id from the URL; anything but an id names no form. */
function formId(params: Route.LoaderArgs["params"]): number {
  return requireId(params.id, FORM_NOT_FOUND);
}

/** The API answers 404 for an unknown form and for another startup's; this screen says it in the product's words. */
function ofForm<T>(result: ApiResult<T>): T {
  if (result.ok) return result.body;
  throw data(result.status === 404 ? FORM_NOT_FOUND : result.body.message, { status: result.status });
}

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const user = requirePermission(context, "event billing read");
  const id = formId(params);
  const api = context.get(apiContext);
  const query = listQueryOf(url, LIST_KEYS, { per_page: "20" });
  const billingParam = url.searchParams.get("billing") || null;
  const billingId = parseId(billingParam);
  // The list carries its form, so the screen makes one call (two with a billing opened).
  const [listResult, detail] = await Promise.all([
    api.request(API.listBillings, { params: { id }, query }),
    billingId !== undefined ? api.request(API.showBillingDetail, { params: { id: billingId } }) : null,
  ]);
  const { event_form: form, ...billings } = ofForm(listResult);
  if (form.type_of_event !== "paid" || !form.paid_event_information) {
    throw await redirectWithToast(context.get(requestEnvContext), "/event-forms", {
      type: "info",
      message: "Only paid events take payments.",
    });
  }
  // A billing of another form (or none at all) is not shown on this form's page.
  if (billingParam !== null && (!detail?.ok || detail.body.event_billing.event_form_id !== form.id)) {
    if (detail && !detail.ok && detail.status !== 404) throw data(detail.body.message, { status: detail.status });
    throw data(BILLING_NOT_FOUND, { status: 404 });
  }
  const { page: _page, per_page: _perPage, ...exportQuery } = query;
  return {
    form: { id: form.id, title: form.title, price: price(form.paid_event_information), currency: form.paid_event_information.currency },
    billings,
    selected: detail?.ok ? detail.body.event_billing : null,
    canWrite: canInOrganization(user, "event billing write", "money"),
    // One per page view: the refund form resent (a double click, a retry) makes one refund.
    refundKey: crypto.randomUUID(),
    exportHref: pathTo(API.billingsCsv, { id: form.id }, exportQuery),
  };
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  requirePermission(context, "event billing write");
  const id = formId(params);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent !== CHANGE_STATUS_INTENT && intent !== REFUND_INTENT && intent !== REFUND_UNAPPLIED_INTENT) {
    throw data("Unknown action", { status: 400 });
  }
  // Both refunds (the billing's own payment, or one it did not accept) are the same API call.
  const refunding = intent !== CHANGE_STATUS_INTENT;
  const billingId = requireId(formData.get("billing_id"), BILLING_NOT_FOUND);
  const api = context.get(apiContext);
  const submission = refunding
    ? parseSubmission(formData, { schema: refundSchema })
    : parseSubmission(formData, { schema: changeStatusSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), billingId, intent }, { status: 422 });
  if (refunding && formData.get(REFUND_CONFIRMED_FIELD) !== "yes") {
    // Money goes back only once the owner has seen the amount and said yes (RefundConfirmation).
    return { result: submission.reply(), billingId, intent, refundToConfirm: submission.value as RefundInput };
  }
  const billing = { id: billingId };
  // Either answer, kept apart so that a refund's own fields are known where it is one.
  const result: ApiResult<AnswerOf<typeof API.refundBilling> | AnswerOf<typeof API.changeBillingStatus>> = refunding
    ? await api.request(API.refundBilling, { params: billing, body: submission.value as RefundInput })
    : await api.request(API.changeBillingStatus, { params: billing, body: submission.value as ChangeStatusInput });
  if (!result.ok) {
    if (result.status === 404) throw data(BILLING_NOT_FOUND, { status: 404 });
    const reply = replyWithApiErrors(submission, result);
    return data({ result: reply.data.result, billingId, intent }, reply.init ?? undefined);
  }
  // Back to the same list (filters, page) with the billing still open, so its history shows the change.
  const back = url.searchParams;
  back.delete("index");
  back.set("billing", String(billingId));
  const saved = result.body;
  const message =
    "refund" in saved
      ? `Refunded ${formatMoney(saved.refund.amount, saved.refund.currency)} to ${saved.event_billing.name}.`
      : "Payment status updated.";
  return redirectWithToast(context.get(requestEnvContext), `/event-forms/payments/${id}?${back}`, { type: "success", message });
}

const DEFAULT_SORT = { by: "created_at", order: "desc" } as const;

export default function Payments({ loaderData, actionData }: Route.ComponentProps) {
  const { form, billings, selected, canWrite, refundKey, exportHref } = loaderData;
  const [searchParams] = useSearchParams();
  // Statuses (and the totals) follow payments as the provider settles them.
  useLiveRevalidate(eventFormChannel(form.id), PAYMENT_STATUS_CHANGED_EVENT);
  const filtered = !!(searchParams.get("search") || searchParams.get("payment_status"));
  const sortBy = searchParams.get("sort_by") ?? DEFAULT_SORT.by;
  const sortOrder = searchParams.get("sort_order") ?? (searchParams.get("sort_by") ? "asc" : DEFAULT_SORT.order);
  const withParams = (change: (params: URLSearchParams) => void) => {
    const params = new URLSearchParams(searchParams);
    change(params);
    const query = params.toString();
    return query ? `?${query}` : `/event-forms/payments/${form.id}`;
  };
  const sortLink = (column: string, label: string) => {
    const current = sortBy === column;
    const href = withParams((params) => {
      params.set("sort_by", column);
      params.set("sort_order", current && sortOrder === "asc" ? "desc" : "asc");
      params.delete("page");
    });
    return (
      <InAppLink to={href} className="inline-flex min-h-6 items-center gap-1 hover:text-slate-800">
        {label}
        {current ? <span aria-hidden>{sortOrder === "asc" ? "▲" : "▼"}</span> : null}
      </InAppLink>
    );
  };
  const ariaSort = (...columns: string[]) => (columns.includes(sortBy) ? (sortOrder === "asc" ? "ascending" : "descending") : undefined);
  const detailsHref = (id: number) => withParams((params) => params.set("billing", String(id)));
  const closeHref = withParams((params) => params.delete("billing"));
  const lastResult = selected && actionData?.billingId === selected.id ? actionData.result : undefined;
  const details = selected ? (
    <BillingDetails
      billing={selected}
      closeHref={closeHref}
      canWrite={canWrite}
      refundKey={refundKey}
      lastResult={lastResult}
      lastIntent={actionData?.intent}
      refundToConfirm={lastResult && actionData && "refundToConfirm" in actionData ? actionData.refundToConfirm : undefined}
      selfHref={withParams(() => {})}
    />
  ) : null;
  const selectedOnPage = selected ? billings.data.some((b) => b.id === selected.id) : false;
  const keep = Object.fromEntries(
    ["sort_by", "sort_order"].flatMap((key) => (searchParams.get(key) ? [[key, searchParams.get(key)!]] : [])),
  );
  return (
    <div className="mx-auto max-w-6xl">
      <InAppLink to="/event-forms" className="text-sm text-brand-600 hover:underline">
        ← Event forms
      </InAppLink>
      <PageHeader
        title={`Payments: ${form.title}`}
        description={`${form.price} per place · ${billings.totals.billings} billing${billings.totals.billings === 1 ? "" : "s"}`}
        actions={
          <a href={exportHref} className={buttonClass("secondary")} download>
            Export CSV
          </a>
        }
      />
      <BillingTotals totals={billings.totals} currency={form.currency} />
      <ListSearch
        label="Search payments"
        placeholder="Search by name or email"
        keep={keep}
        filters={[{ name: "payment_status", label: "Filter by payment status", anyLabel: "Any status", options: BILLING_STATUSES }]}
      />
      {selected && !selectedOnPage ? (
        <Card flush className="mb-4 overflow-hidden">
          {details}
        </Card>
      ) : null}
      <DataTable
        caption={`Payments for ${form.title}`}
        rows={billings.data}
        rowKey={(billing) => billing.id}
        rowProps={(billing) => ({
          "data-testid": `billing-${billing.id}`,
          className: selected?.id === billing.id ? "bg-slate-50" : undefined,
        })}
        detail={(billing) => (selected?.id === billing.id ? details : null)}
        empty={{
          title: filtered ? "No payments match" : "No payments yet",
          children: filtered ? "Try another search or status." : "Billings appear here as soon as someone starts paying for this event.",
        }}
        columns={[
          {
            label: "Payer",
            header: sortLink("name", "Payer"),
            sort: ariaSort("name"),
            className: "max-w-48",
            cell: (billing) => (
              <>
                <p className="truncate font-medium" title={billing.name}>
                  {billing.name}
                </p>
                <p className="truncate text-slate-500" title={billing.email}>
                  {billing.email}
                </p>
              </>
            ),
          },
          { label: "Amount", className: "whitespace-nowrap", cell: (billing) => formatMoney(billing.amount, billing.currency) },
          {
            label: "Coupon",
            className: "max-w-32 break-all",
            cell: (billing) => (billing.coupon_code ? <span className="font-mono">{billing.coupon_code.code}</span> : "—"),
          },
          { label: "Discount", className: "whitespace-nowrap", cell: (billing) => formatMoney(billing.discount, billing.currency) },
          {
            label: "Total",
            header: sortLink("total", "Total"),
            sort: ariaSort("total"),
            className: "whitespace-nowrap",
            cell: (billing) => (
              <>
                <p className="font-medium">{formatMoney(billing.total, billing.currency)}</p>
                {Number(billing.refunded) > 0 ? (
                  <p className="text-xs text-slate-500">{formatMoney(billing.refunded, billing.currency)} refunded</p>
                ) : null}
              </>
            ),
          },
          {
            label: "Status",
            header: sortLink("payment_status", "Status"),
            sort: ariaSort("payment_status"),
            cell: (billing) => <BillingStatusBadge status={billing.payment_status} />,
          },
          {
            label: "Date",
            header: (
              <span className="flex flex-wrap gap-x-2">
                {sortLink("created_at", "Date")}
                {sortLink("paid_at", "Paid at")}
              </span>
            ),
            sort: ariaSort("created_at", "paid_at"),
            className: "whitespace-nowrap text-slate-600",
            cell: (billing) => (
              <>
                <p>
                  <ShortDate iso={billing.created_at} />
                </p>
                {billing.paid_at ? (
                  <p className="text-xs text-green-700">
                    Paid <ShortDate iso={billing.paid_at} />
                  </p>
                ) : null}
              </>
            ),
          },
        ]}
        actions={{
          label: "Details",
          cell: (billing) => {
            const open = selected?.id === billing.id;
            return (
              <Link
                to={open ? closeHref : detailsHref(billing.id)}
                className={buttonClass("secondary", "sm")}
                aria-expanded={open}
                aria-label={`${open ? "Hide" : "Show"} details for ${billing.name}`}
                preventScrollReset
              >
                {open ? "Hide" : "Details"}
              </Link>
            );
          },
        }}
      />
      <Pagination meta={billings.meta} />
    </div>
  );
}

/** The day in the list; the full time on hover and in the details (both in the reader's zone and format). */
function ShortDate({ iso }: { iso: string }) {
  const dates = useDates();
  return (
    <time dateTime={iso} title={dates.dayTime(iso)}>
      {dates.day(iso)}
    </time>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Payments: ${loaderData.form.title} · Launchpad` : "Payments · Launchpad" },
];
