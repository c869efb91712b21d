import { useEffect } from "react";
import { Form, data, useNavigation } from "react-router";
import { API } from "#schemas/contract/index";
import { providerFromSlug } from "#schemas/meetings";
import { ConnectionBadge, NotConfiguredNotice } from "~/components/meetings/provider-state";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { Card, PageHeader } from "~/components/ui/layout";
import { apiContext } from "~/lib/contexts";
import { useDates } from "~/lib/dates";
import { redirectWithToast } from "~/lib/flash.server";
import { requestEnvContext } from "~/lib/request-env";
import type { Route } from "./+types/provider";
import { InAppLink } from "~/components/ui/in-app-link";

/** zoom or google-meet; any other name is no page. The API path is built from the known slug only. */
function slugOf(params: Route.LoaderArgs["params"]): string {
  const provider = providerFromSlug(params.provider);
  if (!provider) throw data("Integration not found", { status: 404 });
  return params.provider;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = slugOf(params);
  const { data: state } = await context.get(apiContext).answer(API.showMeetingConnection, { params: { provider: slug } });
  return { state };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const slug = slugOf(params);
  const api = context.get(apiContext);
  const intent = (await request.formData()).get("intent");
  if (intent === "connect") {
    const result = await api.request(API.authorizeMeetingConnection, { params: { provider: slug } });
    if (!result.ok) return data({ error: result.body.message }, { status: result.status });
    const to = new URL(result.body.authorization_url);
    if (to.protocol !== "https:" && to.protocol !== "http:")
      return data({ error: "The provider's address is not valid." }, { status: 502 });
    // Not a redirect: the panel's CSP (form-action 'self') stops a form's redirect to another site, so the
    // page goes there itself (with JavaScript) or offers the link (without).
    return { authorizationUrl: to.toString() };
  }
  if (intent === "disconnect") {
    const result = await api.request(API.deleteMeetingConnection, { params: { provider: slug } });
    if (!result.ok) return data({ error: result.body.message }, { status: result.status });
    return redirectWithToast(context.get(requestEnvContext), `/integration/${slug}`, { type: "success", message: result.body.message });
  }
  return data({ error: "That request was not understood." }, { status: 400 });
}

export default function Integration({ loaderData, actionData }: Route.ComponentProps) {
  const { state } = loaderData;
  const dates = useDates();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const authorizationUrl = actionData && "authorizationUrl" in actionData ? actionData.authorizationUrl : null;
  const error = actionData && "error" in actionData ? actionData.error : null;
  // On to the provider's consent page; it sends the browser back to /integration/{slug}/callback.
  useEffect(() => {
    if (authorizationUrl) window.location.assign(authorizationUrl);
  }, [authorizationUrl]);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <InAppLink to="/integration" className="text-sm text-brand-600 hover:underline">
          ← Integrations
        </InAppLink>
        <PageHeader title={state.label} description={<ConnectionBadge state={state} />} />
      </div>
      <Card>
        <h2 className="text-lg font-semibold">Connection</h2>
        <div className="mt-3 space-y-3">
          <FormErrors errors={error ? [error] : undefined} />
          {authorizationUrl ? (
            <p className="text-slate-700">
              <a href={authorizationUrl} className="font-medium text-brand-700 underline">
                Continue to {state.label}
              </a>{" "}
              to sign in and allow Launchpad to create meetings for you.
            </p>
          ) : !state.configured ? (
            <NotConfiguredNotice state={state} />
          ) : state.connected ? (
            <>
              <p className="text-slate-700" data-testid="connection-state">
                Connected{state.account_label ? ` as ${state.account_label}` : ""}
                {state.connected_at ? ` since ${dates.dayTime(state.connected_at)}` : ""}.
              </p>
              <Form method="post">
                <input type="hidden" name="intent" value="disconnect" />
                <Button type="submit" variant="danger" pending={busy("disconnect")}>
                  Disconnect {state.label}
                </Button>
              </Form>
              <p className="text-sm text-slate-600">
                Disconnecting forgets your {state.label} tokens here and asks {state.label} to revoke them. Meetings already created stay,
                with their links, but can no longer be moved from here.
              </p>
            </>
          ) : (
            <>
              <p className="text-slate-700" data-testid="connection-state">
                Not connected. You will sign in with {state.label} and allow Launchpad to create meetings for you.
              </p>
              <Form method="post">
                <input type="hidden" name="intent" value="connect" />
                <Button type="submit" pending={busy("connect")}>
                  Connect {state.label}
                </Button>
              </Form>
            </>
          )}
        </div>
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">What it is used for</h2>
        <p className="mt-2 text-slate-700">{state.used_for}</p>
        <p className="mt-2 text-sm text-slate-600">
          Launchpad keeps your {state.label} tokens encrypted and uses them only when you or your team create or move an event's meeting.
        </p>
      </Card>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.state.label ?? "Integration"} · Launchpad` }];
