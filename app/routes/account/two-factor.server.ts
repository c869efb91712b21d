import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import { API } from "#schemas/contract/index";
import type { BodyOf } from "#schemas/contract/route";
import type { RecoveryCodesAnswer } from "#schemas/two-factor";
import { apiContext } from "~/lib/contexts";
import { redirectWithToast } from "~/lib/flash.server";
import { replyWithApiErrors } from "~/lib/forms.server";
import { requestEnvContext } from "~/lib/request-env";
import { parseSubmission } from "~/lib/submission.server";
import { TWO_FACTOR_FORMS, type TwoFactorIntent } from "./two-factor-forms";

export const isTwoFactorIntent = (intent: string): intent is TwoFactorIntent => Object.hasOwn(TWO_FACTOR_FORMS, intent);

/** What the two-factor forms answer when they stay on the page: the form's result, and new recovery codes once. */
export interface TwoFactorActionData {
  intent: TwoFactorIntent;
  result: SubmissionResult<string[]>;
  message: string | null;
  recoveryCodes?: string[];
}

/**
 * The account page's two-factor forms, each forwarded to its API call. Starting the setup and turning it off
 * come back to the page with a toast; turning it on and new recovery codes answer the codes on the page
 * itself, the one time they are shown (never through a cookie or a redirect).
 */
export async function twoFactorAction(intent: TwoFactorIntent, formData: FormData, context: Readonly<RouterContextProvider>) {
  const submission = parseSubmission(formData, { schema: TWO_FACTOR_FORMS[intent] });
  if (submission.status !== "success") {
    return data<TwoFactorActionData>({ intent, result: submission.reply(), message: null }, { status: 422 });
  }
  const api = context.get(apiContext);
  const { intent: _intent, ...values } = submission.value as Record<string, unknown>;
  // Each form's schema is its route's body with the intent beside it (TWO_FACTOR_FORMS).
  const result =
    intent === "two-factor-start"
      ? await api.request(API.startTwoFactor, {})
      : intent === "two-factor-confirm"
        ? await api.request(API.confirmTwoFactor, { body: values as BodyOf<typeof API.confirmTwoFactor> })
        : intent === "recovery-codes"
          ? await api.request(API.renewRecoveryCodes, { body: values as BodyOf<typeof API.renewRecoveryCodes> })
          : await api.request(API.disableTwoFactor, { body: values as BodyOf<typeof API.disableTwoFactor> });
  if (!result.ok) {
    const reply = replyWithApiErrors(submission, result);
    return data<TwoFactorActionData>({ intent, ...reply.data }, reply.init ?? undefined);
  }
  if ("recovery_codes" in result.body) {
    const { message, recovery_codes } = result.body as RecoveryCodesAnswer;
    return data<TwoFactorActionData>({ intent, result: submission.reply({ resetForm: true }), message, recoveryCodes: recovery_codes });
  }
  return redirectWithToast(context.get(requestEnvContext), "/account", { type: "success", message: result.body.message });
}
