/** The setup page's two forms: a startup or organization, and a co-founder profile. */
import { getFormProps, getInputProps, type FieldMetadata, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
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
import { CityCombobox } from "~/components/places/city-combobox";
import { useZodForm } from "~/lib/use-zod-form";
import type { Country } from "#schemas/countries";

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

export function StartupForm({
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

export function CoFounderForm({
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
