import { API } from "#schemas/contract/index";
import { InvalidLink, LinkButtonCard } from "~/components/account/link-pages";
import { checkLink, pressLinkButton } from "~/lib/account-links.server";
import { apiContext } from "~/lib/contexts";
import type { Route } from "./+types/verify-email";

export function loader({ params, context }: Route.LoaderArgs) {
  return checkLink(context.get(apiContext), API.checkVerificationLink, params.token);
}

/** Whoever opens the link may press the button, logged in or not; a member comes back to the panel. */
export function action({ params, context }: Route.ActionArgs) {
  return pressLinkButton(context, API.verifyEmail, params.token, "/");
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.valid || actionData?.invalid) {
    return (
      <InvalidLink again="/" againLabel="Ask for a new link">
        Log in and choose Resend in the banner at the top of the page: only the newest link works.
      </InvalidLink>
    );
  }
  return (
    <LinkButtonCard title="Verify your email address" button="Verify my email address">
      Confirm that the address this link was sent to is yours.
    </LinkButtonCard>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Verify your email address · Launchpad" }];
