import { data } from "react-router";
import { API } from "#schemas/contract/index";
import { MEETING_PROVIDER_LABELS, providerFromSlug } from "#schemas/meetings";
import { buttonClass } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { Card, PageHeader } from "~/components/ui/layout";
import { apiContext } from "~/lib/contexts";
import { redirectWithToast } from "~/lib/flash.server";
import { requestEnvContext } from "~/lib/request-env";
import type { Route } from "./+types/callback";
import { InAppLink } from "~/components/ui/in-app-link";

/**
 * Where Zoom and Google send the browser back after consent ({APP_URL}/integration/{slug}/callback).
 * OAuth comes back with a GET, so this loader finishes the sign-in: the API accepts it only with the
 * unguessable, single-use `state` this user's own Connect started, so no other site can make it happen.
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const provider = providerFromSlug(params.provider);
  if (!provider) throw data("Integration not found", { status: 404 });
  const slug = params.provider;
  const query = url.searchParams;
  // Only what was sent: a missing state is the API's 422.
  const given = (key: string) => query.get(key) || undefined;
  const body = { state: given("state") ?? "", code: given("code"), error: given("error") };
  const result = await context.get(apiContext).request(API.finishMeetingConnection, { params: { provider: slug }, body });
  if (result.ok)
    return redirectWithToast(context.get(requestEnvContext), `/integration/${slug}`, { type: "success", message: result.body.message });
  const message =
    result.status === 422
      ? `${MEETING_PROVIDER_LABELS[provider]} did not send back what a sign-in needs. Start again.`
      : result.body.message;
  return data({ slug, label: MEETING_PROVIDER_LABELS[provider], message }, { status: result.status });
}

export default function Callback({ loaderData }: Route.ComponentProps) {
  const { slug, label, message } = loaderData;
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={`${label} was not connected`} />
      <Card>
        <FormErrors errors={[message]} />
        <InAppLink to={`/integration/${slug}`} className={`${buttonClass("primary")} mt-4`}>
          Back to {label}
        </InAppLink>
      </Card>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.label ?? "Integration"} · Launchpad` }];
