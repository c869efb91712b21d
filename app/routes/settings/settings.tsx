import { getFormProps } from "@conform-to/react";
import { parseSubmission } from "~/lib/submission.server";
import { Form, useNavigation } from "react-router";
import { NOTIFICATION_TYPES } from "#schemas/notifications";
import {
  DATE_FORMATS,
  DATE_FORMAT_LABELS,
  LAYOUTS,
  LAYOUT_LABELS,
  NOTIFICATION_LABELS,
  SETTINGS_SAVED,
  THEMES,
  THEME_LABELS,
  settingsSchema,
  type UserSettings,
} from "#schemas/settings";
import { Button } from "~/components/ui/button";
import { FieldErrors, FormErrors } from "~/components/ui/field";
import { ChoiceField } from "~/components/ui/form-fields";
import { Card, PageHeader } from "~/components/ui/layout";
import { apiContext } from "~/lib/contexts";
import { redirectWithToast } from "~/lib/flash.server";
import { replyInvalid, replyWithApiErrors } from "~/lib/forms.server";
import { requestEnvContext } from "~/lib/request-env";
import { timeZones } from "~/lib/time-zones.server";
import { useZodForm } from "~/lib/use-zod-form";
import type { Route } from "./+types/settings";
import { InAppLink } from "~/components/ui/in-app-link";

const BASE = "/api/v1/admin/settings";

export async function loader({ context }: Route.LoaderArgs) {
  const { data: settings } = await context.get(apiContext).load<{ data: UserSettings }>(BASE);
  return { settings, timeZones: timeZones() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseSubmission(await request.formData(), {
    schema: settingsSchema,
  });
  if (submission.status !== "success") return replyInvalid(submission);
  const result = await context.get(apiContext).put<{ message: string }>(BASE, submission.value);
  if (!result.ok) return replyWithApiErrors(submission, result);
  return redirectWithToast(context.get(requestEnvContext), "/settings", {
    type: "success",
    message: SETTINGS_SAVED,
  });
}

const labelled = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, timeZones: zones } = loaderData;
  const navigation = useNavigation();
  const [form, fields] = useZodForm(settingsSchema, {
    id: "settings",
    lastResult: actionData?.result,
    defaultValue: {
      time_zone: settings.time_zone,
      date_format: settings.date_format,
      theme: settings.theme,
      layout: settings.layout,
    },
  });
  const receiving = new Set<string>(settings.notifications);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title="Settings"
        description={
          <>
            How the panel shows dates, looks and tells you things. Your name, email and password are on the{" "}
            <InAppLink to="/account" className="font-medium text-brand-700 underline">
              account screen
            </InAppLink>
            .
          </>
        }
      />
      <Card>
        <Form method="post" className="space-y-5" {...getFormProps(form)}>
          <FormErrors errors={form.errors} />
          <ChoiceField
            field={fields.time_zone}
            label="Time zone"
            hint="Every date and time in the panel is shown in this zone."
            placeholder="Choose a time zone"
            options={zones}
          />
          <ChoiceField
            field={fields.date_format}
            label="Date format"
            placeholder="Choose a date format"
            options={labelled(DATE_FORMATS, DATE_FORMAT_LABELS)}
          />
          <ChoiceField field={fields.theme} label="Theme" placeholder="Choose a theme" options={labelled(THEMES, THEME_LABELS)} />
          <ChoiceField
            field={fields.layout}
            label="Layout"
            hint="Compact folds the navigation away, as on a phone."
            placeholder="Choose a layout"
            options={labelled(LAYOUTS, LAYOUT_LABELS)}
          />
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-700">Notify me when</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {NOTIFICATION_TYPES.map((type) => (
                <label key={type} className="flex items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm">
                  <input type="checkbox" name="notifications" value={type} defaultChecked={receiving.has(type)} />
                  {NOTIFICATION_LABELS[type]}
                </label>
              ))}
            </div>
            <FieldErrors errors={fields.notifications.errors} />
          </fieldset>
          <Button type="submit" pending={navigation.state === "submitting"}>
            Save settings
          </Button>
        </Form>
      </Card>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Settings · Launchpad" }];
