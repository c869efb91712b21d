import type { SubmissionResult } from "@conform-to/react";
import { Form, redirect, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { API } from "#schemas/contract/index";
import { secondFactorSchema } from "#schemas/two-factor";
import { Button } from "~/components/ui/button";
import { FormErrors, TextField } from "~/components/ui/field";
import { InAppLink } from "~/components/ui/in-app-link";
import { Card } from "~/components/ui/layout";
import { apiContext } from "~/lib/contexts";
import { redirectWithToast } from "~/lib/flash.server";
import { replyInvalid, replyWithApiErrors } from "~/lib/forms.server";
import { requestEnvContext } from "~/lib/request-env";
import { safeRedirect } from "~/lib/safe-redirect";
import { parseSubmission } from "~/lib/submission.server";
import { loginStepUrl } from "~/lib/two-factor";
import type { Route } from "./+types/two-factor";

/**
 * The second step of a sign-in with two-factor on: the API checked the password and handed the browser the
 * sign-in waiting for a code (an HttpOnly cookie). Without one (never logged in, or its few minutes are
 * over) the first step comes again.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const redirectTo = url.searchParams.get("redirectTo");
  if (await api.currentUser()) throw redirect(safeRedirect(redirectTo, "/", request.url));
  if (!(await api.request(API.twoFactorChallengeWaits, {})).ok) throw redirect(loginStepUrl(redirectTo));
  return null;
}

const schema = secondFactorSchema.and(z.object({ redirectTo: z.string().optional() }));

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseSubmission(await request.formData(), { schema });
  if (submission.status !== "success") return replyInvalid(submission);
  const { redirectTo, ...secondFactor } = submission.value;
  const result = await context.get(apiContext).request(API.twoFactorChallenge, { body: secondFactor });
  if (result.ok) throw redirect(safeRedirect(redirectTo, "/", request.url));
  // The sign-in waited too long (or was never started here): from the top, saying why.
  if (result.status === 400) {
    throw await redirectWithToast(context.get(requestEnvContext), loginStepUrl(redirectTo), {
      type: "error",
      message: result.body.message,
    });
  }
  return replyWithApiErrors(submission, result);
}

/** Like the login page, no validation library: the browser's own checks help, the server's answer counts. */
export default function TwoFactorChallenge({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const result = actionData?.result as SubmissionResult<string[]> | undefined;
  const errors = (name: string) => result?.error?.[name] ?? undefined;
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const submitting = (field: string) => navigation.state === "submitting" && navigation.formData?.has(field);
  return (
    <Card className="w-full max-w-md">
      <h1 className="mb-1 text-2xl font-bold">Two-factor authentication</h1>
      <p className="mb-6 text-slate-600">Enter the 6-digit code your authenticator app shows for Launchpad.</p>
      <Form method="post" className="space-y-4" noValidate>
        <FormErrors errors={errors("")} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          id="two-factor-code"
          name="code"
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          errors={errors("code")}
          errorId="two-factor-code-error"
          aria-invalid={errors("code") ? true : undefined}
          aria-describedby={errors("code") ? "two-factor-code-error" : undefined}
        />
        <Button type="submit" className="w-full" pending={submitting("code")}>
          Verify
        </Button>
      </Form>
      <details className="mt-6" open={errors("recovery_code") ? true : undefined}>
        <summary className="cursor-pointer text-sm font-medium text-brand-700">Lost your device? Use a recovery code</summary>
        <Form method="post" className="mt-4 space-y-4">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField
            id="two-factor-recovery-code"
            name="recovery_code"
            label="Recovery code"
            autoComplete="off"
            spellCheck={false}
            required
            hint="One of the ten codes you kept when you turned two-factor on. Each works once."
            errors={errors("recovery_code")}
            errorId="two-factor-recovery-code-error"
            aria-invalid={errors("recovery_code") ? true : undefined}
            aria-describedby={errors("recovery_code") ? "two-factor-recovery-code-error" : undefined}
          />
          <Button type="submit" variant="secondary" className="w-full" pending={submitting("recovery_code")}>
            Use recovery code
          </Button>
        </Form>
      </details>
      <p className="mt-6 text-center text-sm text-slate-600">
        <InAppLink className="font-medium text-brand-600 hover:underline" to={loginStepUrl(redirectTo)}>
          Back to log in
        </InAppLink>
      </p>
    </Card>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Two-factor authentication · Launchpad" }];
