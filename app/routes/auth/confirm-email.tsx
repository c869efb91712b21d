import { Form, useNavigation } from "react-router";
import { InvalidLink, LinkCard } from "~/components/account/link-pages";
import { Button } from "~/components/ui/button";
import { checkLink, linkRefused } from "~/lib/account-links.server";
import { apiContext } from "~/lib/contexts";
import { redirectWithToast } from "~/lib/flash.server";
import { requestEnvContext } from "~/lib/request-env";
import type { Route } from "./+types/confirm-email";

export function loader({ params, context }: Route.LoaderArgs) {
  return checkLink(context.get(apiContext), "/api/email/confirm", params.token);
}

/**
 * The change of address applies when the button is pressed (a GET of the link changes nothing). The API
 * ends the account's other logins, keeping the one that asked for the change and this one if it is the
 * same member's; a member still logged in lands on /account, anyone else on the login page.
 */
export async function action({ params, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const result = await api.post<{ message: string }>("/api/email/confirm", { token: params.token });
  if (!result.ok) return linkRefused();
  const next = (await api.currentUser()) ? "/account" : "/login";
  return redirectWithToast(context.get(requestEnvContext), next, { type: "success", message: result.body.message });
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (!loaderData.valid || actionData?.invalid) {
    return (
      <InvalidLink again="/account" againLabel="Change your email again">
        Only the newest link works, for a day. Ask for the change again from your account.
      </InvalidLink>
    );
  }
  return (
    <LinkCard title="Confirm your new email address">
      <p className="mb-6 text-slate-600">
        Your account will use the address this link was sent to. Everywhere else you are logged in, you will be logged out.
      </p>
      <Form method="post">
        <Button type="submit" className="w-full" pending={navigation.state === "submitting"}>
          Confirm my new address
        </Button>
      </Form>
    </LinkCard>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Confirm your new email address · Launchpad" }];
