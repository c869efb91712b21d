import { Form, useNavigation } from "react-router";
import { InvalidLink, LinkCard } from "~/components/account/link-pages";
import { Button } from "~/components/ui/button";
import { checkLink, linkRefused } from "~/lib/account-links.server";
import { apiContext } from "~/lib/contexts";
import { redirectWithToast } from "~/lib/flash.server";
import { requestEnvContext } from "~/lib/request-env";
import type { Route } from "./+types/verify-email";

export function loader({ params, context }: Route.LoaderArgs) {
  return checkLink(context.get(apiContext), "/api/email/verify", params.token);
}

/**
 * Verifying is the button's POST, not the page's GET: a mail scanner that fetches the link verifies nothing.
 * Whoever opens the link may press it, logged in or not; a member comes back to the panel.
 */
export async function action({ params, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const result = await api.post<{ message: string }>("/api/email/verify", { token: params.token });
  if (!result.ok) return linkRefused();
  const next = (await api.currentUser()) ? "/" : "/login";
  return redirectWithToast(context.get(requestEnvContext), next, { type: "success", message: result.body.message });
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (!loaderData.valid || actionData?.invalid) {
    return (
      <InvalidLink again="/" againLabel="Ask for a new link">
        Log in and choose Resend in the banner at the top of the page: only the newest link works.
      </InvalidLink>
    );
  }
  return (
    <LinkCard title="Verify your email address">
      <p className="mb-6 text-slate-600">Confirm that the address this link was sent to is yours.</p>
      <Form method="post">
        <Button type="submit" className="w-full" pending={navigation.state === "submitting"}>
          Verify my email address
        </Button>
      </Form>
    </LinkCard>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Verify your email address · Launchpad" }];
