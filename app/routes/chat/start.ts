import { redirect } from "react-router";
import { API } from "#schemas/contract/index";
import { parseId } from "#schemas/ids";
import { apiContext } from "~/lib/contexts";
import { redirectWithToast } from "~/lib/flash.server";
import { requestEnvContext } from "~/lib/request-env";
import { safeRedirect } from "~/lib/safe-redirect";
import type { Route } from "./+types/start";

/** Whom the "Message" button names: exactly one of these (the API refuses anything else with 422). */
const TARGETS = ["user_id", "startup_id", "co_founder_id"] as const;

/**
 * The profiles' "Message" button: finds or starts the conversation (the API's `startConversation`)
 * and opens it. A plain form, so it works without JavaScript; a refusal (yourself, someone unknown) goes
 * back to the profile with the API's words as a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), "/chat", request.url);
  const env = context.get(requestEnvContext);
  const target = TARGETS.map((key) => [key, parseId(form.get(key))] as const).find(([, id]) => id !== undefined);
  if (!target) return redirectWithToast(env, back, { type: "error", message: "That request was not understood." });
  const result = await context.get(apiContext).request(API.startConversation, { body: { [target[0]]: target[1] } });
  if (!result.ok) {
    const message = Object.values(result.body.errors ?? {}).flat()[0] ?? result.body.message;
    return redirectWithToast(env, back, { type: "error", message });
  }
  return redirect(`/chat/${result.body.data.id}`);
}

/** Nothing to show at this address: a GET (a typed URL, a reload) goes to the conversations. */
export const loader = () => redirect("/chat");
