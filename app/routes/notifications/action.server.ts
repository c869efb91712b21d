import { data, redirect, type RouterContextProvider } from "react-router";
import { parseId } from "#schemas/ids";
import { API } from "#schemas/contract/index";
import { apiContext } from "~/lib/contexts";
import { redirectWithToast } from "~/lib/flash.server";
import { requestEnvContext } from "~/lib/request-env";
import { safeRedirect } from "~/lib/safe-redirect";

/** What a fetcher gets back (JavaScript on); a plain form post is redirected instead. */
export type NotificationActionData = { ok: true; unread_count: number; message: string } | { ok: false; message: string };

/**
 * Mark one (`intent=read`, `id`) or all (`intent=read-all`) notifications read: from the list page and
 * from the bell. A plain form post (JavaScript off) goes back to `redirectTo` on this site; a fetcher
 * post (`via=fetcher`) gets the new unread count as data.
 */
export async function notificationAction({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  const form = await request.formData();
  const viaFetcher = form.get("via") === "fetcher";
  const back = safeRedirect(form.get("redirectTo"), "/notifications", request.url);
  const env = context.get(requestEnvContext);
  const intent = form.get("intent");
  const id = parseId(form.get("id"));
  const api = context.get(apiContext);
  const call =
    intent === "read-all"
      ? () => api.request(API.markAllNotificationsRead, {})
      : intent === "read" && id !== undefined
        ? () => api.request(API.markNotificationRead, { params: { id } })
        : null;
  if (!call) {
    const message = "That request was not understood.";
    return viaFetcher
      ? data<NotificationActionData>({ ok: false, message }, { status: 400 })
      : redirectWithToast(env, back, { type: "error", message });
  }
  const result = await call();
  if (!result.ok) {
    return viaFetcher
      ? data<NotificationActionData>({ ok: false, message: result.body.message }, { status: result.status })
      : redirectWithToast(env, back, { type: "error", message: result.body.message });
  }
  if (viaFetcher) return data<NotificationActionData>({ ok: true, unread_count: result.body.unread_count, message: result.body.message });
  // Marking one read is quiet; "Mark all as read" says it was done.
  if (intent === "read") return redirect(back);
  return redirectWithToast(env, back, { type: "success", message: result.body.message });
}
