import { Form, useSearchParams } from "react-router";
import { EVENT_FORM_STATUSES } from "#schemas/event-kinds";
import { requireId } from "~/lib/route-params.server";
import { Button, buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { DataTable } from "~/components/ui/data-table";
import { Badge, EmptyState, PageHeader } from "~/components/ui/layout";
import { ListSearch } from "~/components/ui/list-controls";
import { Pagination } from "~/components/ui/pagination";
import { apiContext } from "~/lib/contexts";
import { forwardListParams } from "~/lib/list-query.server";
import { STATUS_TONES, formatEventTime } from "~/lib/event-format";
import { requirePermission, canInOrganization } from "~/lib/guards.server";
import { API } from "#schemas/contract/index";
import type { Route } from "./+types/list";
import { InAppLink } from "~/components/ui/in-app-link";

export async function loader({ url, context }: Route.LoaderArgs) {
  const user = requirePermission(context, "event form read");
  const api = context.get(apiContext);
  const query = forwardListParams(url, ["page", "search", "status", "collection_id", "sort_by", "sort_order"], { per_page: "20" });
  // The API answers 404 'Collection Not Found' for a collection_id that is not the owner's; one that is no id names none either.
  const collectionId = query.has("collection_id") ? requireId(query.get("collection_id"), "Collection Not Found") : undefined;
  if (collectionId !== undefined) query.set("collection_id", String(collectionId));
  const [forms, collections] = await Promise.all([
    api.answer(API.listEventForms, { query: Object.fromEntries(query) }),
    api.answer(API.listCollections, { query: { per_page: "100", sort_by: "name" } }),
  ]);
  return {
    forms,
    collections: collections.data.map((c) => ({ id: c.id, name: c.name })),
    collection: collections.data.find((c) => c.id === collectionId) ?? null,
    canWrite: canInOrganization(user, "event form write", "forms.manage"),
    canSeeResponses: canInOrganization(user, "event response read", "forms.read"),
    canSeePayments: canInOrganization(user, "event billing read", "money"),
    canCheckIn: canInOrganization(user, "event response write", "check_in"),
  };
}

export default function EventForms({ loaderData }: Route.ComponentProps) {
  const { forms, collections, collection, canWrite, canSeeResponses, canSeePayments, canCheckIn } = loaderData;
  const [searchParams] = useSearchParams();
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={collection ? `Event forms: ${collection.name}` : "Event forms"}
        description="Forms people apply through, free or paid."
        actions={
          canWrite && collections.length ? (
            <Form method="get" action="/event-forms/create" className="flex gap-2">
              <label>
                <span className="sr-only">Collection for the new form</span>
                <select name="collection_id" defaultValue={collection?.id ?? collections[0].id} className={inputClass}>
                  {collections.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </label>
              <Button type="submit">New form</Button>
            </Form>
          ) : null
        }
      />
      {collections.length === 0 ? (
        <EmptyState title="No collections yet">
          Event forms live in collections.{" "}
          <InAppLink className="text-brand-600 hover:underline" to="/collections">
            Create a collection
          </InAppLink>{" "}
          first.
        </EmptyState>
      ) : (
        <>
          <ListSearch
            label="Search event forms"
            placeholder="Search by title"
            keep={collection ? { collection_id: collection.id } : {}}
            filters={[{ name: "status", label: "Status", anyLabel: "Any status", options: EVENT_FORM_STATUSES }]}
          />
          <DataTable
            caption="Event forms"
            rows={forms.data}
            rowKey={(form) => form.id}
            rowProps={(form) => ({ "data-testid": `event-form-${form.id}` })}
            empty={{
              title: "No event forms found",
              children:
                searchParams.get("search") || searchParams.get("status") ? "Try another search." : "Create the first one with New form.",
            }}
            columns={[
              {
                label: "Form",
                cell: (form) => (
                  <>
                    <p className="font-medium">{form.title}</p>
                    <p className="text-slate-500">
                      {form.collection?.name} · {form.type_of_event === "paid" ? "Paid" : "Free"}
                    </p>
                  </>
                ),
              },
              {
                label: "When",
                className: "text-slate-600",
                cell: (form) => formatEventTime(form.starts_at, form.ends_at, form.timezone),
              },
              { label: "Status", cell: (form) => <Badge tone={STATUS_TONES[form.status]}>{form.status}</Badge> },
              { label: "Applications", cell: (form) => form.applications_count },
            ]}
            actions={{
              showLabel: true,
              cell: (form) => (
                <>
                  {canWrite ? (
                    <InAppLink to={`/event-forms/edit/${form.id}`} className={buttonClass("secondary", "sm")}>
                      Edit
                    </InAppLink>
                  ) : null}
                  {canSeeResponses ? (
                    <InAppLink to={`/event-responses/${form.id}`} className={buttonClass("secondary", "sm")}>
                      Responses
                    </InAppLink>
                  ) : null}
                  {canCheckIn && form.status !== "draft" ? (
                    <>
                      <InAppLink to={`/event-forms/check-in/${form.id}`} className={buttonClass("secondary", "sm")}>
                        Check-in
                      </InAppLink>
                      <InAppLink to={`/event-forms/announcements/${form.id}`} className={buttonClass("secondary", "sm")}>
                        Announce
                      </InAppLink>
                    </>
                  ) : null}
                  {canSeePayments && form.type_of_event === "paid" ? (
                    <InAppLink to={`/event-forms/payments/${form.id}`} className={buttonClass("secondary", "sm")}>
                      Payments
                    </InAppLink>
                  ) : null}
                </>
              ),
            }}
          />
          <Pagination meta={forms.meta} />
        </>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Event forms · Launchpad" }];
