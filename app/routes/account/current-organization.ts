import { redirect } from "react-router";
import { currentOrganizationSchema } from "#schemas/auth";
import { API } from "#schemas/contract/index";
import { pageAfterSwitch } from "~/components/app-shell/organization-switcher";
import { apiContext } from "~/lib/contexts";
import { redirectWithToast } from "~/lib/flash.server";
import { requestEnvContext } from "~/lib/request-env";
import { safeRedirect } from "~/lib/safe-redirect";
import type { Route } from "./+types/current-organization";

/**
 * The header's organization switcher: asks the API to act for the organization chosen (or as oneself) and
 * goes back to the page it was sent from, now showing that organization's data. A plain form, so it works
 * without JavaScript; a refusal comes back as a toast in the API's words.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), "/", request.url);
  const env = context.get(requestEnvContext);
  // One select: read through the schema the API validates with (blank is "myself"; missing is refused).
  const parsed = currentOrganizationSchema.safeParse({ organization_id: form.get("organization_id") ?? undefined });
  if (!parsed.success) return redirectWithToast(env, back, { type: "error", message: parsed.error.issues[0].message });
  const result = await context.get(apiContext).request(API.switchOrganization, { body: parsed.data });
  if (!result.ok) {
    const message = Object.values(result.body.errors ?? {}).flat()[0] ?? result.body.message;
    return redirectWithToast(env, back, { type: "error", message });
  }
  const { user } = result.body;
  const now = user.organizations.find((o) => o.id === user.current_organization_id);
  return redirectWithToast(env, pageAfterSwitch(back, user), {
    type: "success",
    message: now ? `You are now acting for ${now.name}.` : "You are now acting as yourself.",
  });
}

/** Nothing to show at this address: a GET (a typed URL, a reload) goes home. */
export const loader = () => redirect("/");
