import { data } from "react-router";
import { ROLE_LABELS } from "#schemas/organization-roles";
import { API } from "#schemas/contract/index";
import { InvalidLink, LinkButtonCard, LinkCard } from "~/components/account/link-pages";
import { buttonClass } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { InAppLink } from "~/components/ui/in-app-link";
import { apiContext } from "~/lib/contexts";
import { redirectWithToast } from "~/lib/flash.server";
import { requestEnvContext } from "~/lib/request-env";
import type { Route } from "./+types/join";

/*
 * /team/join/{token}, the link of an invitation mail: which organization invites, as what. The account it
 * was sent to joins with one button; anyone else is sent to log in or register with that address, and
 * comes back here.
 */

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const [preview, user] = await Promise.all([
    api.request(API.previewTeamInvitation, { params: { token: params.token } }),
    api.currentUser(),
  ]);
  if (!preview.ok) return { invitation: null, user: null, back: url.pathname };
  return { invitation: preview.body.invitation, user: user ? { email: user.email } : null, back: url.pathname };
}

export async function action({ params, context }: Route.ActionArgs) {
  const result = await context.get(apiContext).request(API.acceptTeamInvitation, { params: { token: params.token } });
  if (!result.ok) return data({ error: result.body.message }, { status: result.status });
  const { organization } = result.body;
  return redirectWithToast(context.get(requestEnvContext), "/team", {
    type: "success",
    message: `You joined ${organization.name} as ${ROLE_LABELS[organization.role].toLowerCase()}.`,
  });
}

export default function JoinTeam({ loaderData, actionData }: Route.ComponentProps) {
  const { invitation, user, back } = loaderData;
  if (!invitation)
    return (
      <InvalidLink again="/" againLabel="Go to Launchpad">
        An invitation works once, for seven days. Ask the organization to send it again.
      </InvalidLink>
    );
  const { organization, email, role } = invitation;
  const offer = `${organization.name} invites ${email} to its team as ${ROLE_LABELS[role].toLowerCase()}.`;
  if (user && user.email.toLowerCase() === email.toLowerCase())
    return (
      <div className="w-full max-w-md space-y-4">
        {actionData?.error ? <FormErrors errors={[actionData.error]} /> : null}
        <LinkButtonCard title={`Join ${organization.name}`} button="Join">
          {offer}
        </LinkButtonCard>
      </div>
    );
  const query = (path: string) => `${path}?${new URLSearchParams({ redirectTo: back, email })}`;
  return (
    <LinkCard title={`Join ${organization.name}`}>
      <p className="mb-4 text-slate-600">{offer}</p>
      {user ? (
        <p className="mb-4 text-slate-600" data-testid="join-other-account">
          You are logged in as {user.email}. Log out, then log in or register with {email} to join.
        </p>
      ) : (
        <div className="flex flex-wrap gap-2">
          <InAppLink to={query("/login")} className={buttonClass("primary")}>
            Log in to join
          </InAppLink>
          <InAppLink to={query("/register")} className={buttonClass("secondary")}>
            Register with {email}
          </InAppLink>
        </div>
      )}
    </LinkCard>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Join a team · Launchpad" }];
