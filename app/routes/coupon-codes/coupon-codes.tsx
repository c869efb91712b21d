import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseSubmission } from "~/lib/submission.server";
import { Form, data, useNavigation, useSearchParams } from "react-router";
import { COUPON_DISCOUNT_TYPES, COUPON_NOT_FOUND, couponSchema, couponStatusSchema, type CouponView } from "#schemas/coupons";
import { parseId } from "#schemas/ids";
import { CURRENCIES } from "#schemas/event-kinds";
import { Button, buttonClass } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { ChoiceField, InputField } from "~/components/ui/form-fields";
import { DataTable } from "~/components/ui/data-table";
import { Badge, Card, PageHeader } from "~/components/ui/layout";
import { ListSearch } from "~/components/ui/list-controls";
import { Pagination } from "~/components/ui/pagination";
import { apiContext } from "~/lib/contexts";
import { formatMoney } from "~/lib/event-format";
import { listQueryOf } from "~/lib/list-query.server";
import { redirectWithToast } from "~/lib/flash.server";
import { replyWithApiErrors } from "~/lib/forms.server";
import { requirePermission, canInOrganization } from "~/lib/guards.server";
import { requestEnvContext } from "~/lib/request-env";
import { useZodForm } from "~/lib/use-zod-form";
import { API } from "#schemas/contract/index";
import type { Route } from "./+types/coupon-codes";
import { InAppLink } from "~/components/ui/in-app-link";

const STATE_TONES = { active: "green", scheduled: "blue", inactive: "slate", expired: "red", "used up": "red" } as const;

export async function loader({ url, context }: Route.LoaderArgs) {
  const user = requirePermission(context, "coupon code read");
  const api = context.get(apiContext);
  const query = listQueryOf(url, ["page", "search", "status", "sort_by", "sort_order"], { per_page: "20" });
  const canWrite = canInOrganization(user, "coupon code write", "money");
  const [coupons, forms] = await Promise.all([
    api.answer(API.listCoupons, { query }),
    canWrite && canInOrganization(user, "event form read", "forms.read")
      ? api.answer(API.listEventForms, { query: { per_page: "100", sort_by: "title", status: "published" } })
      : null,
  ]);
  const editId = parseId(url.searchParams.get("edit"));
  const editing = coupons.data.find((c) => c.id === editId) ?? null;
  // A coupon takes off a price: only published paid events are offered, and the one a coupon being edited
  // is already for, whatever it has become, so that saving it does not drop its event.
  const offered = (forms?.data ?? []).filter((f) => f.type_of_event === "paid").map((f) => ({ value: String(f.id), label: f.title }));
  const current = editing?.event_form;
  return {
    coupons,
    forms:
      current && !offered.some((f) => f.value === String(current.id))
        ? [...offered, { value: String(current.id), label: current.title }]
        : offered,
    editing,
    deleting: parseId(url.searchParams.get("delete")) ?? null,
    canWrite,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requirePermission(context, "coupon code write");
  const api = context.get(apiContext);
  const env = context.get(requestEnvContext);
  const formData = await request.formData();
  const intent = formData.get("intent");
  // A posted id is checked before it goes into an API path: a tampered one is "not found", not a 500.
  const rawId = formData.get("id");
  const id = parseId(rawId);
  const refused = (error: string, status: number) => data({ result: undefined, error }, { status });
  if (intent === "delete" || intent === "toggle") {
    if (id === undefined) return refused(COUPON_NOT_FOUND, 404);
    let result;
    if (intent === "delete") result = await api.request(API.deleteCoupon, { params: { id } });
    else {
      // The flag alone, through its own call: the toggle cannot overwrite an edit made meanwhile.
      const status = couponStatusSchema.safeParse({ is_active: formData.get("is_active") });
      if (!status.success) return refused(status.error.issues[0].message, 422);
      result = await api.request(API.setCouponActive, { params: { id }, body: status.data });
    }
    if (!result.ok) return refused(Object.values(result.body.errors ?? {}).flat()[0] ?? result.body.message, result.status);
    return redirectWithToast(env, "/coupon-codes", { type: "success", message: result.body.message });
  }
  // Editing names its coupon; creating names none.
  if (rawId !== null && id === undefined) return refused(COUPON_NOT_FOUND, 404);
  const submission = parseSubmission(formData, { schema: couponSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), error: null }, { status: 422 });
  const result = id
    ? await api.request(API.updateCoupon, { params: { id }, body: submission.value })
    : await api.request(API.createCoupon, { body: submission.value });
  if (!result.ok) {
    const reply = replyWithApiErrors(submission, result);
    return data({ result: reply.data.result, error: null }, reply.init ?? undefined);
  }
  return redirectWithToast(env, "/coupon-codes", { type: "success", message: result.body.message });
}

/** The fields a coupon is edited with, as the edit form starts them. */
const editable = (c: CouponView) => ({
  code: c.code,
  discount_type: c.discount_type,
  value: c.value,
  currency: c.currency ?? undefined,
  event_form_id: c.event_form?.id,
  max_uses: c.max_uses ?? undefined,
  uses_per_user: c.uses_per_user ?? undefined,
  valid_from: c.valid_from?.slice(0, 16),
  valid_until: c.valid_until?.slice(0, 16),
});

export default function CouponCodes({ loaderData, actionData }: Route.ComponentProps) {
  const { coupons, forms, editing, deleting, canWrite } = loaderData;
  const [searchParams] = useSearchParams();
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader title="Coupon codes" description="Discounts for your paid events. A used coupon is kept (deactivated), never deleted." />
      {actionData?.error ? <FormErrors errors={[actionData.error]} /> : null}
      {canWrite ? <CouponForm key={editing?.id ?? "new"} coupon={editing} forms={forms} lastResult={actionData?.result} /> : null}
      <ListSearch
        label="Search coupon codes"
        placeholder="Search by code"
        filters={[{ name: "status", label: "Status", anyLabel: "Any status", options: ["active", "inactive", "expired"] }]}
      />
      <DataTable
        caption="Coupon codes"
        rows={coupons.data}
        rowKey={(coupon) => coupon.id}
        rowProps={(coupon) => ({ "data-testid": `coupon-${coupon.code}` })}
        empty={{
          title: "No coupon codes found",
          children: searchParams.get("search") || searchParams.get("status") ? "Try another search." : "Create the first one above.",
        }}
        columns={[
          { label: "Code", className: "font-mono font-semibold", cell: (coupon) => coupon.code },
          {
            label: "Discount",
            cell: (coupon) =>
              coupon.discount_type === "percentage" ? `${Number(coupon.value)}%` : formatMoney(coupon.value, coupon.currency ?? ""),
          },
          { label: "Applies to", className: "text-slate-600", cell: (coupon) => coupon.event_form?.title ?? "All your paid events" },
          { label: "Uses", cell: (coupon) => `${coupon.uses_count}${coupon.max_uses ? ` / ${coupon.max_uses}` : ""}` },
          { label: "State", cell: (coupon) => <Badge tone={STATE_TONES[coupon.state]}>{coupon.state}</Badge> },
        ]}
        actions={
          canWrite && {
            showLabel: true,
            cell: (coupon) => (
              <>
                <InAppLink to={`?edit=${coupon.id}`} className={buttonClass("secondary", "sm")}>
                  Edit
                </InAppLink>
                <Form method="post">
                  <input type="hidden" name="intent" value="toggle" />
                  <input type="hidden" name="id" value={coupon.id} />
                  <input type="hidden" name="is_active" value={coupon.is_active ? "false" : "true"} />
                  <button type="submit" className={buttonClass("secondary", "sm")}>
                    {coupon.is_active ? "Deactivate" : "Activate"}
                  </button>
                </Form>
                {deleting === coupon.id ? (
                  <Form method="post" className="flex items-center gap-2">
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="id" value={coupon.id} />
                    <button type="submit" className={buttonClass("danger", "sm")}>
                      {coupon.uses_count > 0 ? "Yes, deactivate" : "Yes, delete"}
                    </button>
                    <InAppLink to="/coupon-codes" className={buttonClass("ghost", "sm")}>
                      Keep
                    </InAppLink>
                  </Form>
                ) : (
                  <InAppLink to={`?delete=${coupon.id}`} className={buttonClass("ghost", "sm")}>
                    Delete…
                  </InAppLink>
                )}
              </>
            ),
          }
        }
      />
      <Pagination meta={coupons.meta} />
    </div>
  );
}

function CouponForm({
  coupon,
  forms,
  lastResult,
}: {
  coupon: CouponView | null;
  forms: { value: string; label: string }[];
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const navigation = useNavigation();
  const [form, fields] = useZodForm(couponSchema, {
    id: coupon ? `coupon-${coupon.id}` : "coupon-new",
    lastResult,
    defaultValue: coupon
      ? {
          ...Object.fromEntries(Object.entries(editable(coupon)).map(([k, v]) => [k, v === undefined ? undefined : String(v)])),
          is_active: coupon.is_active ? "on" : "",
        }
      : { discount_type: "percentage", is_active: "on" },
  });
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold">{coupon ? `Edit ${coupon.code}` : "New coupon code"}</h2>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        {coupon ? <input type="hidden" name="id" value={coupon.id} /> : null}
        <FormErrors errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-4">
          <InputField field={fields.code} type="text" label="Code" placeholder="LAUNCH20" />
          <ChoiceField
            field={fields.discount_type}
            label="Discount type"
            placeholder="Choose a type"
            options={COUPON_DISCOUNT_TYPES.map((t) => ({ value: t, label: t === "percentage" ? "Percentage" : "Fixed amount" }))}
          />
          <InputField field={fields.value} type="text" label="Value" inputMode="decimal" hint="20 means 20% or 20.00 of the currency." />
          <ChoiceField field={fields.currency} label="Currency (fixed only)" placeholder="Currency" options={CURRENCIES} />
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <ChoiceField
            field={fields.event_form_id}
            label="Only for this event (optional)"
            placeholder="All your paid events"
            options={forms}
          />
          <InputField field={fields.max_uses} type="number" label="Maximum uses (optional)" min={1} />
          <InputField field={fields.uses_per_user} type="number" label="Uses per person (optional)" min={1} />
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <InputField field={fields.valid_from} type="datetime-local" label="Valid from (UTC, optional)" />
          <InputField field={fields.valid_until} type="datetime-local" label="Valid until (UTC, optional)" />
          <label className="flex items-center gap-2 self-end pb-2 text-sm">
            {/* An unticked box sends nothing; this says "inactive" unless the box, sent after it, says otherwise. */}
            <input type="hidden" name={fields.is_active.name} value="false" />
            <input {...getInputProps(fields.is_active, { type: "checkbox" })} />
            Active
          </label>
        </div>
        <div className="flex gap-2">
          <Button type="submit" pending={navigation.state === "submitting"}>
            {coupon ? "Save coupon" : "Create coupon"}
          </Button>
          {coupon ? (
            <InAppLink to="/coupon-codes" className={buttonClass("ghost")}>
              Cancel
            </InAppLink>
          ) : null}
        </div>
      </Form>
    </Card>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Coupon codes · Launchpad" }];
