import { data, type RouterContextProvider } from "react-router";
import { followSchema } from "#schemas/follows";
import { API } from "#schemas/contract/index";
import type { FollowActionData } from "~/components/community/follow-button";
import { apiContext } from "~/lib/contexts";
import { redirectWithToast } from "~/lib/flash.server";
import { requestEnvContext } from "~/lib/request-env";
import { safeRedirect } from "~/lib/safe-redirect";

const NOT_UNDERSTOOD = "That request was not understood.";

/** Back to the page the button was on (the form posts to the page's own URL, `url` is it without React Router's markers). */
function pageOf(url: URL): string {
  return safeRedirect(url.pathname + url.search, "/startups", url.href);
}

/**
 * The Follow/Unfollow button's action, shared by the directory and the profile. A fetcher post (marked
 * `via=fetcher` once the page is hydrated) gets the API's answer as data, for the optimistic count to
 * settle on; a plain form post (JavaScript off) is redirected back with the toast in the flash cookie.
 */
export async function followAction({ request, url, context }: { request: Request; url: URL; context: Readonly<RouterContextProvider> }) {
  const api = context.get(apiContext);
  const env = context.get(requestEnvContext);
  const form = await request.formData();
  const viaFetcher = form.get("via") === "fetcher";
  const back = pageOf(url);
  const fail = (message: string, status: number) =>
    viaFetcher ? data<FollowActionData>({ error: true, message }, { status }) : redirectWithToast(env, back, { type: "error", message });

  const intent = form.get("intent");
  const parsed = followSchema.safeParse({ followee_id: form.get("followee_id"), followee_type: form.get("followee_type") });
  if ((intent !== "follow" && intent !== "unfollow") || !parsed.success) return fail(NOT_UNDERSTOOD, 400);

  const result = await api.request(intent === "follow" ? API.follow : API.unfollow, { body: parsed.data });
  if (!result.ok) {
    const firstError = result.body.errors ? Object.values(result.body.errors).flat()[0] : undefined;
    return fail(firstError ?? result.body.message, result.status);
  }
  if (viaFetcher) return data<FollowActionData>(result.body);
  return redirectWithToast(env, back, { type: "success", message: result.body.message });
}
