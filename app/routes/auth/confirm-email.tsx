import { API } from "#schemas/contract/index";
import { InvalidLink, LinkButtonCard } from "~/components/account/link-pages";
import { checkLink, pressLinkButton } from "~/lib/account-links.server";
import { apiContext } from "~/lib/contexts";
import type { Route } from "./+types/confirm-email";

export function loader({ params, context }: Route.LoaderArgs) {
  return checkLink(context.get(apiContext), API.checkEmailChangeLink, params.token);
}

/**
 * The change of address applies when the button is pressed. The API ends the account's other logins,
 * keeping the one that asked for the change and this one if it is the same member's; a member still
 * logged in lands on /account, anyone else on the login page.
 */
export function action({ params, context }: Route.ActionArgs) {
  return pressLinkButton(context, API.confirmEmailChange, params.token, "/account");
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.valid || actionData?.invalid) {
    return (
      <InvalidLink again="/account" againLabel="Change your email again">
        Only the newest link works, for a day. Ask for the change again from your account.
      </InvalidLink>
    );
  }
  return (
    <LinkButtonCard title="Confirm your new email address" button="Confirm my new address">
      Your account will use the address this link was sent to. Everywhere else you are logged in, you will be logged out.
    </LinkButtonCard>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Confirm your new email address · Launchpad" }];
