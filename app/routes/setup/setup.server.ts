import { redirect } from "react-router";
import type { ApiClient } from "~/lib/api.server";
import { loginUrl } from "~/lib/safe-redirect";
import { TWO_FACTOR_SETUP_PAGE } from "~/lib/two-factor";
import type { CurrentUser } from "#schemas/auth";

/** /setup is for a logged-in user whose profile is not set up yet (and after two-factor setup, when their role requires it). */
export async function requireUserWithoutSetup(api: ApiClient, here: URL): Promise<CurrentUser> {
  const user = await api.currentUser();
  if (!user) throw api.hadSession ? await api.sessionExpired() : redirect(loginUrl(here));
  if (user.two_factor_setup_required) throw redirect(TWO_FACTOR_SETUP_PAGE);
  // A member of others' teams is set up, and may still make a profile of their own here.
  if (user.has_own_profile) throw redirect("/");
  return user;
}
