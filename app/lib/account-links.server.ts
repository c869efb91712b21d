import { data, type RouterContextProvider } from "react-router";
import { API } from "#schemas/contract/index";
import type { ApiClient } from "./api.server";
import { apiContext } from "./contexts";
import { redirectWithToast } from "./flash.server";
import { requestEnvContext } from "./request-env";

/**
 * Asks the API whether a mailed link works (the API's look-up of that link's token), for the loader of the page it opens.
 * A link that does not work is the page's own answer (404 with the invalid-link page), never an error
 * screen; anything else the API refuses is.
 */
/** The routes that look at a mailed link, and those that use one. */
type LinkCheck = typeof API.checkResetLink | typeof API.checkVerificationLink | typeof API.checkEmailChangeLink;
type LinkUse = typeof API.verifyEmail | typeof API.confirmEmailChange;

export async function checkLink(api: ApiClient, route: LinkCheck, token: string) {
  const result = await api.request(route, { params: { token } });
  if (result.ok) return { valid: true as const };
  if (result.status === 404) return data({ valid: false as const }, { status: 404 });
  throw data(result.body.message, { status: result.status });
}

/** A link page's action after the API refused the link (used, expired or unknown meanwhile): the invalid page. */
export const linkRefused = () => data({ invalid: true as const }, { status: 404 });

/**
 * A link page's button (its POST; a GET of the link changes nothing, so a mail scanner that fetches it does
 * nothing): the token to `route`, then the invalid page if the API refused it, else `signedIn` for a member
 * still logged in, or the login page, with the API's message as a toast.
 */
export async function pressLinkButton(context: Readonly<RouterContextProvider>, route: LinkUse, token: string, signedIn: string) {
  const api = context.get(apiContext);
  const result = await api.request(route, { body: { token } });
  if (!result.ok) return linkRefused();
  const next = (await api.currentUser()) ? signedIn : "/login";
  return redirectWithToast(context.get(requestEnvContext), next, { type: "success", message: result.body.message });
}
