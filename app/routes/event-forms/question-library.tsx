import { Form, data, useSearchParams } from "react-router";
import { parseId } from "#schemas/ids";
import { QUESTION_TYPES } from "#schemas/event-kinds";
import { API } from "#schemas/contract/index";
import { buttonClass } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { FormErrors } from "~/components/ui/field";
import { InAppLink } from "~/components/ui/in-app-link";
import { PageHeader } from "~/components/ui/layout";
import { ListSearch } from "~/components/ui/list-controls";
import { Pagination } from "~/components/ui/pagination";
import { apiContext } from "~/lib/contexts";
import { redirectWithToast } from "~/lib/flash.server";
import { requirePermission } from "~/lib/guards.server";
import { listQueryOf } from "~/lib/list-query.server";
import { requestEnvContext } from "~/lib/request-env";
import type { Route } from "./+types/question-library";

const NOT_FOUND = "Saved question not found";

export async function loader({ url, context }: Route.LoaderArgs) {
  requirePermission(context, "event form write");
  const query = listQueryOf(url, ["page", "search"], { per_page: "20", sort_by: "label" });
  return { library: await context.get(apiContext).answer(API.listSavedQuestions, { query }) };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  requirePermission(context, "event form write");
  const formData = await request.formData();
  // A posted id is checked before it goes into an API path: a tampered one is "not found", not a 500.
  const id = parseId(formData.get("id"));
  if (formData.get("intent") !== "delete" || id === undefined) return data({ error: NOT_FOUND }, { status: 404 });
  const result = await context.get(apiContext).request(API.deleteSavedQuestion, { params: { id } });
  if (!result.ok) return data({ error: result.body.message }, { status: result.status });
  return redirectWithToast(context.get(requestEnvContext), `/event-forms/question-library${url.search}`, {
    type: "success",
    message: result.body.message,
  });
}

const typeLabel = (type: string) => QUESTION_TYPES.find((t) => t.value === type)?.label ?? type;

export default function QuestionLibrary({ loaderData, actionData }: Route.ComponentProps) {
  const { library } = loaderData;
  const [searchParams] = useSearchParams();
  return (
    <div className="mx-auto max-w-5xl">
      <InAppLink to="/event-forms" className="text-sm text-brand-600 hover:underline">
        ← Event forms
      </InAppLink>
      <PageHeader
        title="Question library"
        description="Questions your organization saved from its forms. Add them to a form from its builder, under Custom questions."
      />
      {actionData?.error ? <FormErrors errors={[actionData.error]} /> : null}
      <ListSearch label="Search saved questions" placeholder="Search by question" />
      <DataTable
        caption="Saved questions"
        rows={library.data}
        rowKey={(q) => q.id}
        rowProps={(q) => ({ "data-testid": `saved-question-${q.id}` })}
        empty={{
          title: "No saved questions",
          children: searchParams.get("search") ? "Try another search." : "Save a question from a form's builder with Save to library.",
        }}
        columns={[
          {
            label: "Question",
            cell: (q) => (
              <>
                <p className="font-medium">{q.label}</p>
                {q.help_text ? <p className="text-slate-600">{q.help_text}</p> : null}
              </>
            ),
          },
          { label: "Answer type", cell: (q) => typeLabel(q.type) },
          { label: "Options", className: "text-slate-600", cell: (q) => q.options.join(", ") || "—" },
          { label: "Required", cell: (q) => (q.required ? "Yes" : "No") },
        ]}
        actions={{
          showLabel: true,
          cell: (q) => (
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={q.id} />
              <button type="submit" className={buttonClass("danger", "sm")} aria-label={`Delete “${q.label}”`}>
                Delete
              </button>
            </Form>
          ),
        }}
      />
      <Pagination meta={library.meta} />
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Question library · Launchpad" }];
