import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
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
  const result =
    intent === "two-factor-start"
      ? await api.post<{ message: string }>("/api/user/two-factor")
      : intent === "two-factor-confirm"
        ? await api.post<RecoveryCodesAnswer>("/api/user/two-factor/confirm", values)
        : intent === "recovery-codes"
          ? await api.post<RecoveryCodesAnswer>("/api/user/two-factor/recovery-codes", values)
          : await api.call<{ message: string }>("DELETE", "/api/user/two-factor", values);
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
