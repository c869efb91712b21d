import { Form, data, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { collectionSchema } from "#schemas/events";
import { parseId } from "#schemas/ids";
import { idField, optionalIdField } from "#schemas/id-fields";
import { Button, buttonClass } from "~/components/ui/button";
import { FormErrors, inputClass } from "~/components/ui/field";
import { Card, EmptyState, PageHeader } from "~/components/ui/layout";
import { ListSearch } from "~/components/ui/list-controls";
import { Pagination } from "~/components/ui/pagination";
import { apiContext } from "~/lib/contexts";
import { listQueryOf } from "~/lib/list-query.server";
import { redirectWithToast } from "~/lib/flash.server";
import { requirePermission, canInOrganization } from "~/lib/guards.server";
import { requestEnvContext } from "~/lib/request-env";
import type { CollectionView } from "#schemas/collections";
import { API } from "#schemas/contract/index";
import type { Route } from "./+types/collections";
import { InAppLink } from "~/components/ui/in-app-link";

export async function loader({ url, context }: Route.LoaderArgs) {
  const user = requirePermission(context, "event form read");
  const api = context.get(apiContext);
  const query = listQueryOf(url, ["page", "search"], { per_page: "20", sort_by: "name" });
  const [collections, all] = await Promise.all([
    api.answer(API.listCollections, { query }),
    api.answer(API.listCollections, { query: { per_page: "100", sort_by: "name" } }),
  ]);
  const deleting = parseId(url.searchParams.get("delete")) ?? null;
  return {
    collections,
    others: all.data.map((c) => ({ id: c.id, name: c.name })),
    deleting: all.data.find((c) => c.id === deleting) ?? null,
    canWrite: canInOrganization(user, "event form write", "forms.manage"),
  };
}

const NOT_UNDERSTOOD = "That request was not understood.";
/** The API's word for a move target that is no collection of this startup. */
const INVALID_TARGET = "The selected collection is invalid.";

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), name: z.string().optional() }),
  z.object({ intent: z.literal("rename"), id: idField(NOT_UNDERSTOOD), name: z.string().optional() }),
  z.object({
    intent: z.literal("delete"),
    id: idField(NOT_UNDERSTOOD),
    forms_action: z.enum(["move", "delete"]).optional(),
    target_collection_id: z.string().optional(),
  }),
]);
const targetSchema = optionalIdField(INVALID_TARGET);

export async function action({ request, context }: Route.ActionArgs) {
  requirePermission(context, "event form write");
  const api = context.get(apiContext);
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ intent: null, id: null, errors: [NOT_UNDERSTOOD] }, { status: 400 });
  const input = parsed.data;
  let result;
  if (input.intent === "delete") {
    // A move target that is no id is refused as the API refuses an unknown one: next to the delete form.
    const target = targetSchema.safeParse(input.target_collection_id);
    if (!target.success) return data({ intent: input.intent, id: input.id, errors: [INVALID_TARGET] }, { status: 422 });
    const body = { forms_action: input.forms_action, target_collection_id: target.data };
    result = await api.request(API.deleteCollection, { params: { id: input.id }, body });
  } else {
    const name = collectionSchema.safeParse({ name: input.name });
    if (!name.success)
      return data(
        { intent: input.intent, id: "id" in input ? input.id : null, errors: name.error.issues.map((i) => i.message) },
        { status: 422 },
      );
    result =
      input.intent === "create"
        ? await api.request(API.createCollection, { body: name.data })
        : await api.request(API.renameCollection, { params: { id: input.id }, body: name.data });
  }
  if (!result.ok) {
    const errors = result.body.errors ? Object.values(result.body.errors).flat() : [result.body.message];
    return data({ intent: input.intent, id: "id" in input ? input.id : null, errors }, { status: result.status });
  }
  return redirectWithToast(context.get(requestEnvContext), "/collections", { type: "success", message: result.body.message });
}

export default function Collections({ loaderData, actionData }: Route.ComponentProps) {
  const { collections, others, deleting, canWrite } = loaderData;
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const errorsFor = (intent: string, id: number | null = null) =>
    actionData?.intent === intent && actionData.id === id ? actionData.errors : undefined;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader title="Collections" description="Group your event forms, for example by programme or season." />
      {canWrite ? (
        <Card>
          <Form method="post" className="flex flex-wrap items-start gap-3">
            <input type="hidden" name="intent" value="create" />
            <label className="flex-1">
              <span className="sr-only">New collection name</span>
              <input className={inputClass} name="name" placeholder="New collection name" required maxLength={120} />
            </label>
            <Button type="submit" pending={navigation.state === "submitting" && navigation.formData?.get("intent") === "create"}>
              Create collection
            </Button>
          </Form>
          <FormErrors errors={errorsFor("create")} />
        </Card>
      ) : null}
      {deleting ? (
        <DeleteCollection
          collection={deleting}
          others={others.filter((c) => c.id !== deleting.id)}
          errors={errorsFor("delete", deleting.id)}
        />
      ) : null}
      <ListSearch label="Search collections" placeholder="Search collections" />
      {collections.data.length === 0 ? (
        <EmptyState title={searchParams.get("search") ? "No collections found" : "No collections yet"}>
          {searchParams.get("search") ? "Try another search." : "Create one above to start building event forms."}
        </EmptyState>
      ) : (
        <Card flush>
          <ul>
            {collections.data.map((collection) => (
              <li
                key={collection.id}
                className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-4 py-3 last:border-0"
                data-testid={`collection-${collection.id}`}
              >
                <div>
                  <InAppLink to={`/event-forms?collection_id=${collection.id}`} className="font-medium text-brand-700 hover:underline">
                    {collection.name}
                  </InAppLink>
                  <p className="text-sm text-slate-500">
                    {collection.event_forms_count} event form{collection.event_forms_count === 1 ? "" : "s"}
                  </p>
                  <FormErrors errors={errorsFor("rename", collection.id)} />
                </div>
                {canWrite ? (
                  <div className="flex gap-2">
                    <details className="relative">
                      <summary className={`${buttonClass("secondary", "sm")} cursor-pointer list-none`}>Rename</summary>
                      <Form
                        method="post"
                        className="absolute right-0 z-10 mt-2 flex w-72 gap-2 rounded-lg border border-slate-200 bg-white p-3 shadow-lg"
                      >
                        <input type="hidden" name="intent" value="rename" />
                        <input type="hidden" name="id" value={collection.id} />
                        <label className="flex-1">
                          <span className="sr-only">New name for {collection.name}</span>
                          <input className={inputClass} name="name" defaultValue={collection.name} required maxLength={120} />
                        </label>
                        <Button type="submit" size="sm">
                          Save
                        </Button>
                      </Form>
                    </details>
                    <InAppLink to={`?delete=${collection.id}`} className={buttonClass("ghost", "sm")}>
                      Delete…
                    </InAppLink>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </Card>
      )}
      <Pagination meta={collections.meta} />
    </div>
  );
}

/** Deleting asks first; a collection with forms asks where they go, so nothing is lost silently. */
function DeleteCollection({
  collection,
  others,
  errors,
}: {
  collection: CollectionView;
  others: { id: number; name: string }[];
  errors?: string[];
}) {
  const count = collection.event_forms_count;
  return (
    <Card className="border-red-200">
      <Form method="post" className="space-y-3" aria-label={`Delete ${collection.name}`}>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={collection.id} />
        <h2 className="font-semibold text-red-700">Delete “{collection.name}”?</h2>
        {count > 0 ? (
          <fieldset className="space-y-2 text-sm">
            <legend className="mb-1">
              It holds {count} event form{count === 1 ? "" : "s"}. What should happen to {count === 1 ? "it" : "them"}?
            </legend>
            {others.length ? (
              <label className="flex flex-wrap items-center gap-2">
                <input type="radio" name="forms_action" value="move" defaultChecked />
                Move to
                <select
                  name="target_collection_id"
                  className="rounded-md border border-slate-300 px-2 py-1"
                  aria-label="Collection to move the forms to"
                >
                  {others.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            <label className="flex items-center gap-2">
              <input type="radio" name="forms_action" value="delete" defaultChecked={!others.length} />
              Delete the forms too (only possible while none has applications)
            </label>
          </fieldset>
        ) : (
          <p className="text-sm">It holds no event forms. This cannot be undone.</p>
        )}
        <FormErrors errors={errors} />
        <div className="flex gap-2">
          <button type="submit" className={buttonClass("danger", "sm")}>
            Delete collection
          </button>
          <InAppLink to="/collections" className={buttonClass("ghost", "sm")}>
            Cancel
          </InAppLink>
        </div>
      </Form>
    </Card>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Collections · Launchpad" }];
