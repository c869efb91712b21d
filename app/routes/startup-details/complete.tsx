import { getFormProps } from "@conform-to/react";
import { parseSubmission } from "~/lib/submission.server";
import { Form, data, useNavigation } from "react-router";
import { parseId } from "#schemas/ids";
import { DETAIL_CATEGORY_NOT_FOUND, DETAIL_CATEGORY_SCHEMAS, detailCategory, type DetailField } from "#schemas/startup-details";
import { AiSuggest } from "~/components/ai/ai-suggest";
import { startupDetailPrompt } from "~/components/ai/prompts";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { ChoiceField, InputField, TextareaField } from "~/components/ui/form-fields";
import { Card, PageHeader } from "~/components/ui/layout";
import { apiContext } from "~/lib/contexts";
import { redirectWithToast } from "~/lib/flash.server";
import { replyInvalid, replyWithApiErrors } from "~/lib/forms.server";
import { requestEnvContext } from "~/lib/request-env";
import { useZodForm } from "~/lib/use-zod-form";
import type { Route } from "./+types/complete";
import { API } from "#schemas/contract/index";
import { InAppLink } from "~/components/ui/in-app-link";

/** The category named in the path; an unknown one is the 404 screen before any call is made. */
function categoryFrom(params: { detail_category_id: string }) {
  const category = detailCategory(parseId(params.detail_category_id));
  if (!category) throw data(DETAIL_CATEGORY_NOT_FOUND, { status: 404 });
  return category;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const category = categoryFrom(params);
  const answer = await context.get(apiContext).answer(API.showStartupDetails, { params: { category_id: category.id } });
  return answer.category;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const category = categoryFrom(params);
  const submission = parseSubmission(await request.formData(), { schema: DETAIL_CATEGORY_SCHEMAS.get(category.id)! });
  if (submission.status !== "success") return replyInvalid(submission);
  const result = await context
    .get(apiContext)
    .request(API.saveStartupDetails, { params: { category_id: category.id }, body: submission.value });
  if (!result.ok) return replyWithApiErrors(submission, result);
  return redirectWithToast(context.get(requestEnvContext), "/startup-details", { type: "success", message: result.body.message });
}

export default function CompleteStartupDetails({ loaderData: category, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useZodForm(DETAIL_CATEGORY_SCHEMAS.get(category.id)!, {
    id: `startup-details-${category.id}`,
    lastResult: actionData?.result,
    defaultValue: Object.fromEntries(
      Object.entries(category.values).map(([key, value]) => [key, value === null ? undefined : String(value)]),
    ),
  });
  return (
    <div className="mx-auto max-w-3xl">
      <InAppLink to="/startup-details" className="text-sm text-brand-600 hover:underline">
        ← Startup details
      </InAppLink>
      <PageHeader title={category.name} description={category.description} />
      <Card>
        <Form method="post" className="space-y-5" {...getFormProps(form)}>
          <FormErrors errors={form.errors} />
          {category.fields.map((field) => (
            <div key={field.key}>
              <DetailInput field={field} meta={fields[field.key]} />
              {field.type === "long_text" ? (
                <AiSuggest
                  label={field.label}
                  buildPrompt={() =>
                    startupDetailPrompt(
                      category.name,
                      field,
                      form.value ?? {},
                      Object.fromEntries(category.fields.map((f) => [f.key, f.label])),
                    )
                  }
                  onUse={(text) => form.update({ name: fields[field.key].name, value: text })}
                />
              ) : null}
            </div>
          ))}
          <p className="text-xs text-slate-500">Fields marked * are required.</p>
          <div className="flex gap-3">
            <Button type="submit" pending={navigation.state === "submitting"}>
              Save details
            </Button>
            <InAppLink to="/startup-details" className="self-center text-sm text-slate-600 hover:underline">
              Cancel
            </InAppLink>
          </div>
        </Form>
      </Card>
    </div>
  );
}

type FieldMeta = Parameters<typeof InputField>[0]["field"];

/** The input for one field type. No browser-side `required`: the server's per-field message is the one shown. */
function DetailInput({ field, meta }: { field: DetailField; meta: FieldMeta }) {
  const label = `${field.label}${field.required ? " *" : ""}`;
  switch (field.type) {
    case "long_text":
      return <TextareaField field={meta} label={label} hint={field.hint} />;
    case "choice":
      return <ChoiceField field={meta} label={label} hint={field.hint} placeholder="Choose one" options={field.options ?? []} />;
    case "number":
      return <InputField field={meta} type="text" inputMode="decimal" label={label} hint={field.hint} />;
    case "money":
      return (
        <InputField field={meta} type="text" inputMode="decimal" label={label} hint={field.hint ?? "An amount, e.g. 250000 or 1250.50."} />
      );
    case "date":
      return <InputField field={meta} type="date" label={label} hint={field.hint} />;
    case "url":
      return <InputField field={meta} type="url" label={label} hint={field.hint ?? "Starting with https://"} placeholder="https://" />;
    default:
      return <InputField field={meta} type="text" label={label} hint={field.hint} />;
  }
}

export const meta: Route.MetaFunction = ({ data: category }) => [{ title: `${category?.name ?? "Startup details"} · Launchpad` }];
