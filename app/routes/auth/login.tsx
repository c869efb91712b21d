import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { loginSchema } from "../../../schemas/auth";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { InputField } from "~/components/ui/form-fields";
import { Card } from "~/components/ui/layout";
import { useZodForm } from "~/lib/use-zod-form";
import { apiContext } from "~/lib/contexts";
import { replyInvalid, replyWithApiErrors } from "~/lib/forms.server";
import { safeRedirect } from "~/lib/safe-redirect";
import type { Route } from "./+types/login";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await context.get(apiContext).currentUser();
  if (user) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/", request.url));
  return null;
}

const schema = loginSchema.extend({ redirectTo: z.string().optional() });

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return replyInvalid(submission);
  const { redirectTo, ...credentials } = submission.value;
  const result = await context.get(apiContext).post("/api/login", credentials);
  if (!result.ok) return replyWithApiErrors(submission, result);
  throw redirect(safeRedirect(redirectTo, "/", request.url));
}

export default function Login({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(schema, {
    lastResult: actionData?.result,
  });
  const redirectTo = searchParams.get("redirectTo") ?? "";
  return (
    <Card className="w-full max-w-md">
      <h1 className="mb-1 text-2xl font-bold">Log in</h1>
      <p className="mb-6 text-slate-600">Welcome back to Launchpad.</p>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <FormErrors errors={form.errors} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <InputField field={fields.email} label="Email" type="email" autoComplete="email" />
        <InputField field={fields.password} label="Password" type="password" autoComplete="current-password" />
        <Button type="submit" className="w-full" pending={navigation.state === "submitting"}>
          Log in
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        New here?{" "}
        <Link className="font-medium text-brand-600 hover:underline" to={redirectTo ? `/register?redirectTo=${encodeURIComponent(redirectTo)}` : "/register"}>
          Create an account
        </Link>
      </p>
    </Card>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Log in · Launchpad" }];
