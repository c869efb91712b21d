import { data, Form } from "react-router";
import { API } from "#schemas/contract/index";
import { buttonClass } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { FormErrors } from "~/components/ui/field";
import { InAppLink } from "~/components/ui/in-app-link";
import { PageHeader } from "~/components/ui/layout";
import { Pagination } from "~/components/ui/pagination";
import { apiContext } from "~/lib/contexts";
import { useDates } from "~/lib/dates";
import { listQueryOf } from "~/lib/list-query.server";
import { requestEnvContext } from "~/lib/request-env";
import { takeRevealed } from "~/lib/reveal-once.server";
import { useShownOnce } from "~/lib/use-shown-once";
import type { Route } from "./+types/webhooks";
import { EndpointForm, EndpointState, SecretShown } from "./endpoint-form";
import { revealedSecret, webhookAction } from "./webhooks.server";

export const meta: Route.MetaFunction = () => [{ title: "Webhooks · Launchpad" }];

export async function loader({ request, url, context }: Route.LoaderArgs) {
  // Owners and admins only: the API answers 403 to any other member, shown as the panel's 403 screen.
  const query = listQueryOf(url, ["page"], { per_page: "20" });
  const webhooks = await context.get(apiContext).answer(API.listWebhooks, { query });
  const { revealed, headers } = await takeRevealed(context.get(requestEnvContext), request, url, revealedSecret);
  return data({ webhooks, revealed }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  return webhookAction(context.get(apiContext), context.get(requestEnvContext), await request.formData(), "/webhooks");
}

export default function Webhooks({ loaderData, actionData }: Route.ComponentProps) {
  const { webhooks } = loaderData;
  const revealed = useShownOnce(loaderData.revealed);
  const dates = useDates();
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        title="Webhooks"
        description="Tell your other tools (a CRM, Slack, a spreadsheet) when someone applies, pays or checks in: Launchpad calls their URL with a signed message, and keeps trying for about a day and a half if they do not answer."
      />
      {revealed ? (
        <SecretShown secret={revealed.secret} message={revealed.message} />
      ) : (
        <>
          {actionData?.message && !actionData.result ? <FormErrors errors={[actionData.message]} /> : null}
          <EndpointForm webhook={null} lastResult={actionData?.result} />
        </>
      )}
      <DataTable
        caption="Your webhook endpoints"
        rows={webhooks.data}
        rowKey={(webhook) => webhook.id}
        rowProps={(webhook) => ({ "data-testid": `webhook-${webhook.id}` })}
        empty={{ title: "No webhook endpoints", children: "Add the first one above." }}
        columns={[
          {
            label: "URL",
            rowHeader: true,
            cell: (webhook) => (
              <InAppLink to={`/webhooks/${webhook.id}`} className="font-medium break-all text-brand-700 underline">
                {webhook.url}
              </InAppLink>
            ),
          },
          { label: "Description", className: "text-slate-600", cell: (webhook) => webhook.description || "—" },
          { label: "Tells it when", cell: (webhook) => webhook.kinds.join(", ") },
          { label: "State", cell: (webhook) => <EndpointState webhook={webhook} /> },
          { label: "Added", cell: (webhook) => dates.day(webhook.created_at) },
        ]}
        actions={{
          showLabel: true,
          cell: (webhook) => (
            <>
              <InAppLink
                to={`/webhooks/${webhook.id}`}
                className={buttonClass("secondary", "sm")}
                aria-label={`Deliveries of ${webhook.url}`}
              >
                Deliveries
              </InAppLink>
              <Form method="post">
                <input type="hidden" name="intent" value={webhook.enabled ? "disable" : "enable"} />
                <input type="hidden" name="id" value={webhook.id} />
                <button
                  type="submit"
                  className={buttonClass("secondary", "sm")}
                  aria-label={`${webhook.enabled ? "Turn off" : "Turn on"} ${webhook.url}`}
                >
                  {webhook.enabled ? "Turn off" : "Turn on"}
                </button>
              </Form>
            </>
          ),
        }}
      />
      <Pagination meta={webhooks.meta} />
    </div>
  );
}
