import { redirect } from "react-router";
import { parseId } from "#schemas/ids";
import type { ApiClient } from "~/lib/api.server";
import { loginUrl } from "~/lib/safe-redirect";
import { TWO_FACTOR_SETUP_PAGE } from "~/lib/two-factor";
import type { CurrentUser } from "#schemas/auth";

/** /setup is for a logged-in user whose profile is not set up yet (and after two-factor setup, when their role requires it). */
export async function requireUserWithoutSetup(api: ApiClient, here: URL): Promise<CurrentUser> {
  const user = await api.currentUser();
  if (!user) throw api.hadSession ? await api.sessionExpired() : redirect(loginUrl(here));
  if (user.two_factor_setup_required) throw redirect(TWO_FACTOR_SETUP_PAGE);
  if (user.setup_complete) throw redirect("/");
  return user;
}

/** After setup, to the form the user came for (form_id in the address), otherwise home. */
export function afterSetupPath(here: URL): string {
  const formId = parseId(here.searchParams.get("form_id"));
  return formId === undefined ? "/" : `/form-submission?form_id=${formId}`;
}
