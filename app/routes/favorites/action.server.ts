import { data } from "react-router";
import { favoriteToggleSchema } from "#schemas/favorites";
import { API } from "#schemas/contract/index";
import type { FavoriteToggleResult } from "~/components/favorites/favorite-toggle";
import type { ApiClient } from "~/lib/api.server";
import { redirectWithToast } from "~/lib/flash.server";
import type { RequestEnv } from "~/lib/request-env";
import { safeRedirect } from "~/lib/safe-redirect";

const NOT_UNDERSTOOD = "That request was not understood.";

/**
 * The star toggle's post (FavoriteToggle, and Remove on /favorites). From a fetcher (JavaScript on) it answers
 * data, and the page's loaders revalidate; from a plain form it redirects back to `redirect_to` with a toast.
 */
export async function toggleFavorite(request: Request, api: ApiClient, env: RequestEnv) {
  const form = Object.fromEntries(await request.formData());
  const parsed = favoriteToggleSchema.safeParse(form);
  const back = safeRedirect(typeof form.redirect_to === "string" ? form.redirect_to : null, "/favorites", request.url);
  const viaFetcher = form.via === "fetcher";
  if (!parsed.success) {
    if (viaFetcher) return data<FavoriteToggleResult>({ error: true, message: NOT_UNDERSTOOD }, { status: 400 });
    return redirectWithToast(env, back, { type: "error", message: NOT_UNDERSTOOD });
  }
  const { intent, favoritable_type, favoritable_id } = parsed.data;
  const body = { favoritable_type, favoritable_id };
  const result = await api.request(intent === "add" ? API.addFavorite : API.removeFavorite, { body });
  if (!result.ok) {
    // A 422 names the field; what the user needs is the reason (e.g. the item no longer exists).
    const message = result.status === 422 ? "This item can no longer be saved." : result.body.message;
    if (viaFetcher) return data<FavoriteToggleResult>({ error: true, message }, { status: result.status });
    return redirectWithToast(env, back, { type: "error", message });
  }
  if (viaFetcher) return data<FavoriteToggleResult>({ message: result.body.message, is_favorited: result.body.is_favorited });
  return redirectWithToast(env, back, { type: "success", message: result.body.message });
}
