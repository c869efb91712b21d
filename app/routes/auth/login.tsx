import type { SubmissionResult } from "@conform-to/react";
import { parseSubmission } from "~/lib/submission.server";
import { Form, redirect, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { loginSchema } from "#schemas/auth";
import { API } from "#schemas/contract/index";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { TextField } from "~/components/ui/field";
import { Card } from "~/components/ui/layout";
import { apiContext } from "~/lib/contexts";
import { replyInvalid, replyWithApiErrors } from "~/lib/forms.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { twoFactorStepUrl } from "~/lib/two-factor";
import type { Route } from "./+types/login";
import { InAppLink } from "~/components/ui/in-app-link";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = await context.get(apiContext).currentUser();
  if (user) throw redirect(safeRedirect(url.searchParams.get("redirectTo"), "/", request.url));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const schema = loginSchema.extend({ redirectTo: z.string().optional() });
  const submission = parseSubmission(await request.formData(), { schema });
  if (submission.status !== "success") return replyInvalid(submission);
  const { redirectTo, ...credentials } = submission.value;
  const result = await context.get(apiContext).request(API.login, { body: credentials });
  if (!result.ok) return replyWithApiErrors(submission, result);
  // Two-factor sign-in on: no session yet, the API handed the browser the sign-in waiting for its code.
  if ("two_factor" in result.body) throw redirect(twoFactorStepUrl(redirectTo));
  throw redirect(safeRedirect(redirectTo, "/", request.url));
}

/**
 * The first page most people load, so it ships no validation library: the browser's own checks help
 * (required, type=email), and the server's answer, with its field messages, is the one that counts.
 */
export default function Login({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const result = actionData?.result as SubmissionResult<string[]> | undefined;
  const errors = (name: string) => result?.error?.[name] ?? undefined;
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const email = result?.initialValue?.email;
  return (
    <Card className="w-full max-w-md">
      <h1 className="mb-1 text-2xl font-bold">Log in</h1>
      <p className="mb-6 text-slate-600">Welcome back to Launchpad.</p>
      <Form method="post" className="space-y-4" noValidate>
        <FormErrors errors={errors("")} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          id="login-email"
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          defaultValue={typeof email === "string" ? email : (searchParams.get("email") ?? undefined)}
          errors={errors("email")}
          errorId="login-email-error"
          aria-invalid={errors("email") ? true : undefined}
          aria-describedby={errors("email") ? "login-email-error" : undefined}
        />
        <TextField
          id="login-password"
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          errors={errors("password")}
          errorId="login-password-error"
          aria-invalid={errors("password") ? true : undefined}
          aria-describedby={errors("password") ? "login-password-error" : undefined}
        />
        <Button type="submit" className="w-full" pending={navigation.state === "submitting"}>
          Log in
        </Button>
      </Form>
      <p className="mt-4 text-center text-sm">
        <InAppLink className="font-medium text-brand-600 hover:underline" to="/forgot-password">
          Forgot your password?
        </InAppLink>
      </p>
      <p className="mt-6 text-center text-sm text-slate-600">
        New here?{" "}
        <InAppLink
          className="font-medium text-brand-600 hover:underline"
          to={redirectTo ? `/register?redirectTo=${encodeURIComponent(redirectTo)}` : "/register"}
        >
          Create an account
        </InAppLink>
      </p>
    </Card>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Log in · Launchpad" }];
