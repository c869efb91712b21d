import { type SubmissionResult, getFormProps } from "@conform-to/react";
import { parseSubmission } from "~/lib/submission.server";
import { Form, data, useNavigation } from "react-router";
import { z } from "zod";
import { accountSchema, passwordChangeSchema } from "#schemas/auth";
import { toApiMultipart } from "#schemas/api-multipart";
import { imageField } from "#schemas/fields";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { InputField } from "~/components/ui/form-fields";
import { InAppLink } from "~/components/ui/in-app-link";
import { Card, PageHeader } from "~/components/ui/layout";
import { useDates } from "~/lib/dates";
import { useZodForm } from "~/lib/use-zod-form";
import { apiContext, userContext } from "~/lib/contexts";
import { redirectWithToast } from "~/lib/flash.server";
import { replyWithApiErrors } from "~/lib/forms.server";
import { requestEnvContext } from "~/lib/request-env";
import { API } from "#schemas/contract/index";
import { PendingEmailNotice } from "~/components/account/pending-email";
import type { Route } from "./+types/account";
import { TwoFactorCard } from "./two-factor-card";
import { TWO_FACTOR_FORMS } from "./two-factor-forms";
import { isTwoFactorIntent, twoFactorAction, type TwoFactorActionData } from "./two-factor.server";

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  // The answer the admin layout's middleware already asked for: the page's one API call. Another API
  // (API_URL) may have no such answer, two-factor sign-in or pending address change: the page then goes without them.
  const screen = await context.get(apiContext).screenWithUser(API.accountScreen);
  return {
    user: { name: user.name, email: user.email, avatar_url: user.avatar_url, created_at: user.created_at },
    twoFactor: screen?.two_factor ?? null,
    pendingEmail: screen?.pending_email_change ?? null,
    // Until it is on, the page shows nothing else of the account: the API refuses the rest anyway.
    twoFactorFirst: user.two_factor_setup_required ?? false,
  };
}

const profileSchema = accountSchema.extend({ intent: z.literal("profile"), avatar: imageField("avatar") });
const passwordSchema = passwordChangeSchema.and(z.object({ intent: z.literal("password") }));

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const requested = String(formData.get("intent") ?? "");
  if (isTwoFactorIntent(requested)) return twoFactorAction(requested, formData, context);
  if (requested === "remove-avatar") {
    const removed = await context.get(apiContext).request(API.removeAvatar, {});
    return redirectWithToast(context.get(requestEnvContext), "/account", {
      type: removed.ok ? "success" : "error",
      message: removed.body.message,
    });
  }
  const intent = requested === "password" ? "password" : "profile";
  const submission = parseSubmission(formData, { schema: intent === "password" ? passwordSchema : profileSchema });
  if (submission.status !== "success") return data({ intent, result: submission.reply(), message: null }, { status: 422 });
  const api = context.get(apiContext);
  const { intent: _intent, ...values } = submission.value as Record<string, unknown>;
  let result;
  if (intent === "password") {
    result = await api.request(API.changePassword, { body: values as z.input<typeof passwordChangeSchema> });
  } else {
    result = await api.request(API.updateAccountForm, { body: toApiMultipart({ _method: "PUT", ...values }) });
  }
  if (!result.ok) {
    const reply = replyWithApiErrors(submission, result);
    return data({ intent, ...reply.data }, reply.init ?? undefined);
  }
  return redirectWithToast(context.get(requestEnvContext), "/account", { type: "success", message: result.body.message });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { user, twoFactor, twoFactorFirst } = loaderData;
  const dates = useDates();
  const answer = actionData && isTwoFactorAnswer(actionData) ? actionData : undefined;
  const lastResult = (intent: string) => (actionData?.intent === intent ? (actionData.result as LastResult) : undefined);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title="Account"
        description={`Your name, email, picture, password and two-factor sign-in.${user.created_at ? ` Member since ${dates.day(user.created_at)}.` : ""}`}
      />
      {!twoFactorFirst && loaderData.pendingEmail ? <PendingEmailNotice pending={loaderData.pendingEmail} /> : null}
      {twoFactorFirst ? null : <ProfileCard user={user} lastResult={lastResult("profile")} />}
      {twoFactorFirst ? null : <PasswordCard lastResult={lastResult("password")} />}
      {twoFactor ? <TwoFactorCard status={twoFactor} answer={answer} /> : null}
      {twoFactorFirst ? null : (
        <Card>
          <h2 className="text-lg font-semibold">API tokens</h2>
          <p className="mt-1 text-sm text-slate-600">Let another tool use Launchpad as you, held to the abilities you choose.</p>
          <InAppLink to="/account/tokens" className="mt-3 inline-block text-sm text-brand-600 underline">
            Manage API tokens
          </InAppLink>
        </Card>
      )}
    </div>
  );
}

const isTwoFactorAnswer = (value: { intent: string }): value is TwoFactorActionData => Object.hasOwn(TWO_FACTOR_FORMS, value.intent);

type LastResult = SubmissionResult<string[]> | null | undefined;

function ProfileCard({ user, lastResult }: { user: { name: string; email: string; avatar_url: string | null }; lastResult: LastResult }) {
  const navigation = useNavigation();
  const [form, fields] = useZodForm(profileSchema, {
    id: "account-profile",
    lastResult,
    defaultValue: { name: user.name, email: user.email },
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "profile";
  const removing = navigation.state === "submitting" && navigation.formData?.get("intent") === "remove-avatar";
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold">Profile</h2>
      <Form method="post" encType="multipart/form-data" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="profile" />
        <FormErrors errors={form.errors} />
        <div className="flex items-center gap-4">
          <Avatar name={user.name} url={user.avatar_url} size="size-16" />
          <div className="flex-1">
            <InputField
              field={fields.avatar}
              type="file"
              label="Avatar"
              hint="PNG, JPEG, GIF or WebP, up to 2 MB."
              accept="image/png,image/jpeg,image/gif,image/webp"
            />
          </div>
        </div>
        <InputField field={fields.name} type="text" label="Name" autoComplete="name" />
        <InputField field={fields.email} type="email" label="Email" autoComplete="email" />
        <InputField
          field={fields.current_password}
          type="password"
          label="Current password"
          hint="Needed only when you change your email. A new email is used once you open the link we mail to it."
          autoComplete="current-password"
        />
        <Button type="submit" pending={busy}>
          Save profile
        </Button>
      </Form>
      {user.avatar_url ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="remove-avatar" />
          <Button type="submit" variant="secondary" size="sm" pending={removing}>
            Remove avatar
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}

function PasswordCard({ lastResult }: { lastResult: LastResult }) {
  const navigation = useNavigation();
  const [form, fields] = useZodForm(passwordSchema, {
    id: "account-password",
    lastResult,
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "password";
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold">Password</h2>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="password" />
        <FormErrors errors={form.errors} />
        <InputField field={fields.current_password} type="password" label="Current password" autoComplete="current-password" />
        <InputField
          field={fields.password}
          type="password"
          label="New password"
          autoComplete="new-password"
          hint="At least 8 characters. Your other sessions will be logged out."
        />
        <InputField field={fields.password_confirmation} type="password" label="Confirm new password" autoComplete="new-password" />
        <Button type="submit" pending={busy}>
          Change password
        </Button>
      </Form>
    </Card>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Account · Launchpad" }];
