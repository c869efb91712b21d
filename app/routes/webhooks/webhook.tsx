import { Form, data, useNavigation, useSearchParams } from "react-router";
import { API } from "#schemas/contract/index";
import { parseId } from "#schemas/ids";
import { WEBHOOK_NOT_FOUND, type WebhookView } from "#schemas/webhooks";
import { Button, buttonClass } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { InAppLink } from "~/components/ui/in-app-link";
import { Card, PageHeader } from "~/components/ui/layout";
import { Pagination } from "~/components/ui/pagination";
import { apiContext } from "~/lib/contexts";
import { useDates } from "~/lib/dates";
import { listQueryOf } from "~/lib/list-query.server";
import { requestEnvContext } from "~/lib/request-env";
import { takeRevealed } from "~/lib/reveal-once.server";
import { useShownOnce } from "~/lib/use-shown-once";
import type { Route } from "./+types/webhook";
import { DeliveryList } from "./deliveries";
import { EndpointForm, EndpointState, SecretShown, webhookPath } from "./endpoint-form";
import { revealedSecret, webhookAction } from "./webhooks.server";

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.webhook.url ?? "Webhook"} · Webhooks · Launchpad` }];

export async function loader({ params, request, url, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  if (id === undefined) throw data(WEBHOOK_NOT_FOUND, { status: 404 });
  const api = context.get(apiContext);
  const query = listQueryOf(url, ["page"], { per_page: "20" });
  const [{ webhook }, deliveries] = await Promise.all([
    api.answer(API.showWebhook, { params: { id } }),
    api.answer(API.listWebhookDeliveries, { params: { id }, query }),
  ]);
  const { revealed, headers } = await takeRevealed(context.get(requestEnvContext), request, url, revealedSecret);
  return data({ webhook, deliveries, revealed }, { headers });
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const here = webhookPath(parseId(params.id) ?? 0);
  return webhookAction(context.get(apiContext), context.get(requestEnvContext), await request.formData(), here);
}

/** A button that posts one intent about this endpoint. */
function IntentButton({
  webhook,
  intent,
  label,
  variant = "secondary",
}: {
  webhook: WebhookView;
  intent: string;
  label: string;
  variant?: "secondary" | "danger";
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={webhook.id} />
      <Button type="submit" variant={variant} pending={busy}>
        {label}
      </Button>
    </Form>
  );
}

export default function Webhook({ loaderData, actionData }: Route.ComponentProps) {
  const { webhook, deliveries } = loaderData;
  const revealed = useShownOnce(loaderData.revealed);
  const dates = useDates();
  const [searchParams] = useSearchParams();
  const deleting = searchParams.get("delete") === "1";
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <InAppLink to="/webhooks" className="text-sm text-brand-600 hover:underline">
        ← Webhooks
      </InAppLink>
      <PageHeader title={webhook.url} description={webhook.description || "A webhook endpoint of your organization."} />
      <Card className="space-y-3">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <EndpointState webhook={webhook} />
          <span className="text-slate-600">Added {dates.day(webhook.created_at)}</span>
          {webhook.previous_secret_until ? (
            <span className="text-slate-600">The previous secret signs too until {dates.dayTime(webhook.previous_secret_until)}.</span>
          ) : null}
        </p>
        {webhook.enabled ? null : (
          <p className="text-sm text-slate-700">
            While it is off, what happens is not kept for it: turning it on sends what happens from then on. A test event still goes.
          </p>
        )}
        {actionData?.message && !actionData.result ? <FormErrors errors={[actionData.message]} /> : null}
        <div className="flex flex-wrap gap-2">
          <IntentButton webhook={webhook} intent="test" label="Send test event" />
          <IntentButton
            webhook={webhook}
            intent={webhook.enabled ? "disable" : "enable"}
            label={webhook.enabled ? "Turn off" : "Turn on"}
          />
          <IntentButton webhook={webhook} intent="rotate" label="Rotate secret" />
          {deleting ? null : (
            <InAppLink to="?delete=1" className={buttonClass("ghost")}>
              Delete…
            </InAppLink>
          )}
        </div>
        {deleting ? (
          <div className="rounded-md border border-red-200 bg-red-50 p-3 text-sm" role="group" aria-label="Delete this endpoint">
            <p>Delete this endpoint and its deliveries? Calls waiting for it are dropped.</p>
            <div className="mt-2 flex gap-2">
              <IntentButton webhook={webhook} intent="delete" label="Yes, delete" variant="danger" />
              <InAppLink to={webhookPath(webhook.id)} className={buttonClass("ghost")}>
                Keep
              </InAppLink>
            </div>
          </div>
        ) : null}
      </Card>
      {revealed ? <SecretShown secret={revealed.secret} message={revealed.message} /> : null}
      <section className="space-y-3" aria-labelledby="deliveries-heading">
        <div className="flex items-center justify-between">
          <h2 id="deliveries-heading" className="text-lg font-semibold">
            Deliveries
          </h2>
          <InAppLink to={webhookPath(webhook.id)} className={buttonClass("ghost", "sm")}>
            Refresh
          </InAppLink>
        </div>
        <DeliveryList deliveries={deliveries.data} />
        <Pagination meta={deliveries.meta} label="Pages of deliveries" />
      </section>
      <EndpointForm key={webhook.id} webhook={webhook} lastResult={actionData?.result} />
    </div>
  );
}
