import type { RouterContextProvider } from "react-router";
import { INVITE_PARAM } from "~/components/co-founders/invite-form";
import { API } from "#schemas/contract/index";
import { apiContext } from "~/lib/contexts";
import { redirectWithToast } from "~/lib/flash.server";
import { requestEnvContext } from "~/lib/request-env";

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : undefined);

/**
 * The Invite form's action, shared by find, add and the profile page: forwards to the API and comes back
 * to the same page (its own address, so no open redirect) with a toast saying what happened.
 */
export async function sendInvitation(context: Readonly<RouterContextProvider>, here: URL, formData: FormData) {
  const api = context.get(apiContext);
  const result = await api.request(API.sendCoFounderInvitation, {
    body: {
      co_founder_id: text(formData.get("co_founder_id")),
      message: text(formData.get("message")),
      title: text(formData.get("title")),
      role: text(formData.get("role")),
    },
  });
  // Back to the same page: with the form closed once sent, still open to try again when refused.
  const url = new URL(here); // React Router's own `url`: changed on a copy
  if (result.ok) url.searchParams.delete(INVITE_PARAM);
  const back = url.pathname + url.search;
  const env = context.get(requestEnvContext);
  return redirectWithToast(
    env,
    back,
    result.ok ? { type: "success", message: result.body.message } : { type: "error", message: result.body.message },
  );
}
