import { getFormProps, getInputProps, type FieldMetadata, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { parseSubmission } from "~/lib/submission.server";
import { useEffect, useState } from "react";
import { Form, data, useNavigation, Link } from "react-router";
import { toast } from "react-toastify";
import { parseId } from "#schemas/ids";
import {
  CO_FOUNDER_ROLES,
  COMMITMENTS,
  COMMITMENT_LABELS,
  INDUSTRIES,
  STAGES,
  coFounderSetupSchema,
  startupSetupSchema,
} from "#schemas/setup";
import { CheckboxGroup } from "~/components/co-founders/choice-group";
import { Button, buttonClass } from "~/components/ui/button";
import { FieldErrors, FormErrors, inputClass } from "~/components/ui/field";
import { ChoiceField, InputField, TextareaField } from "~/components/ui/form-fields";
import { Card } from "~/components/ui/layout";
import { CityCombobox } from "~/components/places/city-combobox";
import { useZodForm } from "~/lib/use-zod-form";
import { toApiMultipart } from "#schemas/api-multipart";
import { apiContext } from "~/lib/contexts";
import { redirectWithToast } from "~/lib/flash.server";
import { replyWithApiErrors } from "~/lib/forms.server";
import { requestEnvContext } from "~/lib/request-env";
import type { Country } from "#schemas/countries";
import type { Route } from "./+types/setup";
import { afterSetupPath, requireUserWithoutSetup } from "./setup.server";

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
  const countries = type ? (await api.load<{ data: Country[] }>("/api/country_codes")).data : [];
  return { user: { name: user.name }, type, countries, formId: parseId(params.get("form_id")) ?? null };
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
  const path = type === "co-founder" ? "/api/v1/admin/profiles/setup" : "/api/v1/admin/startups/setup";
  const { account_type: _type, ...values } = submission.value as Record<string, unknown>;
  const body = toApiMultipart(type === "co-founder" ? values : { account_type: type, ...values });
  const result = await api.post<{ message: string }>(path, body);
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
  const { type, countries, user, formId } = loaderData;
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
      <div>
        <h1 className="text-2xl font-bold">Welcome, {user.name}</h1>
        <p className="text-slate-600">Set up your profile to start using Launchpad.</p>
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

type LastResult = SubmissionResult<string[]> | null | undefined;

function CountryField({
  field,
  countries,
}: {
  field: FieldMetadata<string | undefined, Record<string, unknown>, string[]>;
  countries: Country[];
}) {
  const options = countries.map((country) => ({ value: country.code, label: country.name }));
  return <ChoiceField field={field} label="Country" placeholder="Choose a country" options={options} />;
}

function LinksField<Schema extends Record<string, unknown>>({
  form,
  field,
}: {
  form: FormMetadata<Schema, string[]>;
  field: FieldMetadata<(string | undefined)[] | undefined, Schema, string[]>;
}) {
  const items = field.getFieldList();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">Links</legend>
      <p className="text-xs text-slate-500">Social profiles, pitch deck, demo video: any public URL.</p>
      {items.map((item, index) => (
        <div key={item.key} className="flex items-start gap-2">
          <div className="flex-1">
            <input
              className={inputClass}
              aria-label={`Link ${index + 1}`}
              placeholder="https://"
              {...getInputProps(item, { type: "url" })}
            />
            <FieldErrors id={item.errorId} errors={item.errors} />
          </div>
          <button className={buttonClass("ghost", "sm")} {...form.remove.getButtonProps({ name: field.name, index })}>
            Remove
          </button>
        </div>
      ))}
      <FieldErrors id={field.errorId} errors={field.errors} />
      {items.length < 10 ? (
        <button className={buttonClass("secondary", "sm")} {...form.insert.getButtonProps({ name: field.name, defaultValue: "" })}>
          Add link
        </button>
      ) : null}
    </fieldset>
  );
}

function StartupForm({
  type,
  countries,
  lastResult,
  onInvalidSubmit,
}: {
  type: "startup" | "organization";
  countries: Country[];
  lastResult: LastResult;
  onInvalidSubmit(): void;
}) {
  const navigation = useNavigation();
  const [form, fields] = useZodForm(startupSetupSchema, {
    id: `setup-${type}`,
    lastResult,
    defaultValue: { account_type: type, links: [""] },
    onInvalidSubmit,
  });
  const noun = type === "startup" ? "startup" : "organization";
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-5" {...getFormProps(form)}>
      <h2 className="text-lg font-semibold">Your {noun}</h2>
      <FormErrors errors={form.errors} />
      <input {...getInputProps(fields.account_type, { type: "hidden" })} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField field={fields.name} type="text" label="Name" />
        <InputField
          field={fields.username}
          type="text"
          label="Username"
          hint="Your public address: /startups/your-username. Lower-case letters, digits and dashes."
        />
      </div>
      <InputField
        field={fields.logo}
        type="file"
        label="Logo"
        hint="PNG, JPEG, GIF or WebP, up to 2 MB."
        accept="image/png,image/jpeg,image/gif,image/webp"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <CountryField field={fields.country} countries={countries} />
        <CityCombobox field={fields.cityName} label="City" />
      </div>
      <TextareaField field={fields.description} label="Description" />
      <div className="grid gap-4 sm:grid-cols-2">
        <ChoiceField field={fields.industry} label="Industry" placeholder="Choose an industry" options={INDUSTRIES} />
        <ChoiceField
          field={fields.stage}
          label={type === "startup" ? "Stage" : "Stage (optional)"}
          placeholder="Choose a stage"
          options={STAGES}
        />
      </div>
      <InputField field={fields.website} type="url" label="Website (optional)" placeholder="https://" />
      <LinksField form={form} field={fields.links} />
      {type === "startup" ? (
        <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-800">Looking for a co-founder? (optional)</legend>
          <InputField
            field={fields.wanted_skills}
            type="text"
            label="Skills you want"
            hint="Separate skills with commas. Co-founder search ranks people who have them first."
          />
          <CheckboxGroup field={fields.wanted_roles} legend="Roles you want filled" options={CO_FOUNDER_ROLES} />
        </fieldset>
      ) : null}
      <Button type="submit" pending={navigation.state === "submitting"}>
        Save and continue
      </Button>
    </Form>
  );
}

function CoFounderForm({
  countries,
  lastResult,
  onInvalidSubmit,
}: {
  countries: Country[];
  lastResult: LastResult;
  onInvalidSubmit(): void;
}) {
  const navigation = useNavigation();
  const [form, fields] = useZodForm(coFounderSetupSchema, {
    id: "setup-co-founder",
    lastResult,
    defaultValue: { links: [""] },
    onInvalidSubmit,
  });
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-5" {...getFormProps(form)}>
      <h2 className="text-lg font-semibold">Your co-founder profile</h2>
      <FormErrors errors={form.errors} />
      <input type="hidden" name="account_type" value="co-founder" />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField field={fields.name} type="text" label="Name" />
        <InputField
          field={fields.headline}
          type="text"
          label="Headline"
          placeholder="e.g. Backend engineer looking for a product co-founder"
        />
      </div>
      <InputField field={fields.skills} type="text" label="Skills" hint="Separate skills with commas." />
      <div className="grid gap-4 sm:grid-cols-2">
        <CountryField field={fields.country} countries={countries} />
        <CityCombobox field={fields.cityName} label="City" />
      </div>
      <TextareaField field={fields.bio} label="Bio" />
      <InputField
        field={fields.avatar}
        type="file"
        label="Avatar"
        hint="PNG, JPEG, GIF or WebP, up to 2 MB."
        accept="image/png,image/jpeg,image/gif,image/webp"
      />
      <LinksField form={form} field={fields.links} />
      <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-800">What you are looking for (optional, helps startups find you)</legend>
        <CheckboxGroup field={fields.roles} legend="Roles you can take" options={CO_FOUNDER_ROLES} />
        <CheckboxGroup field={fields.industries} legend="Industries" hint="Up to five." options={INDUSTRIES} />
        <div className="grid gap-4 sm:grid-cols-2">
          <ChoiceField
            field={fields.commitment}
            label="Commitment"
            hint="Full time unless you choose otherwise."
            placeholder="Choose…"
            options={COMMITMENTS.map((c) => ({ value: c, label: COMMITMENT_LABELS[c] }))}
          />
          <ChoiceField field={fields.desired_stage} label="Stage you want to join" placeholder="Any stage" options={STAGES} />
        </div>
        <TextareaField field={fields.looking_for} label="Looking for" />
      </fieldset>
      <Button type="submit" pending={navigation.state === "submitting"}>
        Save and continue
      </Button>
    </Form>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Set up your profile · Launchpad" }];
