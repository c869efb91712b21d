import { API } from "#schemas/contract/index";
import { getFormProps } from "@conform-to/react";
import { Form, data, useNavigation } from "react-router";
import { LINK_LIFETIME_MINUTES, forgotPasswordSchema } from "#schemas/account-links";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { InputField } from "~/components/ui/form-fields";
import { InAppLink } from "~/components/ui/in-app-link";
import { Card } from "~/components/ui/layout";
import { apiContext } from "~/lib/contexts";
import { replyInvalid, replyWithApiErrors } from "~/lib/forms.server";
import { parseSubmission } from "~/lib/submission.server";
import { useZodForm } from "~/lib/use-zod-form";
import type { Route } from "./+types/forgot-password";

/**
 * Asks for a link to choose a new password. The answer is the same whether or not an account has the
 * address (the API's message, shown on the page), so the page tells nobody who has an account.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseSubmission(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  const result = await context.get(apiContext).request(API.forgotPassword, { body: submission.value });
  if (!result.ok) return replyWithApiErrors(submission, result);
  return data({ result: submission.reply({ resetForm: true }), message: result.body.message as string | null, sent: true });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useZodForm(forgotPasswordSchema, { lastResult: actionData?.result });
  const sent = actionData && "sent" in actionData ? actionData.message : null;
  return (
    <Card className="w-full max-w-md">
      <h1 className="mb-1 text-2xl font-bold">Forgot your password?</h1>
      <p className="mb-6 text-slate-600">
        Give the email of your account and we will mail you a link to choose a new password. The link works once, for{" "}
        {LINK_LIFETIME_MINUTES.password_reset} minutes.
      </p>
      {sent ? (
        <p role="status" className="mb-4 rounded-md bg-green-100 p-3 text-sm text-green-800" data-testid="reset-link-sent">
          {sent}
        </p>
      ) : null}
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <FormErrors errors={form.errors} />
        <InputField field={fields.email} type="email" label="Email" autoComplete="email" />
        <Button type="submit" className="w-full" pending={navigation.state === "submitting"}>
          Send me a link
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Remembered it?{" "}
        <InAppLink className="font-medium text-brand-600 hover:underline" to="/login">
          Log in
        </InAppLink>
      </p>
    </Card>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Forgot your password · Launchpad" }];
