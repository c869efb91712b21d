import { getFormProps } from "@conform-to/react";
import { parseSubmission } from "~/lib/submission.server";
import { Form, redirect, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { registerSchema } from "#schemas/auth";
import { API } from "#schemas/contract/index";
import { setupPathFor } from "~/lib/setup-path";
import { loginStepUrl } from "~/lib/two-factor";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { InputField } from "~/components/ui/form-fields";
import { Card } from "~/components/ui/layout";
import { useZodForm } from "~/lib/use-zod-form";
import { apiContext } from "~/lib/contexts";
import { replyInvalid, replyWithApiErrors } from "~/lib/forms.server";
import { safeRedirect } from "~/lib/safe-redirect";
import type { Route } from "./+types/register";
import { InAppLink } from "~/components/ui/in-app-link";

export async function loader({ context }: Route.LoaderArgs) {
  if (await context.get(apiContext).currentUser()) throw redirect("/");
  return null;
}

const schema = z.intersection(registerSchema, z.object({ redirectTo: z.string().optional() }));

export async function action({ request, url, context }: Route.ActionArgs) {
  const submission = parseSubmission(await request.formData(), { schema });
  if (submission.status !== "success") return replyInvalid(submission);
  const { redirectTo, ...account } = submission.value;
  const result = await context.get(apiContext).request(API.register, { body: account });
  if (!result.ok) return replyWithApiErrors(submission, result);
  // A new account has no profile yet: setup comes first, and keeps where the user was headed.
  throw redirect(setupPathFor(new URL(safeRedirect(redirectTo, "/", url.href), url)));
}

export default function Register({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(schema, {
    lastResult: actionData?.result,
    // An invitation's page sends its address along.
    defaultValue: { email: searchParams.get("email") ?? undefined },
  });
  return (
    <Card className="w-full max-w-md">
      <h1 className="mb-1 text-2xl font-bold">Create your account</h1>
      <p className="mb-6 text-slate-600">Start with your account; you will set up your profile next.</p>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <FormErrors errors={form.errors} />
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <InputField field={fields.name} type="text" label="Name" autoComplete="name" />
        <InputField field={fields.email} type="email" label="Email" autoComplete="email" />
        <InputField field={fields.password} type="password" label="Password" autoComplete="new-password" hint="At least 8 characters." />
        <InputField field={fields.password_confirmation} type="password" label="Confirm password" autoComplete="new-password" />
        <Button type="submit" className="w-full" pending={navigation.state === "submitting"}>
          Create account
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account?{" "}
        <InAppLink className="font-medium text-brand-600 hover:underline" to={loginStepUrl(searchParams.get("redirectTo"))}>
          Log in
        </InAppLink>
      </p>
    </Card>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Register · Launchpad" }];
