import { API } from "#schemas/contract/index";
import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { PASSWORD_RESET_DONE, newPasswordSchema } from "#schemas/account-links";
import { InvalidLink, LinkCard } from "~/components/account/link-pages";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { InputField } from "~/components/ui/form-fields";
import { checkLink, linkRefused } from "~/lib/account-links.server";
import { apiContext } from "~/lib/contexts";
import { redirectWithToast } from "~/lib/flash.server";
import { replyInvalid, replyWithApiErrors } from "~/lib/forms.server";
import { requestEnvContext } from "~/lib/request-env";
import { parseSubmission } from "~/lib/submission.server";
import { twoFactorStepUrl } from "~/lib/two-factor";
import { useZodForm } from "~/lib/use-zod-form";
import type { Route } from "./+types/reset-password";

export function loader({ params, context }: Route.LoaderArgs) {
  return checkLink(context.get(apiContext), API.checkResetLink, params.token);
}

/**
 * The new password: the API ends every login of the account and starts this one (its session cookie comes
 * back on this response), so the member lands in the panel, signed in; or, with two-factor sign-in on, on
 * the second step of signing in.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const submission = parseSubmission(await request.formData(), { schema: newPasswordSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  const result = await context.get(apiContext).request(API.resetPassword, { body: { token: params.token, ...submission.value } });
  if (!result.ok) return result.status === 404 ? linkRefused() : replyWithApiErrors(submission, result);
  // Two-factor sign-in on: the new password is set, and the sign-in waits for the code.
  const next = "two_factor" in result.body ? twoFactorStepUrl(undefined) : "/";
  return redirectWithToast(context.get(requestEnvContext), next, { type: "success", message: PASSWORD_RESET_DONE });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useZodForm(newPasswordSchema, {
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
  });
  if (!loaderData.valid || (actionData && "invalid" in actionData)) {
    return (
      <InvalidLink again="/forgot-password" againLabel="Ask for a new link">
        A reset link works once, for an hour. Ask for a new one and use the newest mail.
      </InvalidLink>
    );
  }
  return (
    <LinkCard title="Choose a new password">
      <p className="mb-6 text-slate-600">Setting it logs you out everywhere else and logs you in here.</p>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <FormErrors errors={form.errors} />
        <InputField
          field={fields.password}
          type="password"
          label="New password"
          autoComplete="new-password"
          hint="At least 8 characters."
        />
        <InputField field={fields.password_confirmation} type="password" label="Confirm new password" autoComplete="new-password" />
        <Button type="submit" className="w-full" pending={navigation.state === "submitting"}>
          Set new password
        </Button>
      </Form>
    </LinkCard>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Choose a new password · Launchpad" }];
