import { parseSubmission } from "~/lib/submission.server";
import { useEffect, useState } from "react";
import { data, Form, Link } from "react-router";
import { toast } from "react-toastify";
import { parseId } from "#schemas/ids";
import { coFounderSetupSchema, startupSetupSchema } from "#schemas/setup";
import { FormErrors } from "~/components/ui/field";
import { Card } from "~/components/ui/layout";
import { InAppLink } from "~/components/ui/in-app-link";
import { buttonClass } from "~/components/ui/button";
import { toApiMultipart } from "#schemas/api-multipart";
import { API } from "#schemas/contract/index";
import { apiContext } from "~/lib/contexts";
import { redirectWithToast } from "~/lib/flash.server";
import { replyWithApiErrors } from "~/lib/forms.server";
import { requestEnvContext } from "~/lib/request-env";
import type { Route } from "./+types/setup";
import { afterSetupPath } from "~/lib/setup-path";
import { requireUserWithoutSetup } from "./setup.server";

import { CoFounderForm, StartupForm } from "~/components/setup/setup-forms";
import { verificationBannerPolicy, VerifyEmailBanner } from "~/components/account/verify-email-banner";
type SetupType = "startup" | "organization" | "co-founder";
const TYPES: { value: SetupType; title: string; text: string }[] = [
  { value: "startup", title: "Startup", text: "A company building a product. Publish events, find co-founders, sell with coupons." },
  { value: "organization", title: "Organization", text: "A hub, accelerator or community that runs events and programmes." },
  { value: "co-founder", title: "Co-founder", text: "An individual looking to start or join a startup." },
];

const STARTUP_FAILED = "Error setting up startup. Make sure you've filled the form correctly";
const PROFILE_FAILED = "Error setting up profile. Make sure you've filled the form correctly";

const parseType = (value: string | null): SetupType | null =>
  value === "startup" || value === "organization" || value === "co-founder" ? value : null;

export async function loader({ url, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const user = await requireUserWithoutSetup(api, url);
  const params = url.searchParams;
  const type = parseType(params.get("type"));
  const countries = type ? (await api.answer(API.listCountries, {})).data : [];
  return {
    // A member of others' teams is here by choice: the panel stays a link away.
    user: { name: user.name, email: user.email, member: user.setup_complete },
    emailVerification: verificationBannerPolicy(user),
    type,
    countries,
    formId: parseId(params.get("form_id")) ?? null,
  };
}

const schemaFor = (type: SetupType) => (type === "co-founder" ? coFounderSetupSchema : startupSetupSchema);

export async function action({ request, url, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  await requireUserWithoutSetup(api, url);
  const formData = await request.formData();
  const type = parseType(String(formData.get("account_type") ?? "")) ?? "co-founder";
  const failure = type === "co-founder" ? PROFILE_FAILED : STARTUP_FAILED;
  const submission = parseSubmission(formData, { schema: schemaFor(type) });
  // Adding or removing a link row (with JavaScript off) is a round trip, not a failure.
  if (submission.status !== "success") {
    const roundTrip = submission.status === undefined;
    return data({ result: submission.reply(), message: roundTrip ? null : failure }, { status: roundTrip ? 200 : 422 });
  }
  const { account_type: _type, ...values } = submission.value as Record<string, unknown>;
  const body = toApiMultipart(type === "co-founder" ? values : { account_type: type, ...values });
  const result =
    type === "co-founder" ? await api.request(API.setUpCoFounderProfile, { body }) : await api.request(API.setUpStartup, { body });
  if (!result.ok) {
    const reply = replyWithApiErrors(submission, result);
    return data({ ...reply.data, message: result.status === 422 ? failure : result.body.message }, reply.init ?? undefined);
  }
  const next = afterSetupPath(url);
  return redirectWithToast(context.get(requestEnvContext), `/setup/complete?next=${encodeURIComponent(next)}`, {
    type: "success",
    message: `${result.body.message}. Redirecting to the admin panel...`,
  });
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const { type, countries, user, formId, emailVerification } = loaderData;
  // With JavaScript on, the browser refuses an invalid form before the server sees it; same message.
  // Kept with the type it was for, so switching to another account type starts clean.
  const [clientFailure, setClientFailure] = useState<{ type: SetupType | null; message: string } | null>(null);
  const failure = (clientFailure?.type === type ? clientFailure.message : null) ?? actionData?.message ?? null;
  const onInvalidSubmit = () => {
    const message = type === "co-founder" ? PROFILE_FAILED : STARTUP_FAILED;
    setClientFailure({ type, message });
    toast.error(message, { toastId: message });
  };
  useEffect(() => {
    setClientFailure(null);
    if (actionData?.message) toast.error(actionData.message, { toastId: actionData.message });
  }, [actionData]);
  return (
    <div className="w-full max-w-3xl space-y-6">
      {emailVerification ? (
        <div className="overflow-hidden rounded-lg border border-amber-300">
          <VerifyEmailBanner email={user.email} policy={emailVerification} />
        </div>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Welcome, {user.name}</h1>
          <p className="text-slate-600">
            {user.member ? "Make a profile of your own, beside the teams you work for." : "Set up your profile to start using Launchpad."}
          </p>
        </div>
        {user.member ? (
          <InAppLink to="/" className={buttonClass("secondary", "sm")}>
            Back to the panel
          </InAppLink>
        ) : (
          // Not this account, or later: the admin panel's menu (and its Log out) opens only after setup.
          <Form method="post" action="/logout">
            <button type="submit" className={buttonClass("secondary", "sm")}>
              Log out
            </button>
          </Form>
        )}
      </div>
      <TypePicker current={type} formId={formId} />
      {type ? (
        <Card>
          {failure ? (
            <div className="mb-4" data-testid="setup-failure">
              <FormErrors errors={[failure]} />
            </div>
          ) : null}
          {type === "co-founder" ? (
            <CoFounderForm countries={countries} lastResult={actionData?.result} onInvalidSubmit={onInvalidSubmit} />
          ) : (
            <StartupForm key={type} type={type} countries={countries} lastResult={actionData?.result} onInvalidSubmit={onInvalidSubmit} />
          )}
        </Card>
      ) : null}
    </div>
  );
}

function TypePicker({ current, formId }: { current: SetupType | null; formId: number | null }) {
  return (
    <nav aria-label="Account type" className="grid gap-3 sm:grid-cols-3">
      {TYPES.map((option) => (
        <Link
          key={option.value}
          to={`?${new URLSearchParams({ type: option.value, ...(formId ? { form_id: String(formId) } : {}) })}`}
          preventScrollReset
          aria-current={current === option.value ? "true" : undefined}
          className={`rounded-lg border bg-white p-4 text-left shadow-sm transition hover:border-brand-500 ${
            current === option.value ? "border-brand-600 ring-2 ring-brand-500" : "border-slate-200"
          }`}
        >
          <span className="block font-semibold">{option.title}</span>
          <span className="mt-1 block text-sm text-slate-600">{option.text}</span>
        </Link>
      ))}
    </nav>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Set up your profile · Launchpad" }];
