import { API } from "#schemas/contract/index";
import { redirect } from "react-router";
import { apiContext } from "~/lib/contexts";
import { redirectWithToast } from "~/lib/flash.server";
import { requestEnvContext } from "~/lib/request-env";
import { safeRedirect } from "~/lib/safe-redirect";
import type { Route } from "./+types/verify-email-resend";

/**
 * The banner's "Resend": a plain form, so it works without JavaScript. Mails a new verification link (the
 * API counts them) and goes back to the page the banner was on, with what happened as a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), "/", request.url);
  const result = await context.get(apiContext).request(API.sendVerificationLink, {});
  return redirectWithToast(context.get(requestEnvContext), back, { type: result.ok ? "success" : "error", message: result.body.message });
}

/** Nothing to show at this address: a GET goes to the home page. */
export const loader = () => redirect("/");
